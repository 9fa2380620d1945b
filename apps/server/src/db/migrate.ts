// Runs the migrations at start. They are plain objects in code (no file discovery), written once
// for both dialects; Kysely's migrator takes a lock, so several instances can start together.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import type { Dialect } from './database';
import { core } from './migrations/0001-core';
import { content } from './migrations/0002-content';
import type { MigrationDef } from './migrations/helpers';

function allMigrations(dialect: Dialect): Record<string, MigrationDef> {
  return {
    '0001-core': core(dialect),
    '0002-content': content(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(allMigrations(this.dialect));
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  // Without a schema, Kysely's migrator looks for its own tables in every schema of the database,
  // so a database holding several schemas (one per test file, or another app's) confuses it.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
