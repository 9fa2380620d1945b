// Every SQL statement of resumable uploads: the upload rows and the pieces received so far.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ADVISORY_LOCK_SPACE } from '../../db/advisory-locks';
import type { Dialect } from '../../db/database';
import type { Database, ResumableUploadsTable } from '../../db/schema';

export type UploadRow = Omit<Selectable<ResumableUploadsTable>, 'guestAddress' | 'budgetUntil'> & { identifier: string; accountId: number };

/**
 * What a removed upload may give back to its visitor's daily budget (null for the owner's): the bytes
 * of its declared length that never arrived. What arrived stays charged.
 */
export type BudgetHold = { address: string; bytes: number; until: string } | null;

export interface UnfinishedCaps {
  perAddress: number;
  perMemorial: number;
}

/**
 * Serialises the creations that count the same address's or memorial's unfinished bytes, until they
 * commit. PostgreSQL: advisory locks, every transaction taking its address's then its memorial's
 * (separate spaces, the memorial by its id), so none waits on another in a cycle. SQLite needs none:
 * its transactions begin IMMEDIATE on the one connection, one at a time.
 */
async function lockHolders(trx: Transaction<Database>, dialect: Dialect, address: string, memorialId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_SPACE.uploadAddress}, hashtext(${address}))`.execute(trx);
  await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_SPACE.uploadMemorial}, ${memorialId})`.execute(trx);
}

async function heldBytes(trx: Transaction<Database>, column: 'guestAddress' | 'memorialId', value: string | number): Promise<number> {
  const row = await trx
    .selectFrom('resumableUploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('length'), eb.lit(0)).as('bytes'))
    .where(column, '=', value)
    .where('guestAddress', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.bytes;
}

/**
 * Inserts the upload. A visitor's (`guestAddress` set) only while the visitors' uploads not yet used
 * or removed, its own length included, stay within `caps` for its address and for its memorial —
 * checked and inserted as one step against concurrent creations, on any instance. Answers which cap
 * refused it, and then stores nothing.
 */
export async function insertUpload(
  db: Kysely<Database>,
  dialect: Dialect,
  values: Omit<Selectable<ResumableUploadsTable>, 'received'>,
  caps: UnfinishedCaps,
): Promise<'perAddress' | 'perMemorial' | null> {
  return db.transaction().execute(async (trx) => {
    const address = values.guestAddress;
    if (address !== null) {
      await lockHolders(trx, dialect, address, values.memorialId);
      if ((await heldBytes(trx, 'guestAddress', address)) + values.length > caps.perAddress) return 'perAddress';
      if ((await heldBytes(trx, 'memorialId', values.memorialId)) + values.length > caps.perMemorial) return 'perMemorial';
    }
    await trx.insertInto('resumableUploads').values({ ...values, received: 0 }).execute();
    return null;
  });
}

/** The upload with the memorial it belongs to (identifier, and its account for the owner's check). */
export async function findUpload(db: Kysely<Database>, id: string): Promise<UploadRow | null> {
  const row = await db
    .selectFrom('resumableUploads')
    .innerJoin('memorials', 'memorials.id', 'resumableUploads.memorialId')
    .select([
      'resumableUploads.id',
      'resumableUploads.memorialId',
      'resumableUploads.uploader',
      'resumableUploads.length',
      'resumableUploads.received',
      'resumableUploads.createdAt',
      'memorials.identifier',
      'memorials.accountId',
    ])
    .where('resumableUploads.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function receivedOf(db: Kysely<Database>, uploadId: string): Promise<number | null> {
  const row = await db.selectFrom('resumableUploads').select('received').where('id', '=', uploadId).executeTakeFirst();
  return row?.received ?? null;
}

/**
 * Records a piece that starts at `start`, only if the upload had received exactly `start` bytes
 * (two requests racing for one upload, on one instance or two: one wins, the other is told so).
 */
export async function addPiece(db: Kysely<Database>, uploadId: string, start: number, size: number, tempKey: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('resumableUploads')
      .set((eb) => ({ received: eb('received', '+', size) }))
      .where('id', '=', uploadId)
      .where('received', '=', start)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.insertInto('resumableUploadPieces').values({ uploadId, start, size, tempKey }).execute();
    return true;
  });
}

export function listPieces(db: Kysely<Database>, uploadId: string): Promise<{ start: number; size: number; tempKey: string }[]> {
  return db.selectFrom('resumableUploadPieces').select(['start', 'size', 'tempKey']).where('uploadId', '=', uploadId).orderBy('start').execute();
}

/**
 * Deletes the upload and its pieces' rows, returning the pieces' temporary keys (to remove from the
 * store) and, when this call is the one that deleted the row, what it may give back to the daily budget.
 */
export async function deleteUpload(db: Kysely<Database>, uploadId: string): Promise<{ tempKeys: string[]; hold: BudgetHold }> {
  return db.transaction().execute(async (trx) => {
    const pieces = await trx.selectFrom('resumableUploadPieces').select('tempKey').where('uploadId', '=', uploadId).execute();
    await trx.deleteFrom('resumableUploadPieces').where('uploadId', '=', uploadId).execute();
    const row = await trx
      .deleteFrom('resumableUploads')
      .where('id', '=', uploadId)
      .returning(['length', 'received', 'guestAddress', 'budgetUntil'])
      .executeTakeFirst();
    // A claimed upload (received = -1) had arrived whole.
    const unsent = row ? (row.received < 0 ? 0 : row.length - row.received) : 0;
    const hold = row?.guestAddress && row.budgetUntil ? { address: row.guestAddress, bytes: unsent, until: row.budgetUntil } : null;
    return { tempKeys: pieces.map((piece) => piece.tempKey), hold };
  });
}

export function uploadsCreatedBefore(db: Kysely<Database>, before: string): Promise<{ id: string; received: number }[]> {
  return db.selectFrom('resumableUploads').select(['id', 'received']).where('createdAt', '<', before).execute();
}

/** Marks a complete upload as being used by one submission (received = -1); false when it is not complete. */
export async function claimUpload(db: Kysely<Database>, uploadId: string, length: number): Promise<boolean> {
  const updated = await db.updateTable('resumableUploads').set({ received: -1 }).where('id', '=', uploadId).where('received', '=', length).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Gives a claimed upload back (its submission failed and may be tried again). */
export async function releaseUpload(db: Kysely<Database>, uploadId: string, length: number): Promise<void> {
  await db.updateTable('resumableUploads').set({ received: length }).where('id', '=', uploadId).where('received', '=', -1).execute();
}
