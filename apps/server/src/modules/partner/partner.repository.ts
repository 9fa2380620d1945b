// Every SQL statement of the partner channel's people (issue 30 §1): partners, branches, staff,
// their sessions, set-password links and recovery codes.
import type { Kysely } from 'kysely';
import type { Database, Partner, PartnerBranch, PartnerRole, PartnerUser } from '../../db/schema';
import { nowIso } from '../../db/database';

// ---------------------------------------------------------------------------------------------
// Partners and branches

export function insertPartner(
  db: Kysely<Database>,
  values: { name: string; legalName: string; ruc: string; commissionBp: number },
  now = new Date(),
): Promise<Partner> {
  const at = nowIso(now);
  return db
    .insertInto('partners')
    .values({ ...values, logoKey: null, suspendedAt: null, createdAt: at, updatedAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPartnerById(db: Kysely<Database>, id: number): Promise<Partner | null> {
  return (await db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findPartnerByRuc(db: Kysely<Database>, ruc: string): Promise<Partner | null> {
  return (await db.selectFrom('partners').selectAll().where('ruc', '=', ruc).executeTakeFirst()) ?? null;
}

export async function setPartnerSuspended(db: Kysely<Database>, id: number, suspendedAt: string | null): Promise<void> {
  await db.updateTable('partners').set({ suspendedAt, updatedAt: nowIso() }).where('id', '=', id).execute();
}

export function insertBranch(db: Kysely<Database>, values: { partnerId: number; name: string; address: string }, now = new Date()): Promise<PartnerBranch> {
  return db
    .insertInto('partnerBranches')
    .values({ ...values, createdAt: nowIso(now) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A branch of that partner (another partner's branch is not found). */
export async function findBranch(db: Kysely<Database>, partnerId: number, branchId: number): Promise<PartnerBranch | null> {
  return (await db.selectFrom('partnerBranches').selectAll().where('id', '=', branchId).where('partnerId', '=', partnerId).executeTakeFirst()) ?? null;
}

export function listBranches(db: Kysely<Database>, partnerId: number, onlyBranchId: number | null = null): Promise<PartnerBranch[]> {
  let query = db.selectFrom('partnerBranches').selectAll().where('partnerId', '=', partnerId);
  if (onlyBranchId !== null) query = query.where('id', '=', onlyBranchId);
  return query.orderBy('id').execute();
}

// ---------------------------------------------------------------------------------------------
// Staff

export function insertPartnerUser(
  db: Kysely<Database>,
  values: { partnerId: number; branchId: number | null; email: string; name: string; role: PartnerRole; passwordHash: string | null },
  now = new Date(),
): Promise<PartnerUser> {
  const at = nowIso(now);
  return db
    .insertInto('partnerUsers')
    .values({ ...values, totpSecret: null, totpConfirmedAt: null, totpLastStep: null, createdAt: at, updatedAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPartnerUserByEmail(db: Kysely<Database>, email: string): Promise<PartnerUser | null> {
  return (await db.selectFrom('partnerUsers').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
}

export async function findPartnerUserById(db: Kysely<Database>, id: number): Promise<PartnerUser | null> {
  return (await db.selectFrom('partnerUsers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: PartnerRole;
  branchId: number | null;
  branchName: string | null;
  hasPassword: boolean;
}

export async function listStaff(db: Kysely<Database>, partnerId: number): Promise<StaffRow[]> {
  const rows = await db
    .selectFrom('partnerUsers')
    .leftJoin('partnerBranches', 'partnerBranches.id', 'partnerUsers.branchId')
    .select([
      'partnerUsers.id',
      'partnerUsers.email',
      'partnerUsers.name',
      'partnerUsers.role',
      'partnerUsers.branchId',
      'partnerBranches.name as branchName',
      'partnerUsers.passwordHash',
    ])
    .where('partnerUsers.partnerId', '=', partnerId)
    .orderBy('partnerUsers.id')
    .execute();
  return rows.map(({ passwordHash, ...row }) => ({ ...row, hasPassword: passwordHash !== null }));
}

export async function setPartnerUserPassword(db: Kysely<Database>, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('partnerUsers').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute();
}

export async function setPendingTotpSecret(db: Kysely<Database>, id: number, secret: string): Promise<boolean> {
  const result = await db
    .updateTable('partnerUsers')
    .set({ totpSecret: secret, totpLastStep: null, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('totpConfirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A TOTP step accepted once (as operators: a conditional UPDATE, so two requests cannot share a code). */
export async function acceptTotpStep(db: Kysely<Database>, id: number, step: number, confirm: boolean): Promise<boolean> {
  const at = nowIso();
  const result = await db
    .updateTable('partnerUsers')
    .set(confirm ? { totpLastStep: step, totpConfirmedAt: at, updatedAt: at } : { totpLastStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, partnerUserId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('partnerRecoveryCodes').where('partnerUserId', '=', partnerUserId).execute();
  await db
    .insertInto('partnerRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ partnerUserId, codeHash, usedAt: null })))
    .execute();
}

export async function useRecoveryCode(db: Kysely<Database>, partnerUserId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('partnerRecoveryCodes')
    .set({ usedAt: nowIso() })
    .where('partnerUserId', '=', partnerUserId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Kysely<Database>, partnerUserId: number): Promise<number> {
  const row = await db
    .selectFrom('partnerRecoveryCodes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('partnerUserId', '=', partnerUserId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface PartnerSessionRow {
  sessionId: number;
  partnerUserId: number;
  partnerId: number;
  branchId: number | null;
  role: PartnerRole;
  email: string;
  name: string;
  partnerName: string;
  completedAt: string | null;
  lastSeenAt: string;
}

export async function insertSession(
  db: Kysely<Database>,
  values: { tokenHash: string; partnerUserId: number; completedAt: string | null; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('partnerSessions').values({ ...values, lastSeenAt: values.createdAt }).execute();
}

/** The live session of that token: unexpired, used within the idle limit, of an unsuspended partner. */
export async function findSession(db: Kysely<Database>, tokenHash: string, now: string, idleCutoff: string): Promise<PartnerSessionRow | null> {
  const row = await db
    .selectFrom('partnerSessions')
    .innerJoin('partnerUsers', 'partnerUsers.id', 'partnerSessions.partnerUserId')
    .innerJoin('partners', 'partners.id', 'partnerUsers.partnerId')
    .select([
      'partnerSessions.id as sessionId',
      'partnerSessions.partnerUserId',
      'partnerUsers.partnerId',
      'partnerUsers.branchId',
      'partnerUsers.role',
      'partnerUsers.email',
      'partnerUsers.name',
      'partners.name as partnerName',
      'partnerSessions.completedAt',
      'partnerSessions.lastSeenAt',
    ])
    .where('partnerSessions.tokenHash', '=', tokenHash)
    .where('partnerSessions.expiresAt', '>', now)
    .where('partnerSessions.lastSeenAt', '>', idleCutoff)
    .where('partners.suspendedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function touchSession(db: Kysely<Database>, sessionId: number, now: string): Promise<void> {
  await db.updateTable('partnerSessions').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<boolean> {
  const result = await db.deleteFrom('partnerSessions').where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deletePartnerUserSessions(db: Kysely<Database>, partnerUserId: number): Promise<void> {
  await db.deleteFrom('partnerSessions').where('partnerUserId', '=', partnerUserId).execute();
}

/** Every session of every person of that partner (suspension). */
export async function deletePartnerSessions(db: Kysely<Database>, partnerId: number): Promise<void> {
  await db
    .deleteFrom('partnerSessions')
    .where('partnerUserId', 'in', (eb) => eb.selectFrom('partnerUsers').select('id').where('partnerId', '=', partnerId))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Set-password links

export async function insertToken(db: Kysely<Database>, values: { tokenHash: string; partnerUserId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db.updateTable('partnerTokens').set({ usedAt: values.createdAt }).where('partnerUserId', '=', values.partnerUserId).where('usedAt', 'is', null).execute();
  await db.insertInto('partnerTokens').values({ ...values, usedAt: null }).execute();
}

export async function findUsableToken(db: Kysely<Database>, tokenHash: string, now: string): Promise<{ id: number; partnerUserId: number } | null> {
  const row = await db
    .selectFrom('partnerTokens')
    .select(['id', 'partnerUserId'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function consumeToken(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('partnerTokens')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
