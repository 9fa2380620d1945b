// The owner is told why a memory of their memorial was hidden (issue 15 §4).
import { composeMail } from '../../mail/layout';
import type { MailMessage } from '../../mail/mailer';

const EXCERPT_MAX = 200;

export function postHiddenMail(input: {
  to: string;
  ownerName: string;
  memorialName: string;
  authorName: string;
  postText: string;
  hasMedia: boolean;
  reason: string;
  publicUrl: string;
  contactEmail: string;
}): MailMessage {
  const text = input.postText.trim();
  const excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
  const what = excerpt || (input.hasMedia ? '(una foto o un video, sin texto)' : '');
  return composeMail({
    to: input.to,
    kind: 'post-hidden',
    subject: `Ocultamos un recuerdo del perfil de ${input.memorialName}`,
    greeting: `Hola, ${input.ownerName}:`,
    paragraphs: [
      `Un visitante reportó un recuerdo del perfil de ${input.memorialName}. Lo revisamos y decidimos ocultarlo: ya no lo ve nadie más que tú.`,
      `El motivo: ${input.reason}`,
      'No lo borramos. Lo sigues viendo en tu cuenta, marcado como oculto, y puedes eliminarlo cuando quieras.',
      `Si crees que es un error, respóndenos a ${input.contactEmail} y lo revisaremos de nuevo.`,
    ],
    details: [
      { label: 'Autor', value: input.authorName },
      { label: 'Recuerdo', value: what },
    ],
    action: { label: 'Ver mi cuenta', url: `${input.publicUrl}/account` },
  });
}
