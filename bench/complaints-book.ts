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
import { insertComplaint, insertEntry } from '../apps/server/src/modules/complaint/complaint.repository';

const count = Number(process.argv[2] ?? 2000);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-bench-book-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
const handle = openDatabase(config.database, { error: () => undefined });
await migrateToLatest(handle.db, handle.dialect);
const year = 2029;
for (let i = 0; i < count; i++) {
  const at = new Date(Date.UTC(year, 0, 2) + i * 3 * 3600_000);
  const c = await insertComplaint(handle.db, {
    year, createdAt: at.toISOString(), consumerDate: '02/01/2029', name: 'María José', lastname: 'Peña Ñahui', email: `c${i}@ejemplo.pe`,
    contract: 'REC-2029-00001', document: '45678912', phone: '987654321', type: i % 3 === 0 ? '2' : '1',
    detail: '¿Por qué no aparecen las fotos de mi padre? Las subí varias veces y no se ven en el perfil. '.repeat(3),
    request: 'Que revisen mi cuenta y me ayuden a publicarlas.', dueOn: '2029-01-23',
  });
  if (i % 2 === 0) {
    await insertEntry(handle.db, { complaintId: c.id, kind: 'answer', text: 'Revisamos tu cuenta y ya están publicadas. Disculpa las molestias.', operatorId: 1, operatorName: 'Lucía Torres', emailedTo: c.email, createdAt: new Date(at.getTime() + 86_400_000).toISOString() });
  }
}
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
