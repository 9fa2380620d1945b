// Field schemas that carry their own Spanish messages (spec §5). Request and form schemas are
// assembled from these, so each message and limit is written exactly once.
import { z } from 'zod';
import { EMAIL_PATTERN, normalizeEmail } from './email';
import { LIMITS } from './limits';

export const MESSAGES = {
  emailRequired: 'Ingresa tu correo electrónico',
  emailInvalid: 'Correo electrónico inválido',
  passwordRequired: 'Ingresa tu contraseña',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  passwordMax: 'La contraseña puede tener como máximo 128 caracteres',
  currentPasswordRequired: 'Ingresa tu contraseña actual',
  newPasswordRequired: 'Ingresa tu contraseña nueva',
  repeatPasswordRequired: 'Repite tu contraseña nueva',
  passwordsMismatch: 'Las contraseñas no coinciden',
  resetPasswordRequired: 'Ingresa tu nueva contraseña',
  resetConfirmRequired: 'Confirma tu nueva contraseña',
  // Spelled as the spec spells it (§5, new password page).
  resetPasswordsMismatch: 'Las contraseñas con coinciden',
  accessCodeRequired: 'Ingresa el código de acceso',
  accessCodeMax: 'El código de acceso puede tener como máximo 15 caracteres',
  guestNameRequired: 'Ingresa tu nombre',
  guestNameMax: 'Tu nombre puede tener como máximo 60 caracteres',
  guestEmailMax: 'El correo electrónico puede tener como máximo 80 caracteres',
  forgotEmailMax: 'El correo electrónico puede tener como máximo 60 caracteres',
  messageRequired: 'Ingresa tu mensaje',
  messageMax: 'El mensaje puede tener como máximo 500 caracteres',
  pictureRequired: 'Selecciona una foto',
  pictureNotCropped: 'Selecciona la imagen cortada',
  pictureInvalid: 'La foto debe ser una imagen PNG o JPG',
  videoRequired: 'Selecciona un video',
  videoTooLarge: 'El video seleccionado excede los 50 MB',
  videoInvalid: 'El video debe estar en formato MP4',
  fullnameRequired: 'Ingresa el nombre de tu ser querido',
  fullnameMax: 'El nombre puede tener como máximo 60 caracteres',
  yearRequired: 'Ingresa el año',
  monthRequired: 'Ingresa el mes',
  dayRequired: 'Ingresa el día',
  epitaphRequired: 'Ingresa el epitafio',
  epitaphMax: 'El epitafio puede tener como máximo 500 caracteres',
  placeRequired: 'Ingresa la ubicación de tu ser querido',
  placeMax: 'La ubicación puede tener como máximo 100 caracteres',
  birthdateInvalid: 'Ingresa una fecha de nacimiento válida',
  deathdateInvalid: 'Ingresa una fecha de fallecimiento válida',
  deathBeforeBirth: 'La fecha de fallecimiento no puede ser anterior a la de nacimiento',
  identifierRequired: 'Indica el perfil',
  profileTypeInvalid: 'El estado de perfil debe ser privado o público',
  flagInvalid: 'El valor debe ser 1 o 0',
  giftTypeInvalid: 'El tipo de regalo debe ser F (flores) o V (velas)',
  postKeyRequired: 'Indica la publicación',
  cardsInvalid: 'El orden de las publicaciones no es válido',
  tokenRequired: 'El enlace no es válido o ha expirado',
  contractRequired: 'Indica el número de contrato',
} as const;

/** A required text field: missing, not a string, or blank after trimming all fail with `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/** A text field that may be absent; absent becomes ''. */
export function optionalText() {
  return z
    .string()
    .optional()
    .transform((value) => value ?? '');
}

export function emailField(opts: { max?: number; maxMessage?: string; requiredMessage?: string } = {}) {
  const required = opts.requiredMessage ?? MESSAGES.emailRequired;
  const base = z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(opts.max ?? LIMITS.loginEmailMax, opts.maxMessage ?? MESSAGES.emailInvalid)
    .transform(normalizeEmail);
  return base.pipe(z.string().regex(EMAIL_PATTERN, MESSAGES.emailInvalid));
}

/** Optional e-mail (guest modal): empty or a valid address. */
export const optionalEmailField = z
  .string({ error: MESSAGES.emailInvalid })
  .optional()
  .transform((value) => normalizeEmail(value ?? ''))
  .pipe(
    z
      .string()
      .max(LIMITS.guestEmailMax, MESSAGES.guestEmailMax)
      .refine((value) => value === '' || EMAIL_PATTERN.test(value), MESSAGES.emailInvalid),
  );

/** A password being chosen: at least 6 characters (spec §9). Never trimmed. */
export function newPasswordField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(LIMITS.passwordMin, MESSAGES.passwordMin)
    .max(LIMITS.passwordMax, MESSAGES.passwordMax);
}

/** A password being checked: only required (an old account may predate the minimum). */
export function existingPasswordField(requiredMessage: string) {
  return z.string({ error: requiredMessage }).min(1, requiredMessage).max(LIMITS.passwordMax, requiredMessage);
}

export const identifierField = z
  .string({ error: MESSAGES.identifierRequired })
  .trim()
  .min(1, MESSAGES.identifierRequired)
  .max(64, MESSAGES.identifierRequired);

export const flagField = z.enum(['1', '0'], { error: MESSAGES.flagInvalid });

/** Post text (owner and guest): at most 500 characters. */
export const messageMaxField = z.string().max(LIMITS.messageMax, MESSAGES.messageMax);
