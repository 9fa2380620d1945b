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

/** Whom a mail about their own memory goes to: the visitor who left an address with it. */
interface VisitorMail {
  to: string;
  authorName: string;
  memorialName: string;
  guestUrl: string;
}

/** A mail to that visitor: greeted by name, a link back to the memorial, and why they receive it. */
function mailToVisitor(input: VisitorMail, mail: { kind: string; subject: string; paragraphs: string[]; actionLabel: string }): MailMessage {
  return composeMail({
    to: input.to,
    kind: mail.kind,
    subject: mail.subject,
    greeting: `Hola, ${input.authorName}:`,
    paragraphs: mail.paragraphs,
    action: { label: mail.actionLabel, url: input.guestUrl },
    footnote: 'Recibes este correo porque dejaste tu dirección al compartir tu recuerdo.',
  });
}

export function approvedPostMail(input: VisitorMail): MailMessage {
  return mailToVisitor(input, {
    kind: 'guest-post-approved',
    subject: `Tu recuerdo ya está en el memorial de ${input.memorialName}`,
    paragraphs: [
      `Gracias por compartir tu recuerdo de ${input.memorialName}. La familia lo aprobó y ahora forma parte de su memorial.`,
      'Puedes visitarlo cuando quieras.',
    ],
    actionLabel: 'Ver el memorial',
  });
}

/** Issue 26 §3: the visitor's video could not be converted after every attempt; their memory is gone. */
export function videoFailedMail(input: VisitorMail & { reason: string }): MailMessage {
  return mailToVisitor(input, {
    kind: 'guest-post-video-failed',
    subject: `No pudimos publicar tu video en el memorial de ${input.memorialName}`,
    paragraphs: [
      `${input.reason}.`,
      `Tu recuerdo no se guardó, para que puedas compartirlo otra vez en el memorial de ${input.memorialName}.`,
    ],
    actionLabel: 'Volver al memorial',
  });
}
