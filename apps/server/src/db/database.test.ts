// The database handle under a second writer: on SQLite the operator CLI, a backup or another
// process writes the same file while the server is inside a transaction. A transaction that read
// first and writes afterwards must wait its turn, not fail with "database is locked".
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { openDatabase, type DatabaseHandle } from './database';

const quiet = { error: () => undefined };
const opened: { handle: DatabaseHandle; database: TestDatabase; dir: string }[] = [];

afterEach(async () => {
  for (const { handle, database, dir } of opened.splice(0)) {
    await handle.close();
    await database.drop();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

async function openFresh() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-db-'));
  const database = await createTestDatabase(dir);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: database.url, SEED_DEMO: '0' });
  const handle = openDatabase(config.database, quiet);
  opened.push({ handle, database, dir });
  return { handle, config };
}

/**
 * Another writer adds 10 to the counter and commits: on SQLite from a worker thread with its own
 * connection (better-sqlite3 waits synchronously, as another process would); on PostgreSQL from a
 * second pool.
 */
function otherWriter(database: Config['database']): { ready: Promise<void>; done: Promise<void> } {
  if (database.kind === 'postgres') {
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const pg = require('pg');
       const client = new pg.Client({ connectionString: workerData.url });
       client.connect()
         .then(() => parentPort.postMessage('ready'))
         .then(() => client.query('update counter set n = n + 10 where id = 1'))
         .then(() => client.end())
         .then(() => parentPort.postMessage('done'), (err) => parentPort.postMessage(String(err)));`,
      { eval: true, workerData: { url: database.url } },
    );
    return settle(worker);
  }
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const SQLite = require('better-sqlite3');
     try {
       const db = new SQLite(workerData.file, { timeout: 5000 });
       parentPort.postMessage('ready');
       db.prepare('update counter set n = n + 10 where id = 1').run();
       db.close();
       parentPort.postMessage('done');
     } catch (err) {
       parentPort.postMessage(String(err));
     }`,
    { eval: true, workerData: { file: database.file } },
  );
  return settle(worker);
}

/** Resolves when the writer committed; `ready` when it is about to write. */
function settle(worker: Worker): { ready: Promise<void>; done: Promise<void> } {
  let ready = () => {};
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (message) => {
      if (message === 'ready') return ready();
      ready();
      if (message === 'done') resolve();
      else reject(new Error(String(message)));
    });
    worker.once('error', (err) => (ready(), reject(err)));
  });
  return { ready: readyPromise, done };
}

describe(`the database handle under a second writer (${testDialect()})`, () => {
  it('a transaction that read first still writes after another writer committed meanwhile, and neither write is lost', async () => {
    const { handle, config } = await openFresh();
    const { db } = handle;
    await sql`create table counter (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counter (id, n) values (1, 0)`.execute(db);

    let other: { ready: Promise<void>; done: Promise<void> } | undefined;
    await db.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      expect(before.rows[0]?.n).toBe(0);
      // The other writer runs now: it commits at once where this transaction holds no lock yet, or
      // waits for it (SQLite, once the transaction took the write lock up front).
      other = otherWriter(config.database);
      await other.ready;
      await Promise.race([other.done.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 300))]);
      await sql`update counter set n = n + 1 where id = 1`.execute(trx);
    });
    await other?.done;

    const after = await sql<{ n: number }>`select n from counter where id = 1`.execute(db);
    expect(after.rows[0]?.n).toBe(11);
  });
});
