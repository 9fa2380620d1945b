// The rules of accounts and sessions (spec §7 /user/*, DESIGN §4): login, token rotation and
// memorial switch, logout, password change, and the reset flow by e-mail.
import type { AppContext } from '../../context';
import type { Account } from '../../db/schema';
import { MESSAGES } from '@recuerdos/shared/fields';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import {
  ROTATION_GRACE_MS,
  createUserSession,
  revokeAccountSessions,
  revokeUserFamily,
  rotateUserSession,
  type UserSession,
} from '../../auth/sessions';
import {
  RESET_TOKEN_TTL_MS,
  consumeAccountTokens,
  consumeToken,
  createOneTimeToken,
  findUsableToken,
} from '../../auth/one-time-tokens';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import { reserveAll, type AttemptPolicy } from '../../security/attempt-guard';
import { passwordResetMail } from './user.mails';
import * as repo from './user.repository';
import type { SessionMemorial } from './user.repository';

const LOGIN_TOO_MANY = 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo';

export const USER_MESSAGES = {
  badCredentials: 'Correo electrónico o contraseña incorrectos',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  passwordChanged: 'Tu contraseña fue cambiada exitosamente',
  resetRequested:
    'En unos minutos te llegará un correo electrónico con un enlace web para que ingreses tu nueva contraseña',
  passwordRestored: 'Tu contraseña ha sido cambiada exitosamente. Serás redirigido al inicio de sesión en 3 segundos',
  invalidLink: MESSAGES.tokenRequired,
  notYourProfile: 'Este perfil no pertenece a tu cuenta',
  notYourAccount: 'Solo puedes cambiar la contraseña de tu propia cuenta',
  loggedOut: 'Cerraste sesión',
  tooManyLogins: LOGIN_TOO_MANY,
  tooManyResets:
    'Ya pediste varios enlaces. Revisa tu correo electrónico (también la carpeta de spam) o espera unos minutos e inténtalo de nuevo',
  tooManyPasswordChanges: 'Demasiados intentos de cambiar la contraseña. Espera unos minutos e inténtalo de nuevo',
} as const;

interface LimitRule {
  max: number;
  windowMs: number;
}

/**
 * DESIGN §4 (docs/decisions/011-abuse-limits.md): password guessing is capped per address and per
 * (account, address); per account, over every address, it only meets a growing pause, so a stranger
 * can never lock the owner out. The account is keyed by the e-mail typed, whether or not it exists:
 * the limit itself must not reveal accounts.
 */
export const LOGIN_POLICY: AttemptPolicy = {
  name: 'login',
  perAddress: { max: 30, windowMs: 15 * 60_000 },
  perTargetAddress: { max: 5, windowMs: 15 * 60_000 },
  perTarget: { free: 5, windowMs: 60 * 60_000, firstMs: 1000, maxMs: 8000 },
  tooMany: LOGIN_TOO_MANY,
  onSuccess: 'forget',
};

