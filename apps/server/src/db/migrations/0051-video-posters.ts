// Poster frames of videos (issue 13 §3): whether a video post has its `<key>-poster.jpg` (every video
// sent from now on; older ones once `admin video-posters` has given them one).
import type { MigrationDef } from './helpers';

export function videoPosters(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('posts').addColumn('media_poster', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
