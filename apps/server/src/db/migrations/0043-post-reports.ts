// Reports of memories by visitors and the takedown that may follow (issue 15 §4). A hidden post is
// kept (hidden_at, and the reason the owner was told), never deleted.
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';

export function postReports(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('posts').addColumn('hidden_at', 'text').execute();
      await db.schema.alterTable('posts').addColumn('hidden_reason', 'text').execute();

      await withId(db.schema.createTable('post_reports'), dialect)
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sqlIn('status', ['open', 'hidden', 'dismissed'])))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'text')
        .addColumn('resolution', 'text')
        .execute();
      await db.schema.createIndex('post_reports_status_idx').on('post_reports').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('post_reports_post_idx').on('post_reports').column('post_id').execute();
    },
  };
}
