// Every SQL statement of the contracts feature: contracts, the accounts and memorials they create,
// and the operator's disclaimers.
import { sql, type Kysely } from 'kysely';
import type { Account, Contract, ContractState, Database, Disclaimer, Memorial } from '../../db/schema';
import { nowIso } from '../../db/database';

export type ContractMemorial = Pick<Memorial, 'id' | 'identifier' | 'accountId' | 'fullname'>;

export async function findContractByNumber(db: Kysely<Database>, number: string): Promise<Contract | null> {
  return (await db.selectFrom('contracts').selectAll().where('number', '=', number).executeTakeFirst()) ?? null;
}

/** The memorial's current contract: the most recent one (a renewal is a new contract). */
export async function findContractById(db: Kysely<Database>, id: number): Promise<Contract | null> {
  const row = await db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export async function findLatestContract(db: Kysely<Database>, memorialId: number): Promise<Contract | null> {
  const row = await db
    .selectFrom('contracts')
    .selectAll()
    .where('memorialId', '=', memorialId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Pending → active; false when it was not pending any more. */
export async function markContractActive(db: Kysely<Database>, contractId: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('contracts')
    .set({ state: 'active', activatedAt: nowIso(now) })
    .where('id', '=', contractId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findAccountById(db: Kysely<Database>, id: number): Promise<Account | null> {
  return (await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findAccountByEmail(db: Kysely<Database>, email: string): Promise<Account | null> {
  return (await db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
}

export async function insertAccount(
  db: Kysely<Database>,
  values: { email: string; name: string; lastname: string; passwordHash: string | null },
): Promise<Account> {
  const now = nowIso();
  return db
    .insertInto('accounts')
    .values({ ...values, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setAccountPassword(db: Kysely<Database>, accountId: number, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', accountId).execute();
}

// Memorial lookups and creation (with the defaults) live in the memorial module (issue 11 §7).
export { findMemorialById, findMemorialByIdentifier, insertMemorial } from '../memorial/memorial.repository';

/** The highest contract number starting with `prefix` (numbers are zero-padded, so text order works). */
export async function lastContractNumber(db: Kysely<Database>, prefix: string): Promise<string | null> {
  const row = await db
    .selectFrom('contracts')
    .select('number')
    .where('number', 'like', `${prefix}%`)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.number ?? null;
}

export async function insertContract(
  db: Kysely<Database>,
  values: { number: string; accountId: number; memorialId: number; state: ContractState; expiresOn: string | null },
): Promise<Contract> {
  return db
    .insertInto('contracts')
    .values({ ...values, createdAt: nowIso(), activatedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ContractListing {
  number: string;
  state: ContractState;
  createdAt: string;
  activatedAt: string | null;
  expiresOn: string | null;
  email: string;
  identifier: string;
  fullname: string;
}

/** The columns of a ContractListing, in the order `list-contracts --json` prints them. */
const LISTING_COLUMNS = [
  'contracts.number',
  'contracts.state',
  'contracts.createdAt',
  'contracts.activatedAt',
  'contracts.expiresOn',
  'accounts.email',
  'memorials.identifier',
  'memorials.fullname',
] as const;

/** Contracts joined with their owner's account and their memorial. */
function contractsWithParties(db: Kysely<Database>) {
  return db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.id', 'contracts.accountId')
    .innerJoin('memorials', 'memorials.id', 'contracts.memorialId');
}

export async function listContracts(db: Kysely<Database>, filter: { email?: string } = {}): Promise<ContractListing[]> {
  let query = contractsWithParties(db).select(LISTING_COLUMNS).orderBy('contracts.id');
  if (filter.email) query = query.where('accounts.email', '=', filter.email);
  return query.execute();
}

export async function listDisclaimers(db: Kysely<Database>, memorialId: number): Promise<Disclaimer[]> {
  return db.selectFrom('disclaimers').selectAll().where('memorialId', '=', memorialId).orderBy('id').execute();
}

export async function insertDisclaimer(
  db: Kysely<Database>,
  values: { memorialId: number; type: 'R' | 'W'; title: string; descr: string },
): Promise<Disclaimer> {
  return db
    .insertInto('disclaimers')
    .values({ ...values, createdAt: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes one disclaimer; false when there was none with that id. */
export async function deleteDisclaimer(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('disclaimers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// The back office (issue 15): search and detail

export interface AdminContractRow extends ContractListing {
  id: number;
  accountId: number;
  name: string;
  lastname: string;
  memorialId: number;
  type: 'P' | 'U';
}

function adminContractQuery(db: Kysely<Database>) {
  return contractsWithParties(db).select([
    ...LISTING_COLUMNS,
    'contracts.id',
    'contracts.accountId',
    'accounts.name',
    'accounts.lastname',
    'contracts.memorialId',
    'memorials.type',
  ]);
}

/** `%` and `_` typed by the operator are literal characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Contracts whose number, owner e-mail, owner name or memorial name contains `q` (any case);
 * the newest first. An empty `q` lists the latest contracts.
 */
export function searchContracts(db: Kysely<Database>, q: string, limit: number): Promise<AdminContractRow[]> {
  let query = adminContractQuery(db).orderBy('contracts.id', 'desc').limit(limit);
  if (q) {
    const pattern = containsPattern(q);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like('contracts.number'),
        like('accounts.email'),
        like('accounts.name'),
        like('accounts.lastname'),
        eb(sql`lower(${sql.ref('accounts.name')} || ' ' || ${sql.ref('accounts.lastname')})`, 'like', sql<string>`${pattern} escape '\\'`),
        like('memorials.fullname'),
      ]),
    );
  }
  return query.execute();
}

export async function findAdminContract(db: Kysely<Database>, number: string): Promise<AdminContractRow | null> {
  return (await adminContractQuery(db).where('contracts.number', '=', number).executeTakeFirst()) ?? null;
}

export function accountContracts(db: Kysely<Database>, accountId: number): Promise<AdminContractRow[]> {
  return adminContractQuery(db).where('contracts.accountId', '=', accountId).orderBy('contracts.id').execute();
}

export async function setContractEnd(
  db: Kysely<Database>,
  contractId: number,
  values: { expiresOn: string | null; state: ContractState },
): Promise<void> {
  await db.updateTable('contracts').set(values).where('id', '=', contractId).execute();
}

/** Ends the unused activation links of a contract (a new one was just sent). */
export async function retireActivationTokens(db: Kysely<Database>, contractId: number): Promise<void> {
  await db
    .updateTable('oneTimeTokens')
    .set({ usedAt: nowIso() })
    .where('contractId', '=', contractId)
    .where('purpose', '=', 'contract_activation')
    .where('usedAt', 'is', null)
    .execute();
}

export async function findDisclaimer(db: Kysely<Database>, id: number): Promise<Disclaimer | null> {
  return (await db.selectFrom('disclaimers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}
