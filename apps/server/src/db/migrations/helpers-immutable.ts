// Tables that are legal or audit records refuse UPDATE and DELETE in the database itself, whatever
// code (or operator with the application's credentials) tries: the pattern of migration 0004.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

export async function makeImmutable(db: Kysely<unknown>, dialect: Dialect, table: string, reason: string): Promise<void> {
  const message = `${table} are immutable (${reason})`.replace(/'/g, '');
  if (dialect === 'sqlite') {
    for (const operation of ['update', 'delete']) {
      await sql
        .raw(`create trigger ${table}_no_${operation} before ${operation} on ${table} begin select raise(abort, '${message}'); end`)
        .execute(db);
    }
    return;
  }
  await sql
    .raw(`create function ${table}_immutable() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_no_change before update or delete on ${table} for each row execute function ${table}_immutable()`)
    .execute(db);
}
