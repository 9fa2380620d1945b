// `npm run bench -- pdf [runs] [--in-thread]`: what building each kind of pdfkit document costs the
// server (runs per kind, default 15, after the process's very first document), built as the server
// builds them (ctx.pdf: a worker thread) or, with --in-thread, on the main thread: a partner's month statement with
// four branches of four advisers, a year's complaints book of 200 complaints, 50 partner cards (A6,
// with the logo), 50 plaques and a family's card with its photo. Per kind, the median and p95 of the
// build's wall time and, the figure that matters for the other requests of the instance, of the
// longest event-loop block during one build (perf_hooks.monitorEventLoopDelay at 1 ms). Prints
// figures; never passes or fails on time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { listBook } from '../apps/server/src/modules/complaint/complaint.book';
import type { Statement } from '../apps/server/src/modules/partner/partner-statement.service';
import type { CardContent } from '../apps/server/src/modules/qr/card.service';
import { createPdfPool, type PdfBuilder } from '../apps/server/src/pdf/pdf-pool';
import { PDF_RENDERERS } from '../apps/server/src/pdf/renderers';
import { printTable } from './support/table';
import { seedComplaints } from './support/seed-complaints';

const args = process.argv.slice(2);
const inThread = args.includes('--in-thread');
const runs = Number(args.find((a) => !a.startsWith('--')) ?? 15);
const pool = createPdfPool();
// The renderers themselves on this thread, or the pool the server uses.
const pdf: PdfBuilder['build'] = inThread ? (kind, input) => (PDF_RENDERERS[kind] as (i: typeof input) => Promise<Buffer>)(input) : (kind, input) => pool.build(kind, input);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-bench-pdf-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://recuerdos.pe' });
const handle = openDatabase(config.database, { error: () => undefined });
await migrateToLatest(handle.db, handle.dialect);

// The complaints book: 200 complaints, half answered (a busy year).
const year = 2029;
await seedComplaints(handle.db, year, 200, 40);
const book = await listBook({ db: handle.db }, { year, status: '' });

// The statement: four branches, four advisers each, one adviser with sales without a price.
const branches = ['Sede Miraflores', 'Sede San Isidro', 'Sede Surco', 'Sede Arequipa Cercado'];
const advisers = ['Luis Paz Ñique', 'María Fernández', 'José Quispe Huamán', 'Ana Lucía Gómez'];
const rows = branches.flatMap((branch, b) =>
  advisers.map((seller, s) => {
    const created = 5 + b * 4 + s;
    const unpriced = b === 1 && s === 2 ? 2 : 0;
    const amountCents = (created - unpriced) * 120_050;
    return { branch, seller, created, activated: created - 2, unpriced, amountCents, commissionCents: Math.round(amountCents / 10) };
  }),
);
const sum = (key: 'created' | 'activated' | 'unpriced' | 'amountCents' | 'commissionCents') => rows.reduce((n, r) => n + r[key], 0);
const statement: Statement = {
  month: '2026-10', partner: 'Funeraria San Martín de Porres', legalName: 'Servicios Funerarios San Martín S.A.C.', ruc: '20100047218', commissionBp: 1000, commissionPercent: 10, rows,
  total: { created: sum('created'), activated: sum('activated'), unpriced: sum('unpriced'), amountCents: sum('amountCents'), commissionCents: sum('commissionCents') },
};

// The cards: a partner's logo (PARTNER_LOGO's 240 × 96 box) and a family's photo.
const logo = await sharp({ create: { width: 240, height: 96, channels: 4, background: { r: 74, g: 59, b: 107, alpha: 0.8 } } }).png().toBuffer();
const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 180, g: 160, b: 140 } } }).jpeg({ quality: 85 }).toBuffer();
const partnerCard = (i: number): CardContent => ({
  fullname: `Juan Ramón Ñahui Peña ${i}`, birthdate: '1940-03-12', deathdate: '2026-05-03', epitaph: '', photo: null,
  link: `https://recuerdos.pe/guest?id=Ab3dE${String(i).padStart(4, '0')}`, accessCode: null,
  partnerLine: 'Con el acompañamiento de Funeraria San Martín de Porres', partnerLogo: logo,
});
const familyCard: CardContent = {
  fullname: 'María Ángeles Ñique de Gutiérrez', birthdate: '1938-11-02', deathdate: '2026-09-14',
  epitaph: 'Tu amor y tu alegría vivirán siempre en nosotros. ¡Gracias por todo, mamá! Descansa en paz.', photo,
  link: 'https://recuerdos.pe/guest?id=Zx9Kq2Lm', accessCode: '482913', partnerLine: null, partnerLogo: null,
};
const plaques = Array.from({ length: 50 }, (_, i) => ({ person: `Rosa Elena Huamán Ñique ${i}`, identifier: `Pq7wR${String(i).padStart(4, '0')}` }));

const kinds: { name: string; build: () => Promise<Buffer> }[] = [
  { name: 'statement (16 rows)', build: () => pdf('statement', { statement, generatedAt: new Date() }) },
  { name: 'complaints book (200)', build: () => pdf('book', { rows: book, year, legal: config.legal, generatedAt: new Date() }) },
  { name: '50 partner cards (A6)', build: () => pdf('cards', { contents: Array.from({ length: 50 }, (_, i) => partnerCard(i)), size: 'a6' }) },
  { name: '50 plaques', build: () => pdf('plaques', { publicUrl: config.publicUrl, sales: plaques }) },
  { name: 'family card with photo', build: () => pdf('cards', { contents: [familyCard], size: 'a6' }) },
];

/** One build: its wall time and the longest the event loop waited meanwhile. */
async function measure(build: () => Promise<Buffer>): Promise<{ ms: number; cpuMs: number; blockMs: number; bytes: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The histogram counts from its timer's second tick: let it tick before the build.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const start = performance.now();
  const cpu = process.cpuUsage();
  const pdf = await build();
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  // Let the delay timer fire once after the last block.
  await new Promise((resolve) => setTimeout(resolve, 5));
  delay.disable();
  return { ms, cpuMs: (user + system) / 1000, blockMs: delay.max / 1e6, bytes: pdf.length };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const fmt = (ms: number) => ms.toFixed(0);

const first = await measure(() => pdf('statement', { statement, generatedAt: new Date() }));
console.log(`pdfkit documents built ${inThread ? 'on the main thread' : 'in the worker thread (ctx.pdf)'}, ${runs} builds per kind (Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})`);
console.log(`first document of the process (statement): ${fmt(first.ms)} ms, event loop blocked up to ${fmt(first.blockMs)} ms\n`);
const lines: string[][] = [];
for (const kind of kinds) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measure(kind.build));
  const ms = results.map((r) => r.ms);
  const block = results.map((r) => r.blockMs);
  lines.push([kind.name, fmt(quantile(ms, 0.5)), fmt(quantile(ms, 0.95)), fmt(quantile(results.map((r) => r.cpuMs), 0.5)), fmt(quantile(block, 0.5)), fmt(quantile(block, 0.95)), fmt(Math.max(...block)), ((results[0]?.bytes ?? 0) / 1024).toFixed(0)]);
}
printTable(['document', 'build p50 ms', 'p95', 'CPU p50 ms', 'loop block p50 ms', 'p95', 'max', 'KiB'], lines);
console.log(`\nRSS after ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
await pool.close();
await handle.close();
await fs.rm(dir, { recursive: true, force: true });
