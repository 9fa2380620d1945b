// The partner channel's requests (issue 30, docs/decisions/031): funeral homes' staff at /socios.
// One schema per request, used by the /socios forms and by the server's /api/partner/* routes.
import { z } from './zod';
import { emailField, existingPasswordField, requiredText } from './fields';
import { LIMITS } from './limits';
import { ID_MESSAGES, rucProblem } from './ruc';
import { OPERATOR_PASSWORD_MIN } from './admin-schemas';

export const PARTNER_LIMITS = {
  nameMax: 120,
  branchNameMax: 80,
  addressMax: 160,
  /** Percent with up to two decimals. */
  commissionMax: 100,
} as const;

export const PARTNER_MESSAGES = {
  badCredentials: 'Correo electrónico o contraseña incorrectos',
  suspended: 'La cuenta de tu empresa en Recuerdos está suspendida. Comunícate con nosotros',
  sessionExpired: 'Tu sesión expiró. Ingresa nuevamente',
  secondFactorRequired: 'Completa la verificación en dos pasos para continuar',
  alreadyEnrolled: 'Ya activaste la verificación en dos pasos. Ingresa el código de tu aplicación',
  notEnrolled: 'Primero activa la verificación en dos pasos',
  noSecondFactor: 'Tu cuenta no usa verificación en dos pasos',
  badCode: 'El código no es correcto. Revisa la hora de tu teléfono e inténtalo de nuevo',
  tooManyLogins: 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo',
  tooManyCodes: 'Demasiados códigos incorrectos. Espera unos minutos e inténtalo de nuevo',
  tooManyTotpCodes:
    'Demasiados códigos incorrectos para esta cuenta. Espera unos minutos o ingresa uno de tus códigos de recuperación',
  invalidLink: 'El enlace no es válido o ha expirado. Pide uno nuevo a tu administrador',
  passwordSet: 'Tu contraseña fue creada. Ya puedes ingresar',
  loggedOut: 'Cerraste sesión',
  adminsOnly: 'Solo el administrador de tu empresa puede hacer esto',
  otherBranch: 'Solo puedes trabajar con los memoriales de tu sede',
  branchNotFound: 'No encontramos esa sede',
  branchExists: 'Ya existe una sede con ese nombre',
  branchRequired: 'Elige la sede',
  branchNameRequired: 'Ingresa el nombre de la sede',
  emailTaken: 'Ese correo electrónico ya pertenece a otra persona en Recuerdos. Usa otro',
  nameRequired: 'Ingresa el nombre',
  roleRequired: 'Elige el rol: administrador o asesor',
  tooLong: 'El texto es demasiado largo',
  passwordMin: `La contraseña debe tener al menos ${OPERATOR_PASSWORD_MIN} caracteres`,
  passwordRequired: 'Ingresa tu contraseña',
  tokenRequired: 'El enlace no es válido o ha expirado',
  branchCreated: 'Sede creada',
  staffCreated: 'Asesor creado. Entrégale el enlace para que cree su contraseña',
} as const;

const M = PARTNER_MESSAGES;

/** An 11-digit RUC with its SUNAT check digit; spaces typed are removed. */
export const rucField = z
  .string({ error: ID_MESSAGES.rucRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .superRefine((value, ctx) => {
    const problem = rucProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const partnerLoginSchema = z.object({
  email: emailField(),
  password: existingPasswordField(M.passwordRequired),
});
export type PartnerLoginInput = z.input<typeof partnerLoginSchema>;

export const partnerSetPasswordSchema = z.object({
  token: requiredText(M.tokenRequired).max(200, M.tokenRequired),
  password: z
    .string({ error: M.passwordRequired })
    .min(1, { error: M.passwordRequired, abort: true })
    .min(OPERATOR_PASSWORD_MIN, M.passwordMin)
    .max(LIMITS.passwordMax, M.tooLong),
});

export const partnerTokenQuerySchema = z.object({ token: requiredText(M.tokenRequired).max(200, M.tokenRequired) });

export const createBranchSchema = z.object({
  name: requiredText(M.branchNameRequired).max(PARTNER_LIMITS.branchNameMax, M.tooLong),
  address: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(PARTNER_LIMITS.addressMax, M.tooLong)),
});
export type CreateBranchInput = z.input<typeof createBranchSchema>;

/** A partner admin adds an adviser to one of its branches (`/socios`, Personal). */
export const createStaffSchema = z.object({
  email: emailField(),
  name: requiredText(M.nameRequired).max(PARTNER_LIMITS.nameMax, M.tooLong),
  branchId: z.coerce.number({ error: M.branchRequired }).int(M.branchRequired).positive(M.branchRequired),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
