// The partner channel's people (issue 30 §1, docs/decisions/031): funeral homes and camposantos
// (partners), their branches and staff. The operator creates them from the command line (and later
// the back office); staff sign in at /socios with a password, partner admins also with a TOTP second
// factor, through the sign-in of every staff realm (modules/staff-auth, docs/decisions/033): step
// sessions, codes accepted once, recovery codes, and the attempt guard's numbers under keys of their own.
import type { Kysely } from 'kysely';
import { PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database, Partner, PartnerBranch, PartnerRole, PartnerUser } from '../../db/schema';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword } from '../../auth/passwords';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { STAFF_SESSION, staffPolicies, type StaffRealm, type StaffSession } from '../staff-auth/staff-auth.realm';
import { findStaffSession, issueSetPasswordLink } from '../staff-auth/staff-auth.service';
import { PARTNER_POLICY, type PartnerCaller } from './partner.policy';
import * as repo from './partner.repository';

const M = PARTNER_MESSAGES;

/** The staff session lengths (013): a working day at most, 30 idle minutes. */
export const PARTNER_SESSION = STAFF_SESSION;

export interface PartnerSession extends StaffSession, PartnerCaller {
  partnerUserId: number;
  partnerName: string;
}

/** Partner actions in the shared audit trail: no operator id, the person's e-mail marked 'socio:'. */
export function partnerActor(session: Pick<PartnerSession, 'email'>, ip: string): AuditActor {
  return { operatorId: null, email: `socio:${session.email}`, ip };
}

/**
 * The partner's staff as a staff realm (docs/decisions/031, 033): the partner_* tables, the `partner`
 * header, the operators' attempt numbers counted apart (`partner-login:*`, `partner-code:*`), a
 * second factor for admins only, and a suspended partner's staff refused: after the password at
 * sign-in, and on every session lookup.
 */
export const PARTNER_REALM: StaffRealm<PartnerUser, PartnerSession> = {
  audit: 'partner',
  header: 'partner',
  tables: {
    users: 'partnerUsers',
    sessions: 'partnerSessions',
    tokens: 'partnerTokens',
    recoveryCodes: 'partnerRecoveryCodes',
    userId: 'partnerUserId',
    completedAt: 'completedAt',
  },
  messages: M,
  policies: staffPolicies('partner', M),
  setPasswordPath: '/socios/set-password',
  userByEmail: repo.findPartnerUserByEmail,
  userById: repo.findPartnerUserById,
  actor: partnerActor,
  secondFactor: { required: (user) => user.role === 'admin', notUsed: M.noSecondFactor },
  async admit(db, user) {
    // Said only to whoever knows the password: a stranger learns nothing about the partner.
    const partner = await repo.findPartnerById(db, user.partnerId);
    if (!partner || partner.suspendedAt) throw forbidden(M.suspended);
  },
  async session(db, base) {
    const scope = await repo.findSessionScope(db, base.userId);
    return scope ? { ...base, ...scope, partnerUserId: base.userId } : null;
  },
};

/** The session of a `partner` header, or null (absent, unknown, expired, idle, partner suspended). */
export function findPartnerSession(db: Kysely<Database>, token: string, now = new Date()): Promise<PartnerSession | null> {
  return findStaffSession(PARTNER_REALM, db, token, now);
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
      const link = passwordHash ? null : await issueSetPasswordLink(PARTNER_REALM, trx, deps.config.publicUrl, user.id, now);
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
