// Every SQL statement on the memorials table (issue 11 §7): lookups, creation with the defaults,
// the owner's settings. Other modules ask here; none writes memorial SQL of its own.
import type { Kysely } from 'kysely';
import type { Database, Memorial, MemorialUpdate, NewMemorial } from '../../db/schema';
import { nowIso } from '../../db/database';
import { newIdentifier } from '../../auth/tokens';
import { revokeGuestSessions } from '../../auth/sessions';

/** A new memorial's values, before the family fills it in: private, everything allowed, no gifts yet. */
export const MEMORIAL_DEFAULTS = {
  birthdate: null,
  deathdate: null,
  description: '',
  location: '',
  photoKey: null,
  type: 'P',
  accessCodeVersion: 1,
  flagPicture: 1,
  flagMessage: 1,
  flagNotification: 1,
  candles: 0,
  flowers: 0,
} as const satisfies Partial<NewMemorial>;

export type NewMemorialInput = Pick<NewMemorial, 'accountId' | 'fullname'> &
  Partial<Omit<NewMemorial, 'id' | 'accountId' | 'fullname' | 'createdAt' | 'updatedAt'>>;

export async function findMemorialByIdentifier(db: Kysely<Database>, identifier: string): Promise<Memorial | null> {
  return (await db.selectFrom('memorials').selectAll().where('identifier', '=', identifier).executeTakeFirst()) ?? null;
}

export async function findMemorialById(db: Kysely<Database>, id: number): Promise<Memorial | null> {
  return (await db.selectFrom('memorials').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The memorial `identifier` when it belongs to `accountId`. */
export async function findOwnedMemorial(db: Kysely<Database>, accountId: number, identifier: string): Promise<Memorial | null> {
  return (
    (await db.selectFrom('memorials').selectAll().where('identifier', '=', identifier).where('accountId', '=', accountId).executeTakeFirst()) ?? null
  );
}

/** The account's first memorial (by creation order): where a new session starts. */
export async function findFirstMemorialOfAccount(db: Kysely<Database>, accountId: number): Promise<Memorial | null> {
  return (await db.selectFrom('memorials').selectAll().where('accountId', '=', accountId).orderBy('id').limit(1).executeTakeFirst()) ?? null;
}

export function listAccountMemorials(db: Kysely<Database>, accountId: number): Promise<Memorial[]> {
  return db.selectFrom('memorials').selectAll().where('accountId', '=', accountId).orderBy('id').execute();
}

/** A new memorial with MEMORIAL_DEFAULTS, a fresh identifier and access code unless given. */
export async function insertMemorial(db: Kysely<Database>, input: NewMemorialInput, now = new Date()): Promise<Memorial> {
  const at = nowIso(now);
  return db
    .insertInto('memorials')
    .values({
      ...MEMORIAL_DEFAULTS,
      identifier: newIdentifier(),
      accessCode: newIdentifier(6),
      ...input,
      createdAt: at,
      updatedAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateMemorial(db: Kysely<Database>, id: number, values: MemorialUpdate): Promise<Memorial> {
  return db
    .updateTable('memorials')
    .set({ ...values, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new code ends every guest session issued for the old one (DESIGN §4); in the caller's transaction
 * when given one (what else the change ends commits with it).
 */
export async function changeAccessCode(db: Kysely<Database>, id: number, code: string): Promise<Memorial> {
  const change = async (trx: Kysely<Database>) => {
    const memorial = await trx
      .updateTable('memorials')
      .set((eb) => ({ accessCode: code, accessCodeVersion: eb('accessCodeVersion', '+', 1), updatedAt: nowIso() }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeGuestSessions(trx, id);
    return memorial;
  };
  return db.isTransaction ? change(db) : db.transaction().execute(change);
}

/** The gift counters (candles, flowers), moved in SQL (count = count + 1, DESIGN §5), never read-modify-write. */
export interface GiftCounts {
  candles: number;
  flowers: number;
}

export async function giftCounts(db: Kysely<Database>, memorialId: number): Promise<GiftCounts> {
  return db.selectFrom('memorials').select(['candles', 'flowers']).where('id', '=', memorialId).executeTakeFirstOrThrow();
}

export async function addGift(db: Kysely<Database>, memorialId: number, column: 'candles' | 'flowers'): Promise<GiftCounts> {
  return db
    .updateTable('memorials')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', memorialId)
    .returning(['candles', 'flowers'])
    .executeTakeFirstOrThrow();
}
