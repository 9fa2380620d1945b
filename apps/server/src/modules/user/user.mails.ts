// The e-mails of the accounts feature, in Spanish, with the product's look (mail/layout.ts).
import type { MailMessage } from '../../mail/mailer';
import { composeMail } from '../../mail/layout';

export function passwordResetMail(params: { to: string; name: string; url: string }): MailMessage {
  return composeMail({
    to: params.to,
    kind: 'password-reset',
    subject: 'Crea una nueva contraseña para Recuerdos',
    greeting: `Hola, ${params.name}:`,
    paragraphs: [
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta en Recuerdos.',
      'Para elegir una nueva contraseña, abre el siguiente enlace. Es válido durante 1 hora y solo puede usarse una vez.',
    ],
    action: { label: 'Crear nueva contraseña', url: params.url },
    footnote: 'Si no pediste este cambio, puedes ignorar este correo: tu contraseña actual sigue siendo la misma.',
  });
}
