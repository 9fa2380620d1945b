// Staff sign-in, written once for every staff realm (docs/decisions/033; 013 for operators, 031 for
// a partner's staff): a password, then (for whom the realm asks it) a TOTP code from an authenticator
// app enrolled at the first sign-in, or one of ten recovery codes shown once; a step session between
// the two; sessions short-lived and ended after 30 idle minutes; single-use set-password links. Each
// function takes the realm: its tables, limiter keys, audit actions and Spanish messages.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/database';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { hashToken, newToken } from '../../auth/tokens';
import { badRequest, conflict, unauthorized } from '../../http/errors';
import type { AttemptPolicy } from '../../security/attempt-guard';
import { recordAudit } from '../audit/audit.service';
import { RECOVERY_CODE_COUNT, SET_PASSWORD_TTL_MS, STAFF_SESSION, type StaffRealm, type StaffSession, type StaffUser } from './staff-auth.realm';
import * as repo from './staff-auth.repository';

type Realm<U extends StaffUser = StaffUser, S extends StaffSession = StaffSession> = StaffRealm<U, S>;

const actorOfSession = (realm: Realm, session: StaffSession, ip: string) => realm.actor({ id: session.userId, email: session.email }, ip);

// ---------------------------------------------------------------------------------------------
// Sessions

export async function openSession(realm: Realm, db: Kysely<Database>, userId: number, complete: boolean, now = new Date()): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, realm.tables, {
    tokenHash: hashToken(token),
    userId,
    completedAt: complete ? nowIso(now) : null,
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + (complete ? STAFF_SESSION.ttlMs : STAFF_SESSION.stepTtlMs))),
  });
  return token;
}

/** The session of the realm's header, or null (absent, unknown, expired, idle too long, refused by the realm). */
export async function findStaffSession<S extends StaffSession>(realm: Realm<StaffUser, S>, db: Kysely<Database>, token: string, now = new Date()): Promise<S | null> {
  const row = await repo.findSession(db, realm.tables, hashToken(token), nowIso(now), nowIso(new Date(now.getTime() - STAFF_SESSION.idleMs)));
  if (!row) return null;
  const session = await realm.session(db, {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    complete: row.completedAt !== null,
  });
  if (!session) return null;
  if (now.getTime() - Date.parse(row.lastSeenAt) > STAFF_SESSION.touchEveryMs) await repo.touchSession(db, realm.tables, row.sessionId, nowIso(now));
  return session;
}

export async function logout(realm: Realm, ctx: AppContext, session: StaffSession, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, realm.tables, session.sessionId);
    await recordAudit(trx, actorOfSession(realm, session, ip), `${realm.audit}.logout`, session.email);
  });
}

// ---------------------------------------------------------------------------------------------
// The set-password link

/** A new single-use link (an earlier unused one stops working); answers its URL. */
export async function issueSetPasswordLink(realm: Realm, trx: Kysely<Database>, publicUrl: string, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await repo.insertToken(trx, realm.tables, {
    tokenHash: hashToken(token),
    userId,
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + SET_PASSWORD_TTL_MS)),
  });
  return `${publicUrl}${realm.setPasswordPath}?token=${encodeURIComponent(token)}`;
}

export async function userOfSetPasswordToken<U extends StaffUser>(realm: Realm<U>, ctx: AppContext, token: string): Promise<U> {
  const row = await repo.findUsableToken(ctx.db, realm.tables, hashToken(token), nowIso());
  const user = row ? await realm.userById(ctx.db, row.userId) : null;
  if (!user) throw badRequest(realm.messages.invalidLink);
  return user;
}

