// The SQL of a partner's sold memorials (issue 30 §3): state and counts only.
import { sql, type Kysely } from 'kysely';
import type { ContractState, Database } from '../../db/schema';

export interface SaleRow {
  contract: string;
  person: string;
  branchId: number;
  branch: string;
  seller: string;
  state: ContractState;
  soldAt: string;
  activatedAt: string | null;
  identifier: string;
  memorialId: number;
  funeralUntil: string | null;
  visits: number | string;
  memories: number | string;
}

/** The partner's sales (one branch's when `branchId` is given), newest first. */
export function salesOf(db: Kysely<Database>, partnerId: number, branchId: number | null): Promise<SaleRow[]> {
  let query = db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('memorials', 'memorials.id', 'contracts.memorialId')
    .innerJoin('partnerBranches', 'partnerBranches.id', 'partnerSales.branchId')
    .innerJoin('partnerUsers', 'partnerUsers.id', 'partnerSales.sellerId')
    .select((eb) => [
      'contracts.number as contract',
      'partnerSales.person',
      'partnerSales.branchId',
      'partnerBranches.name as branch',
      'partnerUsers.name as seller',
      'contracts.state',
      'partnerSales.createdAt as soldAt',
      'contracts.activatedAt',
      'memorials.identifier',
      'memorials.id as memorialId',
      'memorials.funeralUntil',
      eb
        .selectFrom('memorialVisits')
        .select(sql<number>`coalesce(sum(memorial_visits.visits), 0)`.as('n'))
        .whereRef('memorialVisits.memorialId', '=', 'memorials.id')
        .as('visits'),
      eb
        .selectFrom('posts')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('posts.memorialId', '=', 'memorials.id')
        .where('posts.state', '=', 'approved')
        .where('posts.hiddenAt', 'is', null)
        .as('memories'),
    ])
    .where('partnerSales.partnerId', '=', partnerId);
  if (branchId !== null) query = query.where('partnerSales.branchId', '=', branchId);
  return query.orderBy('partnerSales.id', 'desc').execute() as Promise<SaleRow[]>;
}

export interface RiteRow {
  memorialId: number;
  kind: string;
  title: string;
  date: string;
  time: string;
  place: string;
  mapUrl: string;
}

/** The rites of these memorials, in the order the QR page lists them. */
export function ritesOf(db: Kysely<Database>, memorialIds: readonly number[]): Promise<RiteRow[]> {
  if (memorialIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('memorialEvents')
    .select(['memorialId', 'kind', 'title', 'date', 'time', 'place', 'mapUrl'])
    .where('memorialId', 'in', memorialIds)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .execute();
}

export async function findSale(
  db: Kysely<Database>,
  partnerId: number,
  number: string,
): Promise<{ contract: string; contractId: number; memorialId: number; branchId: number } | null> {
  const row = await db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .select(['contracts.number as contract', 'contracts.id as contractId', 'contracts.memorialId', 'partnerSales.branchId'])
    .where('partnerSales.partnerId', '=', partnerId)
    .where('contracts.number', '=', number)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Holds the contract while it is still pending (a conditional UPDATE of its row: on PostgreSQL it
 * waits for an activation in flight and then sees it) and touches the memorial, whose row is part of
 * the guest page's cache stamp. False once the family activated it (or it ended).
 */
export async function holdPendingContract(db: Kysely<Database>, contractId: number, memorialId: number, now: string): Promise<boolean> {
  const held = await db.updateTable('contracts').set({ state: 'pending' }).where('id', '=', contractId).where('state', '=', 'pending').executeTakeFirst();
  if (Number(held.numUpdatedRows) !== 1) return false;
  await db.updateTable('memorials').set({ updatedAt: now }).where('id', '=', memorialId).execute();
  return true;
}
