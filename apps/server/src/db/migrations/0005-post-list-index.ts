// The guest page's post lists filter by memorial, author kind and state, and order by place then
// reg: an index in exactly that order lets SQLite and PostgreSQL read the rows already sorted.
import { sql } from 'kysely';
import type { MigrationDef } from './helpers';

export function postListIndex(): MigrationDef {
  return {
    async up(db) {
      await db.schema.dropIndex('posts_memorial_state_idx').execute();
      await sql`create index posts_list_idx on posts (memorial_id, author_kind, state, place desc, reg desc)`.execute(db);
    },
  };
}
