// The back office's requests (issue 15): one schema per request, used by the operator's forms and
// by the server's /api/admin/* routes, with their Spanish messages.
import { z } from 'zod';
import { dateParts, daysInMonth } from './dates';
import { emailField, existingPasswordField, identifierField, requiredText } from './fields';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

export const OPERATOR_PASSWORD_MIN = 12;

export const ADMIN_MESSAGES = {
  passwordRequired: 'Ingresa tu contraseña',
  newPasswordRequired: 'Ingresa tu contraseña nueva',
  passwordMin: `La contraseña debe tener al menos ${OPERATOR_PASSWORD_MIN} caracteres`,
  passwordMax: 'La contraseña es demasiado larga',
  passwordsDiffer: 'Las contraseñas no coinciden',
  repeatRequired: 'Repite tu contraseña nueva',
  codeRequired: 'Ingresa el código de tu aplicación de autenticación o un código de recuperación',
  codeInvalid: 'El código debe tener 6 dígitos, o ser un código de recuperación',
  tokenRequired: 'El enlace no es válido o ha expirado',
  nameRequired: 'Ingresa el nombre',
  lastnameRequired: 'Ingresa los apellidos',
  personRequired: 'Ingresa el nombre completo del ser querido',
  tooLong: 'El texto es demasiado largo',
  dateInvalid: 'Ingresa una fecha válida (aaaa-mm-dd)',
  holidayNameRequired: 'Ingresa el nombre del feriado',
  answerRequired: 'Escribe la respuesta',
  noteRequired: 'Escribe la nota',
  typeRequired: 'Elige el tipo de aviso',
  titleRequired: 'Ingresa el título del aviso',
  descrRequired: 'Ingresa la descripción del aviso',
  hideReasonRequired: 'Escribe el motivo que leerá la familia',
  yearInvalid: 'Elige un año válido',
  searchTooLong: 'La búsqueda es demasiado larga',
} as const;

const M = ADMIN_MESSAGES;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(text: string): boolean {
  const parts = dateParts(text);
  if (!parts || text.length !== 10) return false;
  return parts.year >= LIMITS.firstYear && parts.year <= 9999 && parts.month >= 1 && parts.month <= 12 && parts.day >= 1 && parts.day <= daysInMonth(parts.year, parts.month);
}

export const calendarDateField = z.string({ error: M.dateInvalid }).trim().refine(isCalendarDate, M.dateInvalid);

const operatorPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(OPERATOR_PASSWORD_MIN, M.passwordMin)
    .max(LIMITS.passwordMax, M.passwordMax);

export const operatorLoginSchema = z.object({
  email: emailField(),
  password: existingPasswordField(M.passwordRequired),
});
export type OperatorLoginInput = z.input<typeof operatorLoginSchema>;

/** A TOTP code (6 digits, spaces allowed) or a recovery code ('abcd-efgh-jk'). */
export const secondFactorSchema = z.object({
  code: requiredText(M.codeRequired)
    .max(40, M.codeInvalid)
    .transform((value) => value.replace(/\s+/g, '').toLowerCase())
    .refine((value) => /^\d{6}$/.test(value) || /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{2}$/.test(value), M.codeInvalid),
});
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

export const operatorSetPasswordFormSchema = z
  .object({ password: operatorPassword(M.newPasswordRequired), repeat: z.string().min(1, M.repeatRequired) })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: M.passwordsDiffer });
export type OperatorSetPasswordFormInput = z.input<typeof operatorSetPasswordFormSchema>;

export const operatorSetPasswordSchema = z.object({
  token: requiredText(M.tokenRequired).max(200, M.tokenRequired),
  password: operatorPassword(M.newPasswordRequired),
});

export const operatorTokenQuerySchema = z.object({ token: requiredText(M.tokenRequired).max(200, M.tokenRequired) });

export const operatorChangePasswordFormSchema = z
  .object({
    currentPassword: existingPasswordField(M.passwordRequired),
    newPassword: operatorPassword(M.newPasswordRequired),
    repeat: z.string().min(1, M.repeatRequired),
  })
  .refine((v) => v.newPassword === v.repeat, { path: ['repeat'], message: M.passwordsDiffer });
export type OperatorChangePasswordFormInput = z.input<typeof operatorChangePasswordFormSchema>;

export const operatorChangePasswordSchema = z.object({
  currentPassword: existingPasswordField(M.passwordRequired),
  newPassword: operatorPassword(M.newPasswordRequired),
});

// ---------------------------------------------------------------------------------------------
// Contracts

