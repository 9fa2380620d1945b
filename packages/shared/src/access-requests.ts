// A relative without the access code asks the family (issue 29 §1–3): the visitor's form on a private
// memorial's code screen, the owner's answers (let in with a personal link, decline, block, take access
// back), their Spanish messages and limits, and the consent the request asks for (Ley N.° 29733).
import { z } from './zod';
import { emailField, identifierField, requiredText } from './fields';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { cleanMultiline } from './text';

export const ACCESS_REQUEST_LIMITS = {
  messageMax: 300,
  /** Requests one network address may send to one memorial in a day (more are dropped silently). */
  perAddressMemorialPerDay: 3,
  /** Requests one network address may send in a day over every memorial. */
  perAddressPerDay: 20,
  /** Request e-mails one memorial's family receives in a day; later requests wait for the daily summary. */
  mailsPerMemorialPerDay: 5,
  /** Days a request nobody answered (and the personal data in it) is kept. */
  keepDays: 30,
} as const;

export const ACCESS_REQUEST_MESSAGES = {
  messageMax: `Tu mensaje puede tener hasta ${ACCESS_REQUEST_LIMITS.messageMax} caracteres`,
  consentRequired: 'Para avisarle a la familia necesitamos tu autorización',
  /** The one answer every request gets, whatever happens to it (no way to learn anything from it). */
  requested: 'Le avisamos a la familia. Si te da acceso, te llegará un correo con tu enlace personal para visitar el memorial.',
  requestNotFound: 'Esta solicitud ya no está pendiente',
  grantNotFound: 'Esta persona ya no tiene acceso',
  blockNotFound: 'Este correo ya no está bloqueado',
  approved: 'Listo. Le enviamos su enlace personal por correo',
  declined: 'Solicitud rechazada',
  blocked: 'Listo. Ese correo ya no podrá pedirte acceso',
  unblocked: 'Ese correo puede volver a pedirte acceso',
  revoked: 'Listo. Esa persona ya no puede entrar con su enlace',
  linkInvalid: 'Este enlace personal ya no es válido. Pídele a la familia uno nuevo o ingresa el código de acceso',
  notifyInvalid: 'Elige si le avisamos a la persona',
} as const;

/** What the visitor authorizes (Ley N.° 29733): purpose, who receives it, how long it is kept, their rights. */
export function accessRequestConsentText(fullname: string): string {
  return (
    `Autorizo a Recuerdos a enviar mi nombre, mi correo y mi mensaje a la familia que cuida el memorial de ${fullname}, ` +
    'solo para que decida si me da acceso, y a usar mi correo para enviarme su respuesta. ' +
    'Si la familia no responde en 30 días, borrarán mi solicitud con mis datos. ' +
    'Puedo ejercer mis derechos de acceso, rectificación, cancelación y oposición (Ley N.° 29733).'
  );
}

export const accessRequestFormSchema = z.object({
  name: requiredText(MESSAGES.guestNameRequired).max(LIMITS.guestNameMax, MESSAGES.guestNameMax),
  email: emailField({ max: LIMITS.guestEmailMax, maxMessage: MESSAGES.guestEmailMax }),
  message: z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .pipe(z.string().overwrite(cleanMultiline).trim().max(ACCESS_REQUEST_LIMITS.messageMax, ACCESS_REQUEST_MESSAGES.messageMax)),
  consent: z.literal(true, { error: ACCESS_REQUEST_MESSAGES.consentRequired }),
});
export type AccessRequestFormInput = z.input<typeof accessRequestFormSchema>;

/** POST /access-requests/ask. */
export const accessRequestSchema = accessRequestFormSchema.extend({ id: identifierField });

const recordId = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

/** The owner's answers: one request, one person with access, one blocked address. */
export const requestActionSchema = z.object({ identifier: identifierField, request: recordId(ACCESS_REQUEST_MESSAGES.requestNotFound) });
export const declineRequestSchema = requestActionSchema.extend({
  /** Whether the person gets a gentle line saying the family prefers not to (the family's choice). */
  notify: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true')], { error: ACCESS_REQUEST_MESSAGES.notifyInvalid }).default(false),
});
export const grantActionSchema = z.object({ identifier: identifierField, grant: recordId(ACCESS_REQUEST_MESSAGES.grantNotFound) });
export const blockActionSchema = z.object({ identifier: identifierField, block: recordId(ACCESS_REQUEST_MESSAGES.blockNotFound) });

/** POST /user/guest/link-login: the personal link's secret buys a guest session (spec §4's token). */
export const linkLoginSchema = z.object({
  identifier: identifierField,
  link: z.string({ error: ACCESS_REQUEST_MESSAGES.linkInvalid }).trim().min(20, ACCESS_REQUEST_MESSAGES.linkInvalid).max(100, ACCESS_REQUEST_MESSAGES.linkInvalid),
});

export { PERSONAL_LINK_PARAM } from './personal-link';

export interface AccessRequestItem {
  id: number;
  name: string;
  email: string;
  message: string;
  /** ISO date-time of the request. */
  date: string;
}

export interface AccessGrantItem {
  id: number;
  name: string;
  email: string;
  date: string;
  /** When the personal link was last opened; null if never. */
  lastOpened: string | null;
}

export interface BlockedAddressItem {
  id: number;
  email: string;
}

export interface AccessRequestsData {
  requests: AccessRequestItem[];
  grants: AccessGrantItem[];
  blocked: BlockedAddressItem[];
}
