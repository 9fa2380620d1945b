import { sql, type CreateTableBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../database';

export interface MigrationDef {
  up(db: Kysely<unknown>): Promise<void>;
  down?(db: Kysely<unknown>): Promise<void>;
}

/** An auto-increment integer primary key: SQLite has no identity columns, PostgreSQL no AUTOINCREMENT. */
export function withId<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect): CreateTableBuilder<T> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (col) => col.primaryKey());
}

/** CHECK (column IN ('a','b')) with the values inlined as literals (DDL takes no parameters). */
export function sqlIn(column: string, values: string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
