// The partner channel's people (issue 30 §1, docs/decisions/031): funeral homes and camposantos
// (partners), their branches and staff. The operator creates them from the command line (and later
// the back office); staff sign in at /socios with a password, partner admins also with a TOTP second
// factor, through the operators' machinery: step sessions, codes accepted once, recovery codes, and
// the attempt guard with the operators' numbers under keys of their own.
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import { PARTNER_MESSAGES, type PartnerLoginInput } from '@recuerdos/shared/partner-schemas';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database, Partner, PartnerBranch, PartnerRole, PartnerUser } from '../../db/schema';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { hashToken, newToken } from '../../auth/tokens';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { AttemptPolicy } from '../../security/attempt-guard';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import {
  OPERATOR_LOGIN_POLICY,
  OPERATOR_SESSION,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_POLICY,
  SET_PASSWORD_TTL_MS,
  TOTP_CODE_POLICY,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCode,
  totpFor,
} from '../operator/operator.service';
import * as OTPAuth from 'otpauth';
import { PARTNER_POLICY, type PartnerCaller } from './partner.policy';
import * as repo from './partner.repository';

const M = PARTNER_MESSAGES;

/** The operators' session lengths (013): a working day at most, 30 idle minutes. */
export const PARTNER_SESSION = OPERATOR_SESSION;

/** The operators' numbers (011 §3a), counted apart: `partner-login:*`, `partner-code:*`. */
export const PARTNER_LOGIN_POLICY: AttemptPolicy = { ...OPERATOR_LOGIN_POLICY, name: 'partner-login', tooMany: M.tooManyLogins };
const PARTNER_RECOVERY_POLICY: AttemptPolicy = { ...RECOVERY_CODE_POLICY, name: 'partner-code', tooMany: M.tooManyCodes };
const PARTNER_TOTP_POLICY: AttemptPolicy = {
  ...TOTP_CODE_POLICY,
  name: 'partner-code',
  tooMany: M.tooManyCodes,
  ...(TOTP_CODE_POLICY.perTargetCap ? { perTargetCap: { ...TOTP_CODE_POLICY.perTargetCap, tooMany: M.tooManyTotpCodes } } : {}),
};
const PARTNER_ENROLMENT_POLICY: AttemptPolicy = {
  ...PARTNER_TOTP_POLICY,
  ...(TOTP_CODE_POLICY.perTargetCap ? { perTargetCap: { ...TOTP_CODE_POLICY.perTargetCap, tooMany: M.tooManyCodes } } : {}),
};

export interface PartnerSession extends PartnerCaller {
  sessionId: number;
  partnerUserId: number;
  email: string;
  name: string;
  partnerName: string;
  /** False while an admin gave only the password. */
  complete: boolean;
}

/** Partner actions in the shared audit trail: no operator id, the person's e-mail marked 'socio:'. */
export function partnerActor(session: Pick<PartnerSession, 'email'>, ip: string): AuditActor {
  return { operatorId: null, email: `socio:${session.email}`, ip };
}

const COMMAND_LINE: AuditActor = { operatorId: null, email: 'línea de comandos', ip: '' };

// ---------------------------------------------------------------------------------------------
// Creation (command line; the back office later)

/** '12.5' → 1250 basis points; null when not a percentage between 0 and 100 with two decimals at most. */
export function commissionBasisPoints(text: string): number | null {
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(text.trim())) return null;
  const bp = Math.round(Number(text.trim().replace(',', '.')) * 100);
  return bp >= 0 && bp <= 10_000 ? bp : null;
}

export class PartnerInputError extends Error {
  override name = 'PartnerInputError';
}

export async function createPartner(
  db: Kysely<Database>,
  input: { name: string; legalName: string; ruc: string; commissionBp: number; branchName: string },
  actor: AuditActor = COMMAND_LINE,
): Promise<{ partner: Partner; branch: PartnerBranch }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const partner = await repo.insertPartner(trx, { name: input.name, legalName: input.legalName, ruc: input.ruc, commissionBp: input.commissionBp });
      const branch = await repo.insertBranch(trx, { partnerId: partner.id, name: input.branchName, address: '' });
      await recordAudit(trx, actor, 'partner.created', `socio:${partner.id}`, { name: partner.name, ruc: partner.ruc, commissionBp: partner.commissionBp });
      return { partner, branch };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new PartnerInputError(`a partner with RUC ${input.ruc} already exists`);
    throw err;
  }
}

