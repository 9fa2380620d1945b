// The Kysely instance on SQLite (embedded default) or PostgreSQL (the scale path), chosen by
// DATABASE_URL. Everything above this file is dialect-agnostic.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Config } from '../config';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite connection (online backup); null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

// Only the configured dialect's driver is loaded (issue 25 §2: pg costs memory on SQLite, and the
// other way round). Both are CommonJS packages, so a synchronous require keeps openDatabase as it is;
// the compiled server leaves npm packages to node, so this stays lazy there too.
const load = createRequire(import.meta.url);

let pgDriver: typeof pg | null = null;
function loadPg(): typeof pg {
  if (!pgDriver) {
    pgDriver = load('pg') as typeof pg;
    // COUNT(*) and BIGINT come back from pg as strings; every count here fits in a JS number.
    pgDriver.types.setTypeParser(pgDriver.types.builtins.INT8, (value: string) => Number(value));
  }
  return pgDriver;
}

export function openDatabase(config: Config['database'], log: Logger): DatabaseHandle {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const SQLiteDriver = load('better-sqlite3') as typeof SQLite;
    const sqlite = new SQLiteDriver(config.file, { timeout: 5000 });
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new CamelCasePlugin()],
    });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      // Kysely's destroy closes the better-sqlite3 connection.
      close: () => db.destroy(),
    };
  }
  const pool = new (loadPg().Pool)({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it kills the process.
  pool.on('error', (err) => log.error({ err }, 'PostgreSQL pool error'));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect: 'postgres', sqlite: null, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 compiles a statement on every `prepare`; Kysely prepares for every query. Reusing
 * compiled statements (the SQL text of a query is the same whatever its parameters) roughly
 * doubles the rate of simple reads. Bounded, least recently used first out. Safe because Kysely
 * runs one query at a time on the single connection and never streams here.
 *
 * Kysely opens SQLite transactions with a plain (deferred) `begin`: the write lock is taken at the
 * first write, and if another process (the operator CLI, a backup) committed since the
 * transaction's first read, SQLite refuses that write at once with "database is locked" — the busy
 * timeout cannot help, the snapshot is stale. Transactions here begin IMMEDIATE instead: the lock is
 * taken up front, and a second writer waits its turn (busy_timeout) instead of failing. This
 * process's own transactions are one at a time anyway (Kysely's single connection).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const sql = text === 'begin' ? 'begin immediate' : text;
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** ISO-8601 UTC text, the one timestamp format of every table. */
export function nowIso(at: Date = new Date()): string {
  return at.toISOString();
}
