// Signed media links for private memorials (issue 12 §6): the installation's secrets, shared by every
// instance, and the indexes that find the memorial of a stored key on each /media/ request.
import type { MigrationDef } from './helpers';

export function signedMedia(): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('posts_media_key_idx').on('posts').column('media_key').execute();
      await db.schema.createIndex('memorials_photo_key_idx').on('memorials').column('photo_key').execute();
    },
  };
}
