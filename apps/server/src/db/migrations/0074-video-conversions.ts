// Every phone's video (issue 26; docs/decisions/027-video-pipeline.md): a video that is not already
// H.264/AAC in a small MP4 is kept as its original and converted once on the jobs engine. The post
// says where its video is (`media_state`), and why it failed (`media_error`, Spanish, for the
// uploader); the conversions waiting or running are rows any instance may take: a lease held while
// converting (an instance killed mid-way leaves it to another once it expires), the attempts made,
// and the progress the owner sees. Progress lives here, not on the post: the post lists' cache key
// (content_version, migration 0006) changes only when the video becomes ready or fails.
import { sqlIn, type MigrationDef } from './helpers';

export function videoConversions(): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .alterTable('posts')
        .addColumn('media_state', 'text', (c) => c.notNull().defaultTo('ready').check(sqlIn('media_state', ['ready', 'processing', 'failed'])))
        .execute();
      await db.schema.alterTable('posts').addColumn('media_error', 'text').execute();
      await db.schema
        .createTable('video_conversions')
        .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        // The store object of the original upload (`<key>-original`, under the key it was sent with).
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_until', 'text')
        .addColumn('instance', 'text')
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('video_conversions_lease_idx').on('video_conversions').column('lease_until').execute();
    },
  };
}
