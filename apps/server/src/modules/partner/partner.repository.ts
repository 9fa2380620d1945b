// Every SQL statement of the partner channel's people (issue 30 §1): partners, branches and staff.
// Their sessions, set-password links, authenticator and recovery codes are the staff realms'
// statements (staff-auth.repository.ts) on the partner_* tables.
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

// ---------------------------------------------------------------------------------------------
// Sessions

/** What a session of that person works with, or null when the partner is suspended. */
export async function findSessionScope(
  db: Kysely<Database>,
  partnerUserId: number,
): Promise<{ partnerId: number; branchId: number | null; role: PartnerRole; partnerName: string } | null> {
  const row = await db
    .selectFrom('partnerUsers')
    .innerJoin('partners', 'partners.id', 'partnerUsers.partnerId')
    .select(['partnerUsers.partnerId', 'partnerUsers.branchId', 'partnerUsers.role', 'partners.name as partnerName'])
    .where('partnerUsers.id', '=', partnerUserId)
    .where('partners.suspendedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** Every session of every person of that partner (suspension). */
export async function deletePartnerSessions(db: Kysely<Database>, partnerId: number): Promise<void> {
  await db
    .deleteFrom('partnerSessions')
    .where('partnerUserId', 'in', (eb) => eb.selectFrom('partnerUsers').select('id').where('partnerId', '=', partnerId))
    .execute();
}
