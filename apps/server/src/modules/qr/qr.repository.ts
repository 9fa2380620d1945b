import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function findOwnedMemorial(db: Kysely<Database>, accountId: number, identifier: string) {
  return db
    .selectFrom('memorials')
    .select(['id', 'identifier'])
    .where('identifier', '=', identifier)
    .where('accountId', '=', accountId)
    .executeTakeFirst();
}