export const USER_RATE_LIMITS = {
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
  /**
   * Reset mails to one address (the inbox's protection). The window is the reset link's lifetime:
   * whenever a stranger has spent it, the mails they caused hold a link that still works, so the
   * owner can always recover by e-mail.
   */
  forgotPerEmail: { max: 3, windowMs: RESET_TOKEN_TTL_MS },
  /** Guessing the current password with a stolen session. */
  changePasswordPerAccount: { max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Who may do what with accounts and sessions (STYLE habit 5). */
export const userPolicy = {
  /** A session moves only onto a memorial of its own account (spec §4 'person switch'). */
  switchTo: (session: UserSession, memorial: SessionMemorial | null): memorial is SessionMemorial =>
    memorial?.accountId === session.accountId,
  /** change-password names the session's own e-mail. */
  changePasswordOf: (session: UserSession, email: string): boolean => session.email === email,
} as const;

export interface SessionView {
  account: Pick<Account, 'email' | 'name' | 'lastname'>;
  memorial: SessionMemorial | null;
  token: string;
}

/** Checks a password against the account's hash, spending the same time when there is none. */
async function passwordMatches(account: Account | null, password: string): Promise<boolean> {
  if (!account?.passwordHash) return verifyAgainstDummy(password);
  return verifyPassword(account.passwordHash, password);
}

export async function login(ctx: AppContext, input: { email: string; password: string }, address: string): Promise<SessionView> {
  const account = await ctx.attempts.attempt(LOGIN_POLICY, input.email, address, async () => {
    const found = await repo.findAccountByEmail(ctx.db, input.email);
    const valid = await passwordMatches(found, input.password);
    return found && valid ? found : null;
  });
  if (!account) throw unauthorized(USER_MESSAGES.badCredentials);

  const memorial = await repo.findFirstMemorial(ctx.db, account.id);
  const token = await createUserSession(ctx.db, account.id, memorial?.id ?? null);
  return { account, memorial, token };
}

/**
 * Rotates the session's token. With an identifier the session moves onto that memorial, which must
 * belong to the account (spec §4 'person switch'); without one it stays where it is.
 */
export async function renewToken(ctx: AppContext, session: UserSession, input: { identifier: string }): Promise<SessionView> {
  const identifier = input.identifier.trim();
  let memorial: SessionMemorial | null;
  // A client with nothing stored may send the words 'null' or 'undefined': no switch asked.
  if (identifier && identifier !== 'null' && identifier !== 'undefined') {
    const target = await repo.findMemorialByIdentifier(ctx.db, identifier);
    if (!userPolicy.switchTo(session, target)) throw forbidden(USER_MESSAGES.notYourProfile);
    memorial = target;
  } else {
    memorial = session.memorialId === null ? null : await repo.findMemorialById(ctx.db, session.memorialId);
    // A session opened before the account had a memorial (or whose memorial was removed).
    memorial ??= await repo.findFirstMemorial(ctx.db, session.accountId);
  }
  const token = await rotateUserSession(ctx.db, session, memorial?.id ?? null);
  // The client renews on every navigation: rows replaced before the grace period are dead weight.
  await repo.deleteRotatedSessions(ctx.db, session.accountId, new Date(Date.now() - ROTATION_GRACE_MS));
  return { account: session, memorial, token };
}

export async function logout(ctx: AppContext, session: UserSession): Promise<void> {
  // Every token of this login: the one presented, the one it replaced moments ago, and any renewed from it.
  await revokeUserFamily(ctx.db, session.familyId);
}

export async function changePassword(
  ctx: AppContext,
  session: UserSession,
  input: { email: string; currentPassword: string; newPassword: string },
): Promise<void> {
  if (!userPolicy.changePasswordOf(session, input.email)) throw forbidden(USER_MESSAGES.notYourAccount);
  const limitKey = `change-password:account:${session.accountId}`;
  await reserveAll(ctx.limiter, [
    { key: limitKey, cap: USER_RATE_LIMITS.changePasswordPerAccount, message: USER_MESSAGES.tooManyPasswordChanges },
  ]);

  const account = await repo.findAccountById(ctx.db, session.accountId);
  const valid = await passwordMatches(account, input.currentPassword);
  if (!account || !valid) throw badRequest(USER_MESSAGES.wrongCurrentPassword);

  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, account.id, passwordHash);
    // Whoever else holds a session (a lost phone, a shared computer) is out; this one stays.
    await revokeAccountSessions(trx, account.id, session.familyId);
    await consumeAccountTokens(trx, account.id, 'password_reset');
  });
  await ctx.limiter.reset(limitKey);
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(ctx: AppContext, input: { email: string }, address: string): Promise<void> {
  await reserveAll(ctx.limiter, [
    { key: `forgot:addr:${address}`, cap: USER_RATE_LIMITS.forgotPerIp, message: USER_MESSAGES.tooManyResets },
    { key: `forgot:email:${input.email}`, cap: USER_RATE_LIMITS.forgotPerEmail, message: USER_MESSAGES.tooManyResets },
  ]);

  const account = await repo.findAccountByEmail(ctx.db, input.email);
  if (!account) return;
  // The token and its e-mail commit together (issue 16 §3): no link that was never sent, no e-mail
  // whose link does not exist.
  await ctx.db.transaction().execute(async (trx) => {
    const token = await createOneTimeToken(trx, {
      purpose: 'password_reset',
      accountId: account.id,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    await ctx.mail.queue(
      passwordResetMail({ to: account.email, name: account.name, url: resetPasswordUrl(ctx.config.publicUrl, token) }),
      trx,
    );
  });
}

export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/new-password?token=${encodeURIComponent(token)}`;
}

/** GET /user/{token}: the e-mail a usable reset link was sent to. */
export async function emailOfResetToken(ctx: AppContext, token: string): Promise<string> {
  const row = await findUsableToken(ctx.db, token, 'password_reset');
  const account = row ? await repo.findAccountById(ctx.db, row.accountId) : null;
  if (!account) throw notFound(USER_MESSAGES.invalidLink);
  return account.email;
}

/**
 * Sets a new password from a reset link. The spec's client sends only e-mail and password; the token
 * is required as well and must have been issued to that e-mail's account (issue 2 §6).
 */
export async function restorePassword(
  ctx: AppContext,
  input: { email: string; password: string; token: string },
): Promise<void> {
  const row = await findUsableToken(ctx.db, input.token, 'password_reset');
  const account = row ? await repo.findAccountById(ctx.db, row.accountId) : null;
  if (!row || account?.email !== input.email) throw badRequest(USER_MESSAGES.invalidLink);

  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, row.id))) throw badRequest(USER_MESSAGES.invalidLink);
    await repo.setPasswordHash(trx, account.id, passwordHash);
    await revokeAccountSessions(trx, account.id);
    await consumeAccountTokens(trx, account.id, 'password_reset');
  });
}
