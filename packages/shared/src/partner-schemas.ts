// The partner channel's requests (issue 30, docs/decisions/031): funeral homes' staff at /socios.
// One schema per request, used by the /socios forms and by the server's /api/partner/* routes.
import { z } from './zod';
import { emailField, existingPasswordField, requiredText } from './fields';
import { LIMITS } from './limits';
import { ID_MESSAGES, isValidDni, rucProblem } from './ruc';
import { eventFormSchema, isCalendarDate } from './remembrance';
import { limaDate } from './dates';
import { OPERATOR_PASSWORD_MIN } from './admin-schemas';
import { PRICE_MESSAGES, parseSoles, plainSoles } from './money';

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

// ---------------------------------------------------------------------------------------------
// The sale: the adviser's one form (issue 30 §2)

export const RELATIONSHIPS = {
  conyuge: 'Cónyuge o pareja',
  hijo: 'Hijo o hija',
  padre: 'Padre o madre',
  hermano: 'Hermano o hermana',
  nieto: 'Nieto o nieta',
  otro: 'Otro familiar',
} as const;
export type Relationship = keyof typeof RELATIONSHIPS;
const RELATIONSHIP_KEYS = Object.keys(RELATIONSHIPS) as [Relationship, ...Relationship[]];

/**
 * What the family member accepts at the counter (Indecopi: a third party cannot decide for the
 * family without a close relative's authorisation). Stored as shown, with the time.
 */
export const SALE_CONSENT_TEXT =
  'Declaro que soy familiar de la persona fallecida y autorizo que Recuerdos cree su memorial a mi nombre. El memorial será mío: la funeraria solo verá si está activado, nunca su contenido.';

export const SALE_LIMITS = { rites: 6, personMax: LIMITS.fullnameMax, nameMax: LIMITS.accountNameMax } as const;

export const SALE_MESSAGES = {
  personRequired: 'Ingresa el nombre completo de la persona fallecida',
  deathdateRequired: 'Ingresa la fecha de fallecimiento',
  dateInvalid: 'Ingresa una fecha válida',
  dateFuture: 'La fecha no puede ser posterior a hoy',
  birthAfterDeath: 'La fecha de nacimiento debe ser anterior a la de fallecimiento',
  familyNameRequired: 'Ingresa el nombre del familiar',
  familyLastnameRequired: 'Ingresa los apellidos del familiar',
  relationshipRequired: 'Elige el parentesco con la persona fallecida',
  whatsappInvalid: 'Ingresa un celular de 9 dígitos que empiece con 9',
  consentRequired: 'El familiar debe aceptar la autorización para crear el memorial',
  tooManyRites: `Puedes registrar hasta ${SALE_LIMITS.rites} ceremonias`,
  emailHasAccount:
    'Ese correo ya tiene una cuenta en Recuerdos. Usa otro correo del familiar o pide a la familia que nos escriba para agregar el memorial a su cuenta',
  emailIsStaff: 'Escribe el correo del familiar, no el de la funeraria',
  created: 'Memorial creado. Enviamos a la familia el correo para activarlo',
  tooMany: 'Registraste muchos memoriales en poco tiempo. Espera unos minutos e inténtalo de nuevo',
  /** The sale sent as a form with the photo, its fields not readable. */
  formInvalid: 'No pudimos leer el formulario. Recarga la página e inténtalo de nuevo',
  /** The sale stands; only the photo's storage failed (never a refused photo, which refuses the sale). */
  photoNotSaved: 'Memorial creado, pero no pudimos guardar la foto: la familia podrá subirla al activar el memorial',
} as const;

const S = SALE_MESSAGES;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function dateField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((value) => ISO.test(value) && isCalendarDate(value), S.dateInvalid);
}

/** 987 654 321, 987-654-321, +51 987654321 → '+51987654321' (a Peruvian mobile). */
export const whatsappField = z
  .string({ error: S.whatsappInvalid })
  .transform((value) => value.replace(/[\s().-]/g, '').replace(/^(\+?51)(?=9\d{8}$)/, ''))
  .refine((value) => /^9\d{8}$/.test(value), S.whatsappInvalid)
  .transform((value) => `+51${value}`);

export const saleRiteSchema = eventFormSchema;

/**
 * The contract's price in soles, as the family paid it (§6): "350", "350.50" or "350,50" →
 * '350.50', the plain form that parses again to the same céntimos (the browser sends what it
 * parsed; the server parses it once more and stores céntimos).
 */
