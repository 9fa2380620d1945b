// memorials.content_version changes whenever any of its posts is inserted, updated or deleted, by a
// trigger, so no code path can forget it. Readers cache a memorial's post lists under this version
// (modules/content/post-list-cache.ts): a cached list is valid exactly while the version is unchanged,
// on one instance or many.
import { sql } from 'kysely';
import type { Dialect } from '../database';
import type { MigrationDef } from './helpers';

export function contentVersion(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .alterTable('memorials')
        .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') {
        await sql`create trigger posts_bump_insert after insert on posts begin
          update memorials set content_version = content_version + 1 where id = new.memorial_id; end`.execute(db);
        await sql`create trigger posts_bump_update after update on posts begin
          update memorials set content_version = content_version + 1 where id in (old.memorial_id, new.memorial_id); end`.execute(db);
        await sql`create trigger posts_bump_delete after delete on posts begin
          update memorials set content_version = content_version + 1 where id = old.memorial_id; end`.execute(db);
        return;
      }
      await sql`create function bump_memorial_content_version() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'DELETE' then
            update memorials set content_version = content_version + 1 where id = new.memorial_id;
          end if;
          if tg_op = 'DELETE' or old.memorial_id <> new.memorial_id then
            update memorials set content_version = content_version + 1 where id = old.memorial_id;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger posts_bump_content_version after insert or update or delete on posts
        for each row execute function bump_memorial_content_version()`.execute(db);
    },
  };
}
