// The e-mails of the guest-post life cycle (DESIGN §7; issue 26: a video that could not be converted).
import { composeMail } from '../../mail/layout';
import type { MailMessage } from '../../mail/mailer';

export function pendingPostMail(input: {
  to: string;
  ownerName: string;
  memorialName: string;
  authorName: string;
  publicUrl: string;
}): MailMessage {
  return composeMail({
    to: input.to,
    kind: 'guest-post-pending',
    subject: `Un nuevo recuerdo de ${input.authorName} espera tu aprobación`,
    greeting: `Hola, ${input.ownerName}:`,
    paragraphs: [
      `${input.authorName} compartió un recuerdo en el memorial de ${input.memorialName}.`,
      'Revísalo y, si estás de acuerdo, apruébalo para que aparezca en el perfil.',
    ],
    action: { label: 'Ver mensajes pendientes', url: `${input.publicUrl}/account/notifications` },
    footnote: 'Recibes este correo porque tienes activadas las notificaciones de este perfil.',
  });
}

export function approvedPostMail(input: {
  to: string;
  authorName: string;
  memorialName: string;
  guestUrl: string;
}): MailMessage {
  return composeMail({
    to: input.to,
    kind: 'guest-post-approved',
    subject: `Tu recuerdo ya está en el memorial de ${input.memorialName}`,
    greeting: `Hola, ${input.authorName}:`,
    paragraphs: [
      `Gracias por compartir tu recuerdo de ${input.memorialName}. La familia lo aprobó y ahora forma parte de su memorial.`,
      'Puedes visitarlo cuando quieras.',
    ],
    action: { label: 'Ver el memorial', url: input.guestUrl },
    footnote: 'Recibes este correo porque dejaste tu dirección al compartir tu recuerdo.',
  });
}

/** Issue 26 §3: the visitor's video could not be converted after every attempt; their memory is gone. */
export function videoFailedMail(input: { to: string; authorName: string; memorialName: string; reason: string; guestUrl: string }): MailMessage {
  return composeMail({
    to: input.to,
    kind: 'guest-post-video-failed',
    subject: `No pudimos publicar tu video en el memorial de ${input.memorialName}`,
    greeting: `Hola, ${input.authorName}:`,
    paragraphs: [
      `${input.reason}.`,
      `Tu recuerdo no se guardó, para que puedas compartirlo otra vez en el memorial de ${input.memorialName}.`,
    ],
    action: { label: 'Volver al memorial', url: input.guestUrl },
    footnote: 'Recibes este correo porque dejaste tu dirección al compartir tu recuerdo.',
  });
}