/** Sets the password and ends every session of the person. */
export async function setPasswordWithToken(realm: Realm, ctx: AppContext, input: { token: string; password: string }, ip: string): Promise<void> {
  const row = await repo.findUsableToken(ctx.db, realm.tables, hashToken(input.token), nowIso());
  if (!row) throw badRequest(realm.messages.invalidLink);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeToken(trx, realm.tables, row.id, nowIso()))) throw badRequest(realm.messages.invalidLink);
    await repo.setPassword(trx, realm.tables, row.userId, passwordHash);
    await repo.deleteUserSessions(trx, realm.tables, row.userId);
    const user = await realm.userById(trx, row.userId);
    const email = user?.email ?? '';
    await recordAudit(trx, realm.actor({ id: row.userId, email }, ip), `${realm.audit}.password-set`, email);
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-in: the password, then the second factor

export type LoginNext = 'done' | 'enroll' | 'verify';

export async function login<U extends StaffUser>(realm: Realm<U>, ctx: AppContext, input: { email: string; password: string }, ip: string): Promise<{ token: string; next: LoginNext }> {
  const seen: { user?: U | null } = {};
  const user = await ctx.attempts.attempt(realm.policies.login, input.email, ip, async () => {
    seen.user = await realm.userByEmail(ctx.db, input.email);
    const hash = seen.user?.passwordHash;
    const valid = hash ? await verifyPassword(hash, input.password) : await verifyAgainstDummy(input.password);
    return valid ? (seen.user ?? null) : null;
  });
  if (!user) {
    // Only attempts on a real person are worth a trace; unknown e-mails would fill the trail.
    if (seen.user) await recordAudit(ctx.db, realm.actor(seen.user, ip), `${realm.audit}.login-failed`, seen.user.email);
    throw unauthorized(realm.messages.badCredentials);
  }
  await realm.admit?.(ctx.db, user);
  if (realm.secondFactor && !realm.secondFactor.required(user)) {
    const token = await ctx.db.transaction().execute(async (trx) => {
      await recordAudit(trx, realm.actor(user, ip), `${realm.audit}.login`, user.email);
      return openSession(realm, trx, user.id, true);
    });
    return { token, next: 'done' };
  }
  const token = await openSession(realm, ctx.db, user.id, false);
  return { token, next: user.totpConfirmedAt ? 'verify' : 'enroll' };
}

/** One set of TOTP rules for every realm. */
export const TOTP_SHAPE = { issuer: 'Recuerdos', algorithm: 'SHA1', digits: 6, period: 30 } as const;

