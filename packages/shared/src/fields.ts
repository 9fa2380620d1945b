// Field schemas that carry their own Spanish messages (spec §5). Request and form schemas are
// assembled from these, so each message and limit is written exactly once.
import { z } from './zod';
import { EMAIL_PATTERN, normalizeEmail } from './email';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { cleanLine, cleanMultiline } from './text';

export { MESSAGES };

/**
 * A required text field: missing, not a string, or blank after cleaning (text.ts) and trimming all
 * fail with `message`. One line unless `multiline` (line breaks kept as \n).
 */
export function requiredText(message: string, opts: { multiline?: boolean } = {}) {
  return z
    .string({ error: message })
    .overwrite(opts.multiline ? cleanMultiline : cleanLine)
    .trim()
    .min(1, { error: message, abort: true });
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

/** Post text (owner and guest): cleaned (text.ts), at most 500 characters. */
export const messageMaxField = z.string().overwrite(cleanMultiline).max(LIMITS.messageMax, MESSAGES.messageMax);
