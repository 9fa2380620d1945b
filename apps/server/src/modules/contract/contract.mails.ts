// The e-mails of the contracts feature, in Spanish, with the product's look (mail/layout.ts):
// the activation link (sent by the operator CLI) and the 'contract approved notification'.
import type { MailMessage } from '../../mail/mailer';
import { postDate } from '@recuerdos/shared/format';
import { composeMail } from '../../mail/layout';

export const CONTRACT_APPROVED_SUBJECT = 'Notificación de contrato aprobado';

export function contractActivationMail(params: {
  to: string;
  name: string;
  number: string;
  person: string;
  activationUrl: string;
  /** The funeral home that registered it with the family (issue 30 §2). */
  soldBy?: string | undefined;
}): MailMessage {
  return composeMail({
    to: params.to,
    kind: 'contract-activation',
    subject: 'Activa tu contrato de Recuerdos',
    greeting: `Hola, ${params.name}:`,
    paragraphs: [
      params.soldBy
        ? `${params.soldBy} registró contigo el memorial de ${params.person} en Recuerdos. Gracias por confiarnos su memoria: el memorial es tuyo y de tu familia.`
        : `Gracias por confiar en Recuerdos para honrar la memoria de ${params.person}.`,
      `Registramos tu contrato N.° ${params.number}. Para activarlo, abre el siguiente enlace. Es válido durante 7 días.`,
      `Cuando lo actives te enviaremos un correo titulado «${CONTRACT_APPROVED_SUBJECT}» con los pasos para ingresar a tu cuenta.`,
    ],
    action: { label: 'Activar mi contrato', url: params.activationUrl },
    details: [
      { label: 'Contrato', value: params.number },
      { label: 'Perfil', value: params.person },
    ],
    footnote: 'Si no reconoces este contrato, responde a este correo y lo revisaremos.',
  });
}

export function contractApprovedMail(params: {
  to: string;
  name: string;
  number: string;
  person: string;
  guestUrl: string;
  loginUrl: string;
  /** A first-password link when the account has no password yet. */
  setPasswordUrl: string | null;
}): MailMessage {
  const paragraphs = [`Tu contrato N.° ${params.number} fue activado. El perfil de ${params.person} ya está listo.`];
  if (params.setPasswordUrl) {
    paragraphs.push(
      'Para ingresar a tu cuenta, primero crea tu contraseña con el siguiente enlace. Es válido durante 24 horas y solo puede usarse una vez; si vence, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    );
  } else {
    paragraphs.push(
      `Ingresa con tu correo electrónico (${params.to}) y tu contraseña para completar los datos, subir fotos y compartir el perfil con tu familia.`,
    );
  }
  paragraphs.push('Disfruta tu servicio.');
  return composeMail({
    to: params.to,
    kind: 'contract-approved',
    subject: CONTRACT_APPROVED_SUBJECT,
    greeting: `Hola, ${params.name}:`,
    paragraphs,
    action: params.setPasswordUrl
      ? { label: 'Crear mi contraseña', url: params.setPasswordUrl }
      : { label: 'Ingresar a mi cuenta', url: params.loginUrl },
    details: [
      { label: 'Contrato', value: params.number },
      { label: 'Perfil', value: params.person },
      { label: 'Enlace para tus visitantes', value: params.guestUrl },
    ],
  });
}

/** The notices of the end of service (issue 16 §2): 30 and 7 days before, and once it has ended. */
export function contractEndingMail(params: {
  to: string;
  name: string;
  number: string;
  person: string;
  expiresOn: string;
  daysLeft: number | null;
  contact: { phone: string; email: string };
  accountUrl: string;
}): MailMessage {
  const ended = params.daysLeft === null;
  const date = postDate(params.expiresOn);
  const when = ended ? `venció el ${date}` : params.daysLeft === 1 ? `vence mañana, ${date}` : `vence en ${params.daysLeft} días, el ${date}`;
  return composeMail({
    to: params.to,
    kind: ended ? 'contract-expired' : 'contract-ending',
    subject: ended ? 'Tu servicio de Recuerdos ha vencido' : `Tu servicio de Recuerdos vence el ${date}`,
    greeting: `Hola, ${params.name}:`,
    paragraphs: [
      `Tu contrato N.° ${params.number}, del memorial de ${params.person}, ${when}.`,
      ended
        ? 'El memorial sigue visible para tus visitantes, pero no podrás publicar ni aprobar recuerdos nuevos hasta renovarlo.'
        : 'Cuando venza, el memorial seguirá visible para tus visitantes, pero no podrás publicar ni aprobar recuerdos nuevos hasta renovarlo.',
      `Para renovarlo, comunícate con nosotros al ${params.contact.phone} o a ${params.contact.email}.`,
    ],
    action: { label: 'Ir a mi cuenta', url: params.accountUrl },
    details: [
      { label: 'Contrato', value: params.number },
      { label: 'Último día de servicio', value: date },
    ],
  });
}