export function totpFor(user: Pick<StaffUser, 'email'>, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ ...TOTP_SHAPE, label: user.email, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The time step a code belongs to (the current one, or one either side for a slow phone), or null. */
export function matchingStep(user: Pick<StaffUser, 'email'>, secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(user, secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_SHAPE.period) + delta;
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

/** The person of a step session, who must be one the realm asks a second factor of. */
async function secondFactorUserOf<U extends StaffUser>(realm: Realm<U>, ctx: AppContext, session: StaffSession): Promise<U> {
  const user = await realm.userById(ctx.db, session.userId);
  if (!user) throw unauthorized(realm.messages.sessionExpired);
  if (realm.secondFactor && !realm.secondFactor.required(user)) throw conflict(realm.secondFactor.notUsed);
  return user;
}

export async function startEnrollment(realm: Realm, ctx: AppContext, session: StaffSession): Promise<{ secret: string; uri: string; qr: string }> {
  const user = await secondFactorUserOf(realm, ctx, session);
  if (user.totpConfirmedAt) throw conflict(realm.messages.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await repo.setPendingTotpSecret(ctx.db, realm.tables, user.id, secret))) throw conflict(realm.messages.alreadyEnrolled);
  const uri = totpFor(user, secret).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export interface CompletedLogin<U extends StaffUser = StaffUser> {
  token: string;
  user: U;
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
}

/**
 * Guesses of a code are limited per person and address (DESIGN §4): counted before the check,
 * failures only; a TOTP code also meets a cap per person that a recovery code does not.
 */
function guardCode<T>(ctx: AppContext, policy: AttemptPolicy, session: StaffSession, ip: string, check: () => Promise<T | null>): Promise<T | null> {
  return ctx.attempts.attempt(policy, String(session.userId), ip, check);
}

async function completeSessionIn(realm: Realm, trx: Kysely<Database>, session: StaffSession): Promise<string> {
  if (!(await repo.deleteSession(trx, realm.tables, session.sessionId))) throw unauthorized(realm.messages.sessionExpired);
  return openSession(realm, trx, session.userId, true);
}

/** The first valid code confirms the authenticator; the recovery codes are answered this once. */
export async function confirmEnrollment<U extends StaffUser>(realm: Realm<U>, ctx: AppContext, session: StaffSession, code: string, ip: string): Promise<CompletedLogin<U>> {
  const user = await secondFactorUserOf(realm, ctx, session);
  if (user.totpConfirmedAt) throw conflict(realm.messages.alreadyEnrolled);
  const secret = user.totpSecret;
  if (!secret) throw badRequest(realm.messages.notEnrolled);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const actor = actorOfSession(realm, session, ip);
  const token = await guardCode(ctx, realm.policies.enrolmentCode, session, ip, async () => {
    const step = matchingStep(user, secret, code, ctx.now().getTime());
    if (step === null) return null;
    return ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.acceptTotpStep(trx, realm.tables, user.id, step, true))) return null;
      await repo.replaceRecoveryCodes(trx, realm.tables, user.id, recoveryCodes.map(hashRecoveryCode));
      await recordAudit(trx, actor, `${realm.audit}.second-factor-enrolled`, user.email);
      await recordAudit(trx, actor, `${realm.audit}.login`, user.email);
      return completeSessionIn(realm, trx, session);
    });
  });
  if (token === null) {
    await recordAudit(ctx.db, actor, `${realm.audit}.second-factor-failed`, user.email, { during: 'enrolment' });
    throw badRequest(realm.messages.badCode);
  }
  return { token, user, recoveryCodes };
}

/** A TOTP code (each accepted once) or an unused recovery code completes the sign-in. */
export async function verifySecondFactor<U extends StaffUser>(realm: Realm<U>, ctx: AppContext, session: StaffSession, code: string, ip: string): Promise<CompletedLogin<U>> {
  const user = await secondFactorUserOf(realm, ctx, session);
  const secret = user.totpSecret;
  if (!user.totpConfirmedAt || !secret) throw badRequest(realm.messages.notEnrolled);
  const actor = actorOfSession(realm, session, ip);
  if (/^\d{6}$/.test(code)) {
    const token = await guardCode(ctx, realm.policies.totpCode, session, ip, async () => {
      const step = matchingStep(user, secret, code, ctx.now().getTime());
      if (step === null || !(await repo.acceptTotpStep(ctx.db, realm.tables, user.id, step, false))) return null;
      return ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, `${realm.audit}.login`, user.email);
        return completeSessionIn(realm, trx, session);
      });
    });
    if (token === null) {
      await recordAudit(ctx.db, actor, `${realm.audit}.second-factor-failed`, user.email);
      throw badRequest(realm.messages.badCode);
    }
    return { token, user };
  }
  const result = await guardCode(ctx, realm.policies.recoveryCode, session, ip, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.useRecoveryCode(trx, realm.tables, user.id, hashRecoveryCode(code)))) return null;
      const left = await repo.recoveryCodesLeft(trx, realm.tables, user.id);
      await recordAudit(trx, actor, `${realm.audit}.recovery-code-used`, user.email, { left });
      await recordAudit(trx, actor, `${realm.audit}.login`, user.email, { with: 'recovery code' });
      return { token: await completeSessionIn(realm, trx, session), left };
    }),
  );
  if (!result) {
    await recordAudit(ctx.db, actor, `${realm.audit}.second-factor-failed`, user.email, { with: 'recovery code' });
    throw badRequest(realm.messages.badCode);
  }
  return { token: result.token, user, recoveryCodesLeft: result.left };
}