export const contractSearchSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(120, M.searchTooLong)),
});

/** Same fields and limits as `admin create-contract`. */
export const adminCreateContractSchema = z.object({
  email: emailField(),
  name: requiredText(M.nameRequired).max(LIMITS.accountNameMax, M.tooLong),
  lastname: requiredText(M.lastnameRequired).max(LIMITS.accountNameMax, M.tooLong),
  person: requiredText(M.personRequired).max(LIMITS.fullnameMax, M.tooLong),
  expiresOn: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v === '' || isCalendarDate(v), M.dateInvalid),
});
export type AdminCreateContractInput = z.input<typeof adminCreateContractSchema>;

/** A new last day of service; '' removes the end (no end date). */
export const contractEndDateSchema = z.object({
  expiresOn: z
    .string({ error: M.dateInvalid })
    .transform((v) => v.trim())
    .refine((v) => v === '' || isCalendarDate(v), M.dateInvalid),
});
export type ContractEndDateInput = z.input<typeof contractEndDateSchema>;

export const DISCLAIMER_LIMITS = { titleMax: 120, descrMax: 500 } as const;

export const addDisclaimerSchema = z.object({
  type: z.enum(['R', 'W'], { error: M.typeRequired }),
  title: requiredText(M.titleRequired).max(DISCLAIMER_LIMITS.titleMax, M.tooLong),
  descr: requiredText(M.descrRequired).max(DISCLAIMER_LIMITS.descrMax, M.tooLong),
});
export type AddDisclaimerInput = z.input<typeof addDisclaimerSchema>;

// ---------------------------------------------------------------------------------------------
// Complaints book

export const COMPLAINT_ENTRY_MAX = 5000;

export const complaintListSchema = z.object({
  year: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^\d{4}$/.test(v), M.yearInvalid)
    .transform((v) => (v ? Number(v) : null)),
  status: z.enum(['', 'received', 'answered', 'attention']).optional().transform((v) => v ?? ''),
});

export const complaintYearSchema = z.object({
  year: z.string({ error: M.yearInvalid }).regex(/^\d{4}$/, M.yearInvalid).transform(Number),
});

export const complaintAnswerSchema = z.object({
  text: requiredText(M.answerRequired).max(COMPLAINT_ENTRY_MAX, M.tooLong),
});
export type ComplaintAnswerInput = z.input<typeof complaintAnswerSchema>;

export const complaintNoteSchema = z.object({
  text: requiredText(M.noteRequired).max(COMPLAINT_ENTRY_MAX, M.tooLong),
  /** '1': also e-mail the note to the consumer. */
  notify: z.enum(['0', '1']).optional().transform((v) => v === '1'),
});
export type ComplaintNoteInput = z.input<typeof complaintNoteSchema>;

export const addHolidaySchema = z.object({
  date: calendarDateField,
  name: requiredText(M.holidayNameRequired).max(120, M.tooLong),
});
export type AddHolidayInput = z.input<typeof addHolidaySchema>;

// ---------------------------------------------------------------------------------------------
// Reports and takedown

export const reportListSchema = z.object({
  status: z.enum(['open', 'hidden', 'dismissed']).optional().transform((v) => v ?? 'open'),
});

export const hidePostSchema = z.object({
  reason: requiredText(M.hideReasonRequired).max(1000, M.tooLong),
});
export type HidePostInput = z.input<typeof hidePostSchema>;

export const dismissReportSchema = z.object({
  note: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(1000, M.tooLong)),
});
export type DismissReportInput = z.input<typeof dismissReportSchema>;

// ---------------------------------------------------------------------------------------------
// Audit trail

export const auditListSchema = z.object({
  operator: z.string().optional().transform((v) => (v ?? '').trim().toLowerCase()).pipe(z.string().max(254, M.searchTooLong)),
  action: z.string().optional().transform((v) => (v ?? '').trim()).pipe(z.string().max(60, M.searchTooLong)),
  from: z.string().optional().transform((v) => (v ?? '').trim()).refine((v) => v === '' || isCalendarDate(v), M.dateInvalid),
  to: z.string().optional().transform((v) => (v ?? '').trim()).refine((v) => v === '' || isCalendarDate(v), M.dateInvalid),
  before: z.string().optional().refine((v) => v === undefined || v === '' || /^\d{1,12}$/.test(v), M.dateInvalid).transform((v) => (v ? Number(v) : null)),
});

export const memorialIdentifierSchema = z.object({ identifier: identifierField });

export { MESSAGES };
