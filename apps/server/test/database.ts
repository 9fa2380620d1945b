// A clean database per test server: a temporary SQLite file, or (TEST_DB=postgres) a fresh schema in
// TEST_DATABASE_URL that is dropped afterwards.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(dataDir: string, dialect: TestDialect = testDialect()): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    return { url: `sqlite:${path.join(dataDir, 'test.db')}`, drop: () => Promise.resolve() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      // graphile-worker's tables of this server (jobs/graphile-runner.ts jobsSchemaFor).
      await client.query(`drop schema if exists ${schema}_jobs cascade`);
      await client.end();
    },
  };
}
