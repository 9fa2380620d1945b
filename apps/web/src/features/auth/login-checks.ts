// The login form's checks (spec §5) without the schema library: the light /login page's bundle
// (docs/decisions/015) cannot afford zod (~30 KB gzip) for two fields. The same messages, limits and
// normalisation as the shared loginSchema the server validates with; login-checks.test.ts holds the
// two to the same answers.
import { EMAIL_PATTERN, normalizeEmail } from '@recuerdos/shared/email';
import { LIMITS } from '@recuerdos/shared/limits';
import { MESSAGES } from '@recuerdos/shared/messages';
import type { LoginRequest } from './api/login';

export type LoginField = keyof LoginRequest;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The message under one field for what is typed there, or undefined when it is acceptable. */
export function loginFieldError(field: LoginField, value: string): string | undefined {
  if (field === 'password') {
    return value.length < 1 || value.length > LIMITS.passwordMax ? MESSAGES.passwordRequired : undefined;
  }
  const trimmed = value.trim();
  if (trimmed === '') return MESSAGES.emailRequired;
  if (trimmed.length > LIMITS.loginEmailMax) return MESSAGES.emailInvalid;
  return EMAIL_PATTERN.test(normalizeEmail(trimmed)) ? undefined : MESSAGES.emailInvalid;
}

/** Every field's message, or the request to send (the e-mail trimmed and lower-cased). */
export function checkLogin(values: Record<LoginField, string>): { errors: LoginErrors; request: LoginRequest | null } {
  const errors: LoginErrors = {};
  const email = loginFieldError('email', values.email);
  const password = loginFieldError('password', values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (email || password) return { errors, request: null };
  return { errors, request: { email: normalizeEmail(values.email), password: values.password } };
}
