// Posts, complaints and epitaph suggestions (DESIGN §5).
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';

export function content(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('posts'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('reg', 'text', (c) => c.notNull())
        .addColumn('author_kind', 'text', (c) => c.notNull().check(sqlIn('author_kind', ['owner', 'guest'])))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('author_email', 'text')
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('media_key', 'text')
        .addColumn('media_kind', 'text', (c) => c.check(sqlIn('media_kind', ['picture', 'video'])))
        .addColumn('place', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'text', (c) => c.notNull().check(sqlIn('state', ['pending', 'approved'])))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('approved_at', 'text')
        .addUniqueConstraint('posts_memorial_reg_key', ['memorial_id', 'reg'])
        .execute();
      await db.schema
        .createIndex('posts_memorial_state_idx')
        .on('posts')
        .columns(['memorial_id', 'state', 'author_kind', 'place'])
        .execute();

      await withId(db.schema.createTable('complaints'), dialect)
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('consumer_date', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('contract', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sqlIn('type', ['1', '2'])))
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('due_on', 'text', (c) => c.notNull())
        .addUniqueConstraint('complaints_year_seq_key', ['year', 'seq'])
        .execute();

      await withId(db.schema.createTable('epitaphs'), dialect)
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
