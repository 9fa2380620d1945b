// Resumable uploads hold their declared length (issue 31 §3, docs/decisions/020-resumable-uploads.md):
// a visitor's upload records the address whose daily upload budget it was reserved against, and
// until when that budget's window runs (a later window never gets the bytes back). The sums of
// these rows, per address and per memorial, are the bytes of unfinished uploads the caps bound.
import type { MigrationDef } from './helpers';

export function uploadReservations(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('resumable_uploads').addColumn('guest_address', 'text').execute();
      await db.schema.alterTable('resumable_uploads').addColumn('budget_until', 'text').execute();
      await db.schema.createIndex('resumable_uploads_address_idx').on('resumable_uploads').column('guest_address').execute();
      await db.schema.createIndex('resumable_uploads_memorial_idx').on('resumable_uploads').column('memorial_id').execute();
    },
  };
}
