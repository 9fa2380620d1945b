// The size of a post's upload as received, so the bytes waiting for approval on one memorial can be
// capped (issue 12 §9). Posts from before count as 0: only new uploads fill the cap.
import type { MigrationDef } from './helpers';

export function postMediaBytes(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('posts').addColumn('media_bytes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
