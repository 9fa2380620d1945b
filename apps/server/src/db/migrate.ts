// Runs the migrations at start. They are plain objects in code (no file discovery), written once
// for both dialects; Kysely's migrator takes a lock, so several instances can start together.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import type { Dialect } from './database';
import { core } from './migrations/0001-core';
import { content } from './migrations/0002-content';
import { epitaphs } from './migrations/0003-epitaphs';
import { complaintsImmutable } from './migrations/0004-complaints-immutable';
import type { MigrationDef } from './migrations/helpers';

function allMigrations(dialect: Dialect): Record<string, MigrationDef> {
  return {
    '0001-core': core(dialect),
    '0002-content': content(dialect),
    '0003-epitaphs': epitaphs(),
    '0004-complaints-immutable': complaintsImmutable(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(allMigrations(this.dialect));
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
