// The e-mails of access requests (issue 29): the family is told of a request (one by one up to the
// day's number, then in one daily summary), the person let in receives their personal link, and a
// declined person, if the family chooses, a gentle line.
import type { MailMessage } from '../../mail/mailer';
import { composeMail } from '../../mail/layout';
import { ACCESS_REQUEST_LIMITS } from '@recuerdos/shared/access-requests';

interface Owner {
  email: string;
  name: string;
}

const answerUrl = (publicUrl: string) => `${publicUrl}/account#solicitudes-de-acceso`;
const FAMILY_FOOTNOTE = `Recibes este correo porque administras este memorial. Si nadie responde una solicitud en ${ACCESS_REQUEST_LIMITS.keepDays} días, la borramos con sus datos. Si no conoces a quien la envió, puedes rechazarla o bloquear su correo.`;

export function requestMail(publicUrl: string, owner: Owner, fullname: string, request: { name: string; email: string; message: string }): MailMessage {
  return composeMail({
    to: owner.email,
    kind: 'access-request',
    subject: `${request.name} te pide acceso al memorial de ${fullname}`,
    greeting: `Hola, ${owner.name}:`,
    paragraphs: [
      `${request.name} (${request.email}) no tiene el código del memorial de ${fullname}, que es privado, y te pide acceso.`,
      'Si le das acceso, le enviaremos un enlace personal que abre el memorial sin el código. Podrás quitárselo cuando quieras.',
    ],
    details: request.message ? [{ label: 'Su mensaje', value: request.message }] : undefined,
    action: { label: 'Responder la solicitud', url: answerUrl(publicUrl) },
    footnote: FAMILY_FOOTNOTE,
  });
}

export function summaryMail(publicUrl: string, owner: Owner, fullname: string, requests: { name: string; email: string; message: string }[]): MailMessage {
  const count = requests.length;
  return composeMail({
    to: owner.email,
    kind: 'access-request-summary',
    subject: `${count} ${count === 1 ? 'persona más te pide' : 'personas más te piden'} acceso al memorial de ${fullname}`,
    greeting: `Hola, ${owner.name}:`,
    paragraphs: [
      `Ayer llegaron más solicitudes de acceso al memorial de ${fullname} de las que te avisamos una por una. Aquí están todas juntas:`,
    ],
    details: requests.map((r) => ({ label: `${r.name} (${r.email})`, value: r.message || 'Sin mensaje' })),
    action: { label: 'Responder las solicitudes', url: answerUrl(publicUrl) },
    footnote: FAMILY_FOOTNOTE,
  });
}

export function personalLinkMail(person: { name: string; email: string }, fullname: string, link: string): MailMessage {
  return composeMail({
    to: person.email,
    kind: 'access-granted',
    subject: `Ya puedes visitar el memorial de ${fullname}`,
    greeting: `Hola, ${person.name}:`,
    paragraphs: [
      `La familia de ${fullname} te dio acceso a su memorial.`,
      'Este enlace es solo para ti: abre el memorial sin el código. No lo reenvíes; si lo abres en otro equipo, se cierra en el anterior.',
    ],
    action: { label: 'Visitar el memorial', url: link },
    footnote: 'Recibes este correo porque pediste acceso a este memorial. Guardamos tu nombre y tu correo mientras tengas acceso; la familia puede quitártelo cuando quiera.',
  });
}

export function declinedMail(person: { name: string; email: string }, fullname: string): MailMessage {
  return composeMail({
    to: person.email,
    kind: 'access-declined',
    subject: `Sobre tu solicitud para el memorial de ${fullname}`,
    greeting: `Hola, ${person.name}:`,
    paragraphs: [`La familia de ${fullname} prefiere mantener su memorial solo para quienes tienen el código. Gracias por recordarle con cariño.`],
    footnote: 'Recibes este correo porque pediste acceso a este memorial. Ya borramos tu solicitud y tus datos; no te escribiremos de nuevo.',
  });
}
