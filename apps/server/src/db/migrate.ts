// Runs the migrations at start. They are plain objects in code (no file discovery), written once
// for both dialects; Kysely's migrator takes a lock, so several instances can start together.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import type { Dialect } from './database';
import { core } from './migrations/0001-core';
import { content } from './migrations/0002-content';
import { epitaphs } from './migrations/0003-epitaphs';
import { complaintsImmutable } from './migrations/0004-complaints-immutable';
import { postListIndex } from './migrations/0005-post-list-index';
import { contentVersion } from './migrations/0006-content-version';
import { downloadTickets } from './migrations/0007-download-tickets';
import type { MigrationDef } from './migrations/helpers';

function allMigrations(dialect: Dialect): Record<string, MigrationDef> {
  return {
    '0001-core': core(dialect),
    '0002-content': content(dialect),
    '0003-epitaphs': epitaphs(),
    '0004-complaints-immutable': complaintsImmutable(dialect),
    '0005-post-list-index': postListIndex(),
    '0006-content-version': contentVersion(dialect),
    '0007-download-tickets': downloadTickets(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(allMigrations(this.dialect));
  }
}

/**
 * On PostgreSQL, Kysely looks for its migration tables in every schema of the database unless told
 * which one: a second schema holding them (another app, or a parallel test run) would make it skip
 * creating its own. Pin them to the connection's current schema.
 */
async function migrationSchema(db: Kysely<Database>, dialect: Dialect): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrationTableSchema = await migrationSchema(db, dialect);
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
