// Every SQL statement of the visit counts (issue 29 §4): one row per memorial and Lima day, moved
// in SQL (visits = visits + n, visit-tally.ts) so every instance's page loads add up; and the installation's key
// that hides addresses in the per-address limit.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface VisitDelta {
  memorialId: number;
  day: string;
  visits: number;
}

/**
 * Adds each row's visits to its (memorial, day), in one statement: atomic, and with SQLite a single
 * commit. The rows' (memorial, day) pairs must be distinct.
 */
export async function addVisits(db: Kysely<Database>, rows: readonly VisitDelta[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('memorialVisits')
    .values(rows.map(({ memorialId, day, visits }) => ({ memorialId, day, visits })))
    .onConflict((oc) => oc.columns(['memorialId', 'day']).doUpdateSet((eb) => ({ visits: eb('memorialVisits.visits', '+', eb.ref('excluded.visits')) })))
    .execute();
}

export interface VisitPeriods {
  /** First day (YYYY-MM-DD, Lima) of the last seven. */
  weekFrom: string;
  novemberFrom: string;
  novemberTo: string;
}

export interface VisitCounts {
  week: number;
  total: number;
  november: number;
}

export async function visitCounts(db: Kysely<Database>, memorialId: number, periods: VisitPeriods): Promise<VisitCounts> {
  const row = await db
    .selectFrom('memorialVisits')
    .where('memorialId', '=', memorialId)
    .select((eb) => [
      eb.fn.sum<number | string | null>('visits').as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('day', '>=', periods.weekFrom).then(eb.ref('visits')).else(0).end()).as('week'),
      eb.fn
        .sum<number | string | null>(eb.case().when(eb.between('day', periods.novemberFrom, periods.novemberTo)).then(eb.ref('visits')).else(0).end())
        .as('november'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL's sum of integers is a bigint, which the driver hands over as a string.
  return { week: Number(row.week ?? 0), total: Number(row.total ?? 0), november: Number(row.november ?? 0) };
}

const VISIT_KEY_SECRET = 'visit-address-key';

/**
 * The key that turns (memorial, day, address) into an opaque limiter key: created once by whichever
 * instance asks first and read by every other, so all instances count one address alike.
 */
export async function loadVisitKeySecret(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('appSecrets')
    .values({ name: VISIT_KEY_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('appSecrets').select('value').where('name', '=', VISIT_KEY_SECRET).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
