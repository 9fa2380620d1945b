// Whether the family sends the access code along when it shares a private memorial (issue 28 §1):
// in the WhatsApp texts and printed on the remembrance cards. Off until the family chooses it.
import type { MigrationDef } from './helpers';

export function shareCode(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('memorials').addColumn('flag_share_code', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
