// The tokens of one login form a family (DESIGN §4, issue 12 §5): renewal rotates within it, logout
// ends all of it, and a replaced token presented again ends it too. Sessions opened before this
// migration each become a family of their own.
import { sql } from 'kysely';
import type { MigrationDef } from './helpers';

export function sessionFamilies(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('sessions').addColumn('family_id', 'text').execute();
      await sql`update sessions set family_id = 'legacy-' || cast(id as text)`.execute(db);
      await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();
    },
  };
}
