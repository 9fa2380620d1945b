// Short-lived, single-use tickets for the memorial's ZIP archive: the browser downloads it by
// following a link (streamed to disk, with its own progress), which cannot carry the 'token' header.
import type { Dialect } from '../database';
import { withId, type MigrationDef } from './helpers';

export function downloadTickets(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('download_tickets'), dialect)
        .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
    },
  };
}
