// Accounts, sessions, password flows, contracts and guest access (spec §5, §7).
import { z } from './zod';
import {
  MESSAGES,
  emailField,
  existingPasswordField,
  identifierField,
  newPasswordField,
  optionalText,
  requiredText,
} from './fields';
import { LIMITS } from './limits';
import { cleanLine } from './text';

export const loginSchema = z.object({
  email: emailField(),
  password: existingPasswordField(MESSAGES.passwordRequired),
});
export type LoginInput = z.input<typeof loginSchema>;

export const renewTokenSchema = z.object({
  identifier: optionalText(),
  profilePath: optionalText(),
});

/** The change-password form of /account/change-password. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: existingPasswordField(MESSAGES.currentPasswordRequired),
    newPassword: newPasswordField(MESSAGES.newPasswordRequired),
    repeatPassword: z.string({ error: MESSAGES.repeatPasswordRequired }).min(1, MESSAGES.repeatPasswordRequired),
  })
  .refine((value) => value.newPassword === value.repeatPassword, {
    message: MESSAGES.passwordsMismatch,
    path: ['repeatPassword'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** POST /user/change-password. */
export const changePasswordSchema = z.object({
  email: emailField(),
  currentPassword: existingPasswordField(MESSAGES.currentPasswordRequired),
  newPassword: newPasswordField(MESSAGES.newPasswordRequired),
});

export const forgotPasswordSchema = z.object({
  email: emailField({ max: LIMITS.forgotEmailMax, maxMessage: MESSAGES.forgotEmailMax }),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The form of /new-password. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordField(MESSAGES.resetPasswordRequired),
    confirmPassword: z.string({ error: MESSAGES.resetConfirmRequired }).min(1, MESSAGES.resetConfirmRequired),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.resetPasswordsMismatch,
    path: ['confirmPassword'],
  });
export type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;

/**
 * POST /user/restore-password. The spec's client sends only e-mail and password; the server also
 * requires the token from the e-mailed link, or anyone could reset any account.
 */
export const restorePasswordSchema = z.object({
  email: emailField(),
  password: newPasswordField(MESSAGES.resetPasswordRequired),
  token: requiredText(MESSAGES.tokenRequired).max(200, MESSAGES.tokenRequired),
});

export const activateContractSchema = z.object({
  contract: requiredText(MESSAGES.contractRequired).max(64, MESSAGES.contractRequired),
  token: requiredText(MESSAGES.tokenRequired).max(200, MESSAGES.tokenRequired),
});

/** The visitor's access code: whitespace is never part of a code (the owner's field strips it). */
export const accessCodeField = z
  .string({ error: MESSAGES.accessCodeRequired })
  .transform((value) => cleanLine(value).replace(/\s+/g, ''))
  .pipe(z.string().min(1, MESSAGES.accessCodeRequired).max(LIMITS.accessCodeMax, MESSAGES.accessCodeMax));

export const guestLoginSchema = z.object({
  accessCode: accessCodeField,
  identifier: identifierField,
});
export type GuestLoginInput = z.input<typeof guestLoginSchema>;
