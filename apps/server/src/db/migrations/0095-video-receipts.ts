// A visitor's receipt for a video being converted (issue 26 gap 2; docs/decisions/032): the guest page
// that sent it keeps a random token (stored here hashed) and asks with it how the conversion went, so
// a visitor who left no e-mail still learns that it failed. The post may go (denied, deleted, or
// removed by the failure): the receipt stays, marked failed or not, until it expires.
import type { MigrationDef } from './helpers';

export function videoReceipts(): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .createTable('video_receipts')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
        // Set when the conversion failed after its last attempt (the post is removed then).
        .addColumn('failed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('video_receipts_post_idx').on('video_receipts').column('post_id').execute();
      await db.schema.createIndex('video_receipts_expires_idx').on('video_receipts').column('expires_at').execute();
    },
  };
}