export function setPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/socios/set-password?token=${encodeURIComponent(token)}`;
}

async function issueSetPasswordLink(trx: Kysely<Database>, publicUrl: string, partnerUserId: number, now: Date): Promise<string> {
  const token = newToken();
  await repo.insertToken(trx, {
    tokenHash: hashToken(token),
    partnerUserId,
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + SET_PASSWORD_TTL_MS)),
  });
  return setPasswordUrl(publicUrl, token);
}

export interface CreatedPartnerUser {
  user: PartnerUser;
  /** Null when a password was given. */
  setPasswordUrl: string | null;
}

/**
 * A partner admin or adviser. An adviser belongs to one of the partner's branches; an admin to none.
 * With a password the person can sign in at once; without, a single-use link is returned to hand over.
 */
export async function createPartnerUser(
  deps: { db: Kysely<Database>; config: Pick<Config, 'publicUrl'> },
  input: { partnerId: number; email: string; name: string; role: PartnerRole; branchId: number | null; password?: string | undefined },
  actor: AuditActor = COMMAND_LINE,
  now = new Date(),
): Promise<CreatedPartnerUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const partner = await repo.findPartnerById(deps.db, input.partnerId);
  if (!partner) throw notFound(M.branchNotFound);
  if (input.role === 'adviser' && input.branchId === null) throw badRequest(M.branchRequired);
  if (input.branchId !== null && !(await repo.findBranch(deps.db, partner.id, input.branchId))) throw notFound(M.branchNotFound);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const user = await repo.insertPartnerUser(
        trx,
        { partnerId: partner.id, branchId: input.role === 'admin' ? null : input.branchId, email: input.email, name: input.name, role: input.role, passwordHash },
        now,
      );
      const link = passwordHash ? null : await issueSetPasswordLink(trx, deps.config.publicUrl, user.id, now);
      await recordAudit(trx, actor, 'partner.user-created', user.email, { partner: partner.id, role: user.role, branch: user.branchId });
      return { user, setPasswordUrl: link };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.emailTaken);
    throw err;
  }
}

/** Suspends (or resumes) a partner: its staff's sessions end with it; its memorials stay the families'. */
export async function setPartnerSuspension(db: Kysely<Database>, partnerId: number, suspended: boolean, actor: AuditActor = COMMAND_LINE): Promise<Partner | null> {
  return db.transaction().execute(async (trx) => {
    const partner = await repo.findPartnerById(trx, partnerId);
    if (!partner) return null;
    const at = suspended ? (partner.suspendedAt ?? nowIso()) : null;
    await repo.setPartnerSuspended(trx, partner.id, at);
    if (suspended) await repo.deletePartnerSessions(trx, partner.id);
    await recordAudit(trx, actor, suspended ? 'partner.suspended' : 'partner.resumed', `socio:${partner.id}`, { name: partner.name });
    return { ...partner, suspendedAt: at };
  });
}

// ---------------------------------------------------------------------------------------------
// Sessions

async function openSession(db: Kysely<Database>, partnerUserId: number, complete: boolean, now = new Date()): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    partnerUserId,
    completedAt: complete ? nowIso(now) : null,
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + (complete ? PARTNER_SESSION.ttlMs : PARTNER_SESSION.stepTtlMs))),
  });
  return token;
}

/** The session of a `partner` header, or null (absent, unknown, expired, idle, partner suspended). */
export async function findPartnerSession(db: Kysely<Database>, token: string, now = new Date()): Promise<PartnerSession | null> {
  const row = await repo.findSession(db, hashToken(token), nowIso(now), nowIso(new Date(now.getTime() - PARTNER_SESSION.idleMs)));
  if (!row) return null;
  if (now.getTime() - Date.parse(row.lastSeenAt) > PARTNER_SESSION.touchEveryMs) await repo.touchSession(db, row.sessionId, nowIso(now));
  return {
    sessionId: row.sessionId,
    partnerUserId: row.partnerUserId,
    partnerId: row.partnerId,
    branchId: row.branchId,
    role: row.role,
    email: row.email,
    name: row.name,
    partnerName: row.partnerName,
    complete: row.completedAt !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-in: the password, then (admins) the second factor

export type LoginNext = 'done' | 'enroll' | 'verify';

export async function login(ctx: AppContext, input: PartnerLoginInput & { email: string }, ip: string): Promise<{ token: string; next: LoginNext }> {
  const seen: { user?: PartnerUser | null } = {};
  const user = await ctx.attempts.attempt(PARTNER_LOGIN_POLICY, input.email, ip, async () => {
    seen.user = await repo.findPartnerUserByEmail(ctx.db, input.email);
    const hash = seen.user?.passwordHash;
    const valid = hash ? await verifyPassword(hash, input.password) : await verifyAgainstDummy(input.password);
    return valid ? (seen.user ?? null) : null;
  });
  if (!user) {
    if (seen.user) await recordAudit(ctx.db, partnerActor(seen.user, ip), 'partner.login-failed', seen.user.email);
    throw unauthorized(M.badCredentials);
  }
  // Said only to whoever knows the password: a stranger learns nothing about the partner.
  const partner = await repo.findPartnerById(ctx.db, user.partnerId);
  if (!partner || partner.suspendedAt) throw forbidden(M.suspended);
  if (user.role === 'adviser') {
    const token = await ctx.db.transaction().execute(async (trx) => {
      await recordAudit(trx, partnerActor(user, ip), 'partner.login', user.email);
      return openSession(trx, user.id, true);
    });
    return { token, next: 'done' };
  }
  const token = await openSession(ctx.db, user.id, false);
  return { token, next: user.totpConfirmedAt ? 'verify' : 'enroll' };
}

async function userOf(ctx: AppContext, session: PartnerSession): Promise<PartnerUser> {
  const user = await repo.findPartnerUserById(ctx.db, session.partnerUserId);
  if (!user) throw unauthorized(M.sessionExpired);
  if (user.role !== 'admin') throw conflict(M.noSecondFactor);
  return user;
}

export async function startEnrollment(ctx: AppContext, session: PartnerSession): Promise<{ secret: string; uri: string; qr: string }> {
  const user = await userOf(ctx, session);
  if (user.totpConfirmedAt) throw conflict(M.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await repo.setPendingTotpSecret(ctx.db, user.id, secret))) throw conflict(M.alreadyEnrolled);
  const uri = totpFor(user, secret).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export interface CompletedLogin {
  token: string;
  user: Pick<PartnerUser, 'email' | 'name'>;
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
}

function guardCode<T>(ctx: AppContext, policy: AttemptPolicy, session: PartnerSession, ip: string, check: () => Promise<T | null>): Promise<T | null> {
  return ctx.attempts.attempt(policy, String(session.partnerUserId), ip, check);
}

async function completeSessionIn(trx: Kysely<Database>, session: PartnerSession): Promise<string> {
  if (!(await repo.deleteSession(trx, session.sessionId))) throw unauthorized(M.sessionExpired);
  return openSession(trx, session.partnerUserId, true);
}

export async function confirmEnrollment(ctx: AppContext, session: PartnerSession, code: string, ip: string): Promise<CompletedLogin> {
  const user = await userOf(ctx, session);
  if (user.totpConfirmedAt) throw conflict(M.alreadyEnrolled);
  const secret = user.totpSecret;
  if (!secret) throw badRequest(M.notEnrolled);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const actor = partnerActor(user, ip);
  const token = await guardCode(ctx, PARTNER_ENROLMENT_POLICY, session, ip, async () => {
    const step = matchingStep(user, secret, code, ctx.now().getTime());
    if (step === null) return null;
    return ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.acceptTotpStep(trx, user.id, step, true))) return null;
      await repo.replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode));
      await recordAudit(trx, actor, 'partner.second-factor-enrolled', user.email);
      await recordAudit(trx, actor, 'partner.login', user.email);
      return completeSessionIn(trx, session);
    });
  });
  if (token === null) {
    await recordAudit(ctx.db, actor, 'partner.second-factor-failed', user.email, { during: 'enrolment' });
    throw badRequest(M.badCode);
  }
  return { token, user, recoveryCodes };
}

export async function verifySecondFactor(ctx: AppContext, session: PartnerSession, code: string, ip: string): Promise<CompletedLogin> {
  const user = await userOf(ctx, session);
  const secret = user.totpSecret;
  if (!user.totpConfirmedAt || !secret) throw badRequest(M.notEnrolled);
  const actor = partnerActor(user, ip);
  if (/^\d{6}$/.test(code)) {
    const token = await guardCode(ctx, PARTNER_TOTP_POLICY, session, ip, async () => {
      const step = matchingStep(user, secret, code, ctx.now().getTime());
      if (step === null || !(await repo.acceptTotpStep(ctx.db, user.id, step, false))) return null;
      return ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, 'partner.login', user.email);
        return completeSessionIn(trx, session);
      });
    });
    if (token === null) {
      await recordAudit(ctx.db, actor, 'partner.second-factor-failed', user.email);
      throw badRequest(M.badCode);
    }
    return { token, user };
  }
  const result = await guardCode(ctx, PARTNER_RECOVERY_POLICY, session, ip, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.useRecoveryCode(trx, user.id, hashRecoveryCode(code)))) return null;
      const left = await repo.recoveryCodesLeft(trx, user.id);
      await recordAudit(trx, actor, 'partner.recovery-code-used', user.email, { left });
      await recordAudit(trx, actor, 'partner.login', user.email, { with: 'recovery code' });
      return { token: await completeSessionIn(trx, session), left };
    }),
  );
  if (!result) {
    await recordAudit(ctx.db, actor, 'partner.second-factor-failed', user.email, { with: 'recovery code' });
    throw badRequest(M.badCode);
  }
  return { token: result.token, user, recoveryCodesLeft: result.left };
}

export async function logout(ctx: AppContext, session: PartnerSession, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, session.sessionId);
    await recordAudit(trx, partnerActor(session, ip), 'partner.logout', session.email);
  });
}

export async function userOfSetPasswordToken(ctx: AppContext, token: string): Promise<PartnerUser> {
  const row = await repo.findUsableToken(ctx.db, hashToken(token), nowIso());
  const user = row ? await repo.findPartnerUserById(ctx.db, row.partnerUserId) : null;
  if (!user) throw badRequest(M.invalidLink);
  return user;
}

export async function setPasswordWithToken(ctx: AppContext, input: { token: string; password: string }, ip: string): Promise<void> {
  const row = await repo.findUsableToken(ctx.db, hashToken(input.token), nowIso());
  if (!row) throw badRequest(M.invalidLink);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeToken(trx, row.id, nowIso()))) throw badRequest(M.invalidLink);
    await repo.setPartnerUserPassword(trx, row.partnerUserId, passwordHash);
    await repo.deletePartnerUserSessions(trx, row.partnerUserId);
    const user = await repo.findPartnerUserById(trx, row.partnerUserId);
    await recordAudit(trx, partnerActor({ email: user?.email ?? '' }, ip), 'partner.password-set', user?.email ?? '');
  });
}

// ---------------------------------------------------------------------------------------------
// The partner's own branches and staff (/socios)

export function branchesFor(ctx: AppContext, session: PartnerSession): Promise<PartnerBranch[]> {
  return repo.listBranches(ctx.db, session.partnerId, PARTNER_POLICY.readAllBranches(session) ? null : session.branchId);
}

export async function createBranch(ctx: AppContext, session: PartnerSession, input: { name: string; address: string }, ip: string): Promise<PartnerBranch> {
  if (!PARTNER_POLICY.createBranch(session)) throw forbidden(M.adminsOnly);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const branch = await repo.insertBranch(trx, { partnerId: session.partnerId, name: input.name, address: input.address });
      await recordAudit(trx, partnerActor(session, ip), 'partner.branch-created', `socio:${session.partnerId}`, { branch: branch.id, name: branch.name });
      return branch;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.branchExists);
    throw err;
  }
}

export async function staffOf(ctx: AppContext, session: PartnerSession): Promise<repo.StaffRow[]> {
  if (!PARTNER_POLICY.manageStaff(session)) throw forbidden(M.adminsOnly);
  return repo.listStaff(ctx.db, session.partnerId);
}

/** An admin adds an adviser to one of its branches; the set-password link is answered to hand over. */
export async function addAdviser(ctx: AppContext, session: PartnerSession, input: { email: string; name: string; branchId: number }, ip: string): Promise<CreatedPartnerUser> {
  if (!PARTNER_POLICY.manageStaff(session)) throw forbidden(M.adminsOnly);
  if (!(await repo.findBranch(ctx.db, session.partnerId, input.branchId))) throw new AppError(404, M.branchNotFound);
  return createPartnerUser(
    { db: ctx.db, config: ctx.config },
    { partnerId: session.partnerId, email: input.email, name: input.name, role: 'adviser', branchId: input.branchId },
    partnerActor(session, ip),
  );
}
