// The complaints book is a legal record: once filed, a complaint is never changed or removed. The
// database itself refuses UPDATE and DELETE on the table, whatever code (or operator) tries.
import { sql } from 'kysely';
import type { Dialect } from '../database';
import type { MigrationDef } from './helpers';

export function complaintsImmutable(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      if (dialect === 'sqlite') {
        for (const operation of ['update', 'delete']) {
          await sql
            .raw(
              `create trigger complaints_no_${operation} before ${operation} on complaints ` +
                `begin select raise(abort, 'complaints are immutable (Libro de Reclamaciones)'); end`,
            )
            .execute(db);
        }
        return;
      }
      await sql
        .raw(
          `create function complaints_immutable() returns trigger language plpgsql as $$ ` +
            `begin raise exception 'complaints are immutable (Libro de Reclamaciones)'; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger complaints_no_change before update or delete on complaints ' +
            'for each row execute function complaints_immutable()',
        )
        .execute(db);
    },
  };
}
