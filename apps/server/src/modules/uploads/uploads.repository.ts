// Every SQL statement of resumable uploads: the upload rows and the pieces received so far.
import type { Kysely } from 'kysely';
import type { Database, ResumableUploadsTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type UploadRow = Selectable<ResumableUploadsTable> & { identifier: string; accountId: number };

export async function insertUpload(db: Kysely<Database>, values: Omit<Selectable<ResumableUploadsTable>, 'received'>): Promise<void> {
  await db.insertInto('resumableUploads').values({ ...values, received: 0 }).execute();
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

/** Deletes the upload and its pieces' rows, returning the pieces' temporary keys (to remove from the store). */
export async function deleteUpload(db: Kysely<Database>, uploadId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const pieces = await trx.selectFrom('resumableUploadPieces').select('tempKey').where('uploadId', '=', uploadId).execute();
    await trx.deleteFrom('resumableUploadPieces').where('uploadId', '=', uploadId).execute();
    await trx.deleteFrom('resumableUploads').where('id', '=', uploadId).execute();
    return pieces.map((piece) => piece.tempKey);
  });
}

export async function uploadsCreatedBefore(db: Kysely<Database>, before: string): Promise<string[]> {
  const rows = await db.selectFrom('resumableUploads').select('id').where('createdAt', '<', before).execute();
  return rows.map((row) => row.id);
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
