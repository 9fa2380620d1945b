// Operators of the back office (issue 15 §1): a role apart from owners and guests. An operator is
// created from the command line with a single-use set-password link, logs in at /admin with a
// password and then a TOTP code from an authenticator app (enrolled at the first login; ten
// recovery codes are shown once), and works in a session of its own: short-lived, ended after 30
// idle minutes, and revoked on every password change.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { OperatorLoginInput } from '@recuerdos/shared/admin-schemas';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database, Operator } from '../../db/schema';
import { nowIso } from '../../db/database';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { hashToken, newToken } from '../../auth/tokens';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import { reserveAll, type AttemptPolicy } from '../../security/attempt-guard';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './operator.repository';

export const OPERATOR_MESSAGES = {
  badCredentials: 'Correo electrónico o contraseña incorrectos',
  badCode: 'El código no es correcto. Revisa la hora de tu teléfono e inténtalo de nuevo',
  sessionExpired: 'Tu sesión de operador expiró. Ingresa nuevamente',
  secondFactorRequired: 'Completa la verificación en dos pasos para continuar',
  alreadyEnrolled: 'Ya activaste la verificación en dos pasos. Ingresa el código de tu aplicación',
  notEnrolled: 'Primero activa la verificación en dos pasos',
  tooManyLogins: 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo',
  tooManyCodes: 'Demasiados códigos incorrectos. Espera unos minutos e inténtalo de nuevo',
  tooManyTotpCodes:
    'Demasiados códigos incorrectos para esta cuenta. Espera unos minutos o ingresa uno de tus códigos de recuperación',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  passwordChanged: 'Tu contraseña fue cambiada. Cerramos tus otras sesiones',
  passwordSet: 'Tu contraseña fue creada. Ya puedes ingresar',
  invalidLink: 'El enlace no es válido o ha expirado. Pide uno nuevo al administrador',
  loggedOut: 'Cerraste sesión',
} as const;

export const OPERATOR_SESSION = {
  /** Between the password and the second factor. */
  stepTtlMs: 10 * 60_000,
  /** A working day at most, whatever the activity. */
  ttlMs: 8 * 3600_000,
  /** Ended after this long without a request. */
  idleMs: 30 * 60_000,
  /** The last-seen time is written at most this often. */
  touchEveryMs: 60_000,
} as const;

export const SET_PASSWORD_TTL_MS = 72 * 3600_000;
export const RECOVERY_CODE_COUNT = 10;

interface LimitRule {
  max: number;
  windowMs: number;
}

/** Guessing the current password with a stolen session (DESIGN §4). */
export const OPERATOR_LIMITS = {
  passwordChangePerOperator: { max: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/**
 * The password (docs/decisions/011-abuse-limits.md, 013-back-office.md): failures are capped per
 * address and per (e-mail typed, address); per e-mail, over every address, they only meet a growing
 * pause, so a stranger's wrong passwords never refuse the operator's right one. Successes count
 * nothing.
 */
export const OPERATOR_LOGIN_POLICY: AttemptPolicy = {
  name: 'admin-login',
  perAddress: { max: 20, windowMs: 15 * 60_000 },
  perTargetAddress: { max: 5, windowMs: 15 * 60_000 },
  perTarget: { free: 5, windowMs: 60 * 60_000, firstMs: 1000, maxMs: 8000 },
  tooMany: OPERATOR_MESSAGES.tooManyLogins,
  onSuccess: 'forget',
};

/**
 * A recovery code (about 50 random bits), keyed by operator: the password's caps per address and per
 * (operator, address) and its growing pause per operator. It shares every count with the TOTP code
 * below (one policy name) but not the per-operator cap, so it is the way in when a stranger who holds
 * the password has spent that cap.
 */
export const RECOVERY_CODE_POLICY: AttemptPolicy = {
  ...OPERATOR_LOGIN_POLICY,
  name: 'admin-code',
  tooMany: OPERATOR_MESSAGES.tooManyCodes,
};

/** Wrong TOTP codes per operator, over every address: 240 a day, each about a 3-in-a-million chance. */
const TOTP_PER_OPERATOR = { max: 10, windowMs: 60 * 60_000 } as const satisfies LimitRule;

/** A TOTP code (6 digits, three valid at a time): also a strict cap per operator over every address. */
export const TOTP_CODE_POLICY: AttemptPolicy = {
  ...RECOVERY_CODE_POLICY,
  perTargetCap: { ...TOTP_PER_OPERATOR, tooMany: OPERATOR_MESSAGES.tooManyTotpCodes },
};

/** Confirming the authenticator: the same counts, but no recovery codes exist yet to point to. */
const ENROLMENT_CODE_POLICY: AttemptPolicy = {
  ...TOTP_CODE_POLICY,
  perTargetCap: { ...TOTP_PER_OPERATOR, tooMany: OPERATOR_MESSAGES.tooManyCodes },
};

/** Reserved before the check (a burst never evaluates more than the cap; security/attempt-guard). */
async function enforceLimit(ctx: AppContext, limits: readonly { key: string; rule: LimitRule }[], message: string): Promise<void> {
  await reserveAll(
    ctx.limiter,
    limits.map(({ key, rule }) => ({ key: `admin:${key}`, cap: rule, message })),
  );
}

export interface OperatorSession {
  sessionId: number;
  operatorId: number;
  email: string;
  name: string;
  /** False between the password and the second factor. */
  complete: boolean;
}

export function actorOf(session: Pick<OperatorSession, 'operatorId' | 'email'>, ip: string): AuditActor {
  return { operatorId: session.operatorId, email: session.email, ip };
}

// ---------------------------------------------------------------------------------------------
// Sessions

async function openSession(db: Kysely<Database>, operatorId: number, complete: boolean, now = new Date()): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    operatorId,
    secondFactorAt: complete ? nowIso(now) : null,
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + (complete ? OPERATOR_SESSION.ttlMs : OPERATOR_SESSION.stepTtlMs))),
  });
  return token;
}

