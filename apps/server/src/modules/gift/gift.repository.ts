// Every SQL statement of the gift feature. Counters move in SQL (count = count + 1, DESIGN §5),
// never read-modify-write in JS, so concurrent visitors are all counted.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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
