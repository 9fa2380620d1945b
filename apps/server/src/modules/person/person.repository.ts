// Every SQL statement of the person feature.
import type { Kysely } from 'kysely';
import type { Database, Memorial, MemorialUpdate } from '../../db/schema';
import { nowIso } from '../../db/database';
import { revokeGuestSessions } from '../../auth/sessions';

export function listAccountMemorials(db: Kysely<Database>, accountId: number): Promise<Memorial[]> {
  return db.selectFrom('memorials').selectAll().where('accountId', '=', accountId).orderBy('id').execute();
}

export async function updateMemorial(db: Kysely<Database>, id: number, values: MemorialUpdate): Promise<Memorial> {
  return db
    .updateTable('memorials')
    .set({ ...values, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new code ends every guest session issued for the old one (DESIGN §4). */
export async function changeAccessCode(db: Kysely<Database>, id: number, code: string): Promise<Memorial> {
  return db.transaction().execute(async (trx) => {
    const memorial = await trx
      .updateTable('memorials')
      .set((eb) => ({ accessCode: code, accessCodeVersion: eb('accessCodeVersion', '+', 1), updatedAt: nowIso() }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeGuestSessions(trx, id);
    return memorial;
  });
}