/** The session of an `operator` header, or null (absent, unknown, expired, idle too long). */
export async function findOperatorSession(db: Kysely<Database>, token: string, now = new Date()): Promise<OperatorSession | null> {
  const row = await repo.findSession(db, hashToken(token), nowIso(now), nowIso(new Date(now.getTime() - OPERATOR_SESSION.idleMs)));
  if (!row) return null;
  if (now.getTime() - Date.parse(row.lastSeenAt) > OPERATOR_SESSION.touchEveryMs) await repo.touchSession(db, row.sessionId, nowIso(now));
  return { sessionId: row.sessionId, operatorId: row.operatorId, email: row.email, name: row.name, complete: row.secondFactorAt !== null };
}

// ---------------------------------------------------------------------------------------------
// Creation (command line) and the set-password link

export function setPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/set-password?token=${encodeURIComponent(token)}`;
}

export interface CreatedOperator {
  operator: Operator;
  created: boolean;
  setPasswordUrl: string;
}

/**
 * Creates the operator (or, for an existing e-mail, issues a new link: a forgotten password);
 * `resetSecondFactor` also removes the authenticator (a lost phone). Sessions end either way.
 */
export async function createOperator(
  deps: { db: Kysely<Database>; config: Pick<Config, 'publicUrl'> },
  input: { email: string; name: string; resetSecondFactor?: boolean },
  now = new Date(),
): Promise<CreatedOperator> {
  return deps.db.transaction().execute(async (trx) => {
    let operator = await repo.findOperatorByEmail(trx, input.email);
    const created = !operator;
    operator ??= await repo.insertOperator(trx, { email: input.email, name: input.name }, now);
    if (input.resetSecondFactor) await repo.clearSecondFactor(trx, operator.id);
    await repo.deleteOperatorSessions(trx, operator.id);
    const token = newToken();
    await repo.insertToken(trx, {
      tokenHash: hashToken(token),
      operatorId: operator.id,
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + SET_PASSWORD_TTL_MS)),
    });
    await recordAudit(trx, { operatorId: null, email: 'línea de comandos', ip: '' }, 'operator.created', operator.email, {
      name: operator.name,
      newOperator: created,
      secondFactorReset: input.resetSecondFactor === true,
    });
    return { operator, created, setPasswordUrl: setPasswordUrl(deps.config.publicUrl, token) };
  });
}

export async function operatorOfSetPasswordToken(ctx: AppContext, token: string): Promise<Operator> {
  const row = await repo.findUsableToken(ctx.db, hashToken(token), nowIso());
  const operator = row ? await repo.findOperatorById(ctx.db, row.operatorId) : null;
  if (!operator) throw badRequest(OPERATOR_MESSAGES.invalidLink);
  return operator;
}

export async function setPasswordWithToken(ctx: AppContext, input: { token: string; password: string }, ip: string): Promise<void> {
  const row = await repo.findUsableToken(ctx.db, hashToken(input.token), nowIso());
  if (!row) throw badRequest(OPERATOR_MESSAGES.invalidLink);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeToken(trx, row.id, nowIso()))) throw badRequest(OPERATOR_MESSAGES.invalidLink);
    await repo.setOperatorPassword(trx, row.operatorId, passwordHash);
    await repo.deleteOperatorSessions(trx, row.operatorId);
    const operator = await repo.findOperatorById(trx, row.operatorId);
    await recordAudit(trx, { operatorId: row.operatorId, email: operator?.email ?? '', ip }, 'operator.password-set', operator?.email ?? '');
  });
}

// ---------------------------------------------------------------------------------------------
// Login: password, then the second factor

export async function login(ctx: AppContext, input: OperatorLoginInput & { email: string }, ip: string): Promise<{ token: string; next: 'enroll' | 'verify' }> {
  const seen: { operator?: Operator | null } = {};
  const operator = await ctx.attempts.attempt(OPERATOR_LOGIN_POLICY, input.email, ip, async () => {
    seen.operator = await repo.findOperatorByEmail(ctx.db, input.email);
    const hash = seen.operator?.passwordHash;
    const valid = hash ? await verifyPassword(hash, input.password) : await verifyAgainstDummy(input.password);
    return valid ? (seen.operator ?? null) : null;
  });
  if (!operator) {
    // Only attempts on a real operator are worth a trace; unknown e-mails would fill the trail.
    if (seen.operator) await recordAudit(ctx.db, { operatorId: seen.operator.id, email: seen.operator.email, ip }, 'operator.login-failed', seen.operator.email);
    throw unauthorized(OPERATOR_MESSAGES.badCredentials);
  }
  const token = await openSession(ctx.db, operator.id, false);
  return { token, next: operator.totpConfirmedAt ? 'verify' : 'enroll' };
}

/** Shared with the partner channel's admins (docs/decisions/031): one set of TOTP rules. */
export const TOTP_SHAPE = { issuer: 'Recuerdos', algorithm: 'SHA1', digits: 6, period: 30 } as const;

export function totpFor(operator: Pick<Operator, 'email'>, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ ...TOTP_SHAPE, label: operator.email, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The time step a code belongs to (the current one, or one either side for a slow phone), or null. */
export function matchingStep(operator: Pick<Operator, 'email'>, secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(operator, secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_SHAPE.period) + delta;
}

async function operatorOf(ctx: AppContext, session: OperatorSession): Promise<Operator> {
  const operator = await repo.findOperatorById(ctx.db, session.operatorId);
  if (!operator) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
  return operator;
}

export async function startEnrollment(ctx: AppContext, session: OperatorSession): Promise<{ secret: string; uri: string; qr: string }> {
  const operator = await operatorOf(ctx, session);
  if (operator.totpConfirmedAt) throw conflict(OPERATOR_MESSAGES.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await repo.setPendingTotpSecret(ctx.db, operator.id, secret))) throw conflict(OPERATOR_MESSAGES.alreadyEnrolled);
  const uri = totpFor(operator, secret).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length] ?? 'a').join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex');
}

export interface CompletedLogin {
  token: string;
  operator: Pick<Operator, 'email' | 'name'>;
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
}

/**
 * Guesses of a code are limited per operator and address (DESIGN §4): counted before the check,
 * failures only; a TOTP code also meets a cap per operator that a recovery code does not.
 */
function guardCode<T>(ctx: AppContext, policy: AttemptPolicy, session: OperatorSession, ip: string, check: () => Promise<T | null>): Promise<T | null> {
  return ctx.attempts.attempt(policy, String(session.operatorId), ip, check);
}

/** The first valid code confirms the authenticator; the recovery codes are answered this once. */
export async function confirmEnrollment(ctx: AppContext, session: OperatorSession, code: string, ip: string): Promise<CompletedLogin> {
  const operator = await operatorOf(ctx, session);
  if (operator.totpConfirmedAt) throw conflict(OPERATOR_MESSAGES.alreadyEnrolled);
  const secret = operator.totpSecret;
  if (!secret) throw badRequest(OPERATOR_MESSAGES.notEnrolled);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const token = await guardCode(ctx, ENROLMENT_CODE_POLICY, session, ip, async () => {
    const step = matchingStep(operator, secret, code, ctx.now().getTime());
    if (step === null) return null;
    return ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.acceptTotpStep(trx, operator.id, step, true))) return null;
      await repo.replaceRecoveryCodes(trx, operator.id, recoveryCodes.map(hashRecoveryCode));
      await recordAudit(trx, actorOf(session, ip), 'operator.second-factor-enrolled', operator.email);
      await recordAudit(trx, actorOf(session, ip), 'operator.login', operator.email);
      return completeSessionIn(trx, session);
    });
  });
  if (token === null) {
    await recordAudit(ctx.db, actorOf(session, ip), 'operator.second-factor-failed', operator.email, { during: 'enrolment' });
    throw badRequest(OPERATOR_MESSAGES.badCode);
  }
  return { token, operator, recoveryCodes };
}

async function completeSessionIn(trx: Kysely<Database>, session: OperatorSession): Promise<string> {
  if (!(await repo.deleteSession(trx, session.sessionId))) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
  return openSession(trx, session.operatorId, true);
}

/** A TOTP code (each accepted once) or an unused recovery code completes the login. */
export async function verifySecondFactor(ctx: AppContext, session: OperatorSession, code: string, ip: string): Promise<CompletedLogin> {
  const operator = await operatorOf(ctx, session);
  const secret = operator.totpSecret;
  if (!operator.totpConfirmedAt || !secret) throw badRequest(OPERATOR_MESSAGES.notEnrolled);
  const actor = actorOf(session, ip);
  if (/^\d{6}$/.test(code)) {
    const token = await guardCode(ctx, TOTP_CODE_POLICY, session, ip, async () => {
      const step = matchingStep(operator, secret, code, ctx.now().getTime());
      if (step === null || !(await repo.acceptTotpStep(ctx.db, operator.id, step, false))) return null;
      return ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, 'operator.login', operator.email);
        return completeSessionIn(trx, session);
      });
    });
    if (token === null) {
      await recordAudit(ctx.db, actor, 'operator.second-factor-failed', operator.email);
      throw badRequest(OPERATOR_MESSAGES.badCode);
    }
    return { token, operator };
  }
  const result = await guardCode(ctx, RECOVERY_CODE_POLICY, session, ip, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.useRecoveryCode(trx, operator.id, hashRecoveryCode(code)))) return null;
      const left = await repo.recoveryCodesLeft(trx, operator.id);
      await recordAudit(trx, actor, 'operator.recovery-code-used', operator.email, { left });
      await recordAudit(trx, actor, 'operator.login', operator.email, { with: 'recovery code' });
      return { token: await completeSessionIn(trx, session), left };
    }),
  );
  if (!result) {
    await recordAudit(ctx.db, actor, 'operator.second-factor-failed', operator.email, { with: 'recovery code' });
    throw badRequest(OPERATOR_MESSAGES.badCode);
  }
  return { token: result.token, operator, recoveryCodesLeft: result.left };
}

export async function logout(ctx: AppContext, session: OperatorSession, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, session.sessionId);
    await recordAudit(trx, actorOf(session, ip), 'operator.logout', session.email);
  });
}

/** Every session of the operator ends (this one too); a new one is answered for this browser. */
export async function changePassword(
  ctx: AppContext,
  session: OperatorSession,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<string> {
  await enforceLimit(ctx, [{ key: `password:${session.operatorId}`, rule: OPERATOR_LIMITS.passwordChangePerOperator }], OPERATOR_MESSAGES.tooManyLogins);
  const operator = await operatorOf(ctx, session);
  if (!operator.passwordHash || !(await verifyPassword(operator.passwordHash, input.currentPassword))) {
    throw new AppError(400, OPERATOR_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.setOperatorPassword(trx, operator.id, passwordHash);
    await repo.deleteOperatorSessions(trx, operator.id);
    await recordAudit(trx, actorOf(session, ip), 'operator.password-changed', operator.email);
    return openSession(trx, operator.id, true);
  });
}