export const priceField = z
  .union([z.string(), z.number()], { error: PRICE_MESSAGES.required })
  .transform((value, ctx) => {
    const parsed = parseSoles(String(value));
    if ('problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }
    return plainSoles(parsed.cents);
  });

export const partnerSaleSchema = z
  .object({
    /** An admin chooses the branch; an adviser's is its own (sent or not). */
    branchId: z.coerce.number({ error: M.branchRequired }).int(M.branchRequired).positive(M.branchRequired).optional(),
    person: requiredText(S.personRequired).max(SALE_LIMITS.personMax, M.tooLong),
    birthdate: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .refine((v) => v === '' || (ISO.test(v) && isCalendarDate(v)), S.dateInvalid),
    deathdate: dateField(S.deathdateRequired).refine((v) => v <= limaDate(), S.dateFuture),
    familyName: requiredText(S.familyNameRequired).max(SALE_LIMITS.nameMax, M.tooLong),
    familyLastname: requiredText(S.familyLastnameRequired).max(SALE_LIMITS.nameMax, M.tooLong),
    dni: z
      .string({ error: ID_MESSAGES.dniRequired })
      .trim()
      .min(1, { error: ID_MESSAGES.dniRequired, abort: true })
      .refine(isValidDni, ID_MESSAGES.dniDigits),
    relationship: z.enum(RELATIONSHIP_KEYS, { error: S.relationshipRequired }),
    email: emailField(),
    whatsapp: whatsappField,
    /** What the family paid for the contract, in soles (§6: the statement's amounts). */
    price: priceField,
    /** The family asked for it private at the form; public otherwise (mourners reach the rites). */
    private: z.boolean().optional().default(false),
    consent: z.literal(true, { error: S.consentRequired }),
    rites: z.array(saleRiteSchema).max(SALE_LIMITS.rites, S.tooManyRites).optional().default([]),
  })
  .refine((v) => v.birthdate === '' || v.birthdate <= v.deathdate, { path: ['birthdate'], message: S.birthAfterDeath });
export type PartnerSaleInput = z.input<typeof partnerSaleSchema>;
export type PartnerSaleValues = z.output<typeof partnerSaleSchema>;

export const RITES_MESSAGES = {
  saved: 'Ceremonias actualizadas',
  handedOver: 'La familia ya activó este memorial: ahora es suyo y solo ella puede cambiarlo',
  notFound: 'No encontramos ese memorial entre los de tu empresa',
} as const;

/** The partner corrects the rites before the family activates (the whole list, replaced). */
export const correctRitesSchema = z.object({
  rites: z.array(saleRiteSchema).max(SALE_LIMITS.rites, S.tooManyRites),
});
export type CorrectRitesInput = z.input<typeof correctRitesSchema>;

// --- The print kit for several memorials at once (issue 30 §5) --------------------------------

/** Memorials per file: a wake's worth and more, and a PDF a tablet still opens at once. */
export const PRINT_BATCH_MAX = 50;

export const PRINT_MESSAGES = {
  noneChosen: 'Elige al menos un memorial para imprimir',
  tooMany: `Puedes imprimir hasta ${PRINT_BATCH_MAX} memoriales en un archivo`,
  sizeInvalid: 'El tamaño debe ser a6 o wallet',
} as const;

/** `numbers=A-1,A-2`: the contracts, each once, in the order given. */
export const printBatchSchema = z.object({
  numbers: z
    .string({ error: PRINT_MESSAGES.noneChosen })
    .max(PRINT_BATCH_MAX * 41, PRINT_MESSAGES.tooMany)
    .transform((value) => [...new Set(value.split(',').map((number) => number.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(z.string().max(40, RITES_MESSAGES.notFound)).min(1, PRINT_MESSAGES.noneChosen).max(PRINT_BATCH_MAX, PRINT_MESSAGES.tooMany)),
});

// ---------------------------------------------------------------------------------------------
// The back office (issue 30 §7)

export const BACKOFFICE_PARTNER_MESSAGES = {
  created: 'Socio creado con su primera sede',
  suspended: 'Socio suspendido: su personal ya no puede ingresar',
  resumed: 'Socio reactivado',
  notFound: 'No encontramos ese socio',
  rucTaken: 'Ya existe un socio con ese RUC',
  commissionInvalid: 'La comisión debe ser un porcentaje de 0 a 100, con hasta dos decimales',
} as const;

/** The operator's form: the same fields and rules as `admin create-partner`. */
export const createPartnerSchema = z.object({
  name: requiredText(M.nameRequired).max(PARTNER_LIMITS.nameMax, M.tooLong),
  legalName: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(PARTNER_LIMITS.nameMax, M.tooLong)),
  ruc: rucField,
  commission: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim() || '0')
    .refine((v) => /^\d{1,3}([.,]\d{1,2})?$/.test(v) && Number(v.replace(',', '.')) <= 100, BACKOFFICE_PARTNER_MESSAGES.commissionInvalid),
  branch: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim() || 'Sede principal')
    .pipe(z.string().max(PARTNER_LIMITS.branchNameMax, M.tooLong)),
});
export type CreatePartnerInput = z.input<typeof createPartnerSchema>;

export const BACKOFFICE_PARTNER_TEXT = {
  logoSaved: 'Logo guardado. Ya se ve en las páginas y recordatorios de la etapa del funeral',
  logoInvalid: 'El logo debe ser una imagen PNG, JPEG o WebP válida',
  logoRequired: 'Elige la imagen del logo',
  userCreated: 'Usuario creado. Entrégale el enlace para que cree su contraseña',
  userCreatedWithPassword: 'Usuario creado. Ya puede ingresar en /socios',
} as const;

export { PARTNER_LOGO } from './partner-logo';

/** The operator adds a partner user (the command line's `create-partner-user`): an admin, or an adviser of one branch. */
export const backofficePartnerUserSchema = z
  .object({
    email: emailField(),
    name: requiredText(M.nameRequired).max(PARTNER_LIMITS.nameMax, M.tooLong),
    role: z.enum(['admin', 'adviser'], { error: M.roleRequired }),
    branchId: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v) => (v === undefined || v === '' ? null : Number(v))),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'adviser' && (value.branchId === null || !Number.isInteger(value.branchId) || value.branchId <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['branchId'], message: M.branchRequired });
    }
  });
export type BackofficePartnerUserInput = z.input<typeof backofficePartnerUserSchema>;
