// `npm run bench -- complaints-book [N]`: how long the back office takes to list, and to export as
// CSV and PDF, a year's complaints book of N complaints (default 2000) with answers, on a temporary
// SQLite database. Prints figures; never passes or fails on time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { listBook } from '../apps/server/src/modules/complaint/complaint.book';
import { bookCsv, bookPdf } from '../apps/server/src/modules/complaint/complaint.export';
import { seedComplaints } from './support/seed-complaints';

const count = Number(process.argv[2] ?? 2000);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-bench-book-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
const handle = openDatabase(config.database, { error: () => undefined });
await migrateToLatest(handle.db, handle.dialect);
const year = 2029;
await seedComplaints(handle.db, year, count, 3);
const time = async <T>(label: string, run: () => Promise<T>, size: (value: T) => string) => {
  const start = performance.now();
  const value = await run();
  console.log(`${label.padEnd(24)} ${(performance.now() - start).toFixed(0).padStart(6)} ms   ${size(value)}`);
};
console.log(`complaints book of ${count} complaints (half answered), SQLite`);
await time('list (deadlines)', () => listBook({ db: handle.db }, { year, status: '' }), (rows) => `${rows.length} rows`);
const rows = await listBook({ db: handle.db }, { year, status: '' });
await time('CSV', () => Promise.resolve(bookCsv(rows)), (b) => `${(b.length / 1024).toFixed(0)} KiB`);
await time('PDF', () => bookPdf(rows, year, config), (b) => `${(b.length / 1024).toFixed(0)} KiB`);
const memory = process.memoryUsage().rss / 1024 / 1024;
console.log(`peak-ish RSS after            ${memory.toFixed(0)} MiB`);
await handle.close();
await fs.rm(dir, { recursive: true, force: true });
