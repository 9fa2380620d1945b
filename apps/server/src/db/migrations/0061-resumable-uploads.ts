// Resumable uploads (issue 13 §4, docs/decisions/020-resumable-uploads.md): a video sent in pieces
// over a weak connection. The upload is a row (any instance can continue it); each piece received is
// a temporary object of the media store, listed in order with where it starts.
import type { MigrationDef } from './helpers';

export function resumableUploads(): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .createTable('resumable_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        // Who may continue and use it: the same relation to the memorial ('owner' | 'guest') and session.
        .addColumn('uploader', 'text', (c) => c.notNull())
        .addColumn('length', 'integer', (c) => c.notNull())
        .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resumable_uploads_created_idx').on('resumable_uploads').column('created_at').execute();
      await db.schema
        .createTable('resumable_upload_pieces')
        .addColumn('upload_id', 'text', (c) => c.notNull().references('resumable_uploads.id').onDelete('cascade'))
        .addColumn('start', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('temp_key', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('resumable_upload_pieces_pk', ['upload_id', 'start'])
        .execute();
    },
  };
}
