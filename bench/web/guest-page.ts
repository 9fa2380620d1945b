// Figures of the guest memorial (issue 5 §8): the JavaScript a phone downloads for /guest to become
// interactive (the guest entry and its static imports, gzip -9, from dist/.vite/guest-manifest.json),
// and Lighthouse's mobile preset (simulated slow 4G, 4× CPU) on a seeded public and private memorial
// served by the real server (built app, temporary DATA_DIR). Prints figures; never passes or fails.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { blockingByKind, blockingTasks, describeBlocking, type TaskKind } from './lighthouse-tasks';
import { seedMemorial } from '../../e2e/support/memorial';
import { startServer } from '../../e2e/support/server';
import { lightPageAssets, readBuildManifest } from '../../apps/server/src/http/build-manifest';
import { GUEST_ENTRY_SOURCE, GUEST_MANIFEST_FILE } from '../../packages/shared/src/guest-page';
import { gzipSize, lightPageFiles, type FileSize } from './light-page-files';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface GuestBundleSize {
  js: number;
  css: number;
  files: FileSize[];
  lazy: FileSize[];
}

export function measureGuestBundle(dist: string): GuestBundleSize | null {
  // The files the server's page asks for, as the server reads them from the manifest.
  const manifest = readBuildManifest(dist, GUEST_MANIFEST_FILE);
  const assets = manifest && lightPageAssets(dist, manifest, GUEST_ENTRY_SOURCE);
  if (!manifest || !assets) return null;
  const lazy = (manifest[GUEST_ENTRY_SOURCE]?.dynamicImports ?? []).flatMap((key) => {
    const chunk = manifest[key];
    return chunk ? [{ file: chunk.file, gzip: gzipSize(dist, chunk.file) }] : [];
  });
  return { ...lightPageFiles(dist, assets), lazy };
}

export function printGuestBundle(size: GuestBundleSize | null): void {
  if (!size) {
    console.log('\n/guest (server-rendered): not built');
    return;
  }
  console.log(`\n/guest (server-rendered, Preact): JS to become interactive ${kb(size.js)} (target ≤ 80 KB), CSS ${kb(size.css)}`);
  for (const { file, gzip: bytes } of size.files) console.log(`    ${file.padEnd(44)} ${kb(bytes).padStart(9)}`);
  console.log('  loaded only when the visitor acts:');
  for (const { file, gzip: bytes } of size.lazy) console.log(`    ${file.padEnd(44)} ${kb(bytes).padStart(9)}`);
}


export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** JavaScript bytes over the wire (compressed), as Lighthouse's resource summary counts them. */
  jsBytes: number;
  /** Everything the first view transferred, and how many images it loaded (issue 13: ≤ 300 KB, ≤ 12). */
  totalBytes: number;
  images: number;
  /** What the largest contentful paint was (Lighthouse's selector and label of its node). */
  lcpElement: string;
  /** With --tasks: the simulated blocking time by kind of task (lighthouse-tasks.ts). */
  blocking?: Map<TaskKind, number>;
}

/** One audit's figures, or null when Lighthouse could not measure (its runtime error is printed). */
export async function audit(url: string, port: number, saveAs?: string, tasks = false, keepStorage = false): Promise<LighthouseFigures | null> {
  // keepStorage: a signed-in page keeps its session (the caller empties the HTTP cache itself).
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepStorage });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (saveAs) {
    fs.mkdirSync(path.dirname(saveAs), { recursive: true });
    fs.writeFileSync(saveAs, JSON.stringify(result.lhr));
  }
  if (result.lhr.runtimeError) {
    console.log(`  (a run failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message})`);
    return null;
  }
  if (process.env.BENCH_TASK_DETAIL) {
    const observed = (result.lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
    console.log(
      `\n${url} TBT ${result.lhr.audits['total-blocking-time']?.numericValue?.toFixed(0)}, LCP ${result.lhr.audits['largest-contentful-paint']?.numericValue?.toFixed(0)}` +
        ` (observed here: first paint ${observed.observedFirstContentfulPaint?.toFixed(0)}, LCP ${observed.observedLargestContentfulPaint?.toFixed(0)} ms)`,
    );
    for (const line of await blockingTasks(result)) console.log(`  ${line}`);
  }
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    jsBytes: summary.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN,
    totalBytes: numeric('total-byte-weight'),
    images: summary.find((item) => item.resourceType === 'image')?.requestCount ?? 0,
    lcpElement: lcpElementOf(audits['largest-contentful-paint-element']?.details),
    blocking: tasks ? await blockingByKind(result) : undefined,
  };
}

/**
 * A page with one heading and one line, no style, no script, no picture: its TBT is what Lighthouse's
 * own connection costs on this machine (the page's script context, made at commit; decision 021).
 */
export const FLOOR_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hola</title><h1>Hola</h1><p>Una línea de texto.</p></html>';

/** Serves `server` on a free port of 127.0.0.1; its address. */
export async function staticPage(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the floor page has no port');
  return `http://127.0.0.1:${address.port}/`;
}

/** "img.post-card__media (Foto compartida…)": the LCP node as Lighthouse describes it. */
function lcpElementOf(details: unknown): string {
  type NodeItem = { node?: { selector?: string; nodeLabel?: string } };
  const tables = (details as { items?: { items?: NodeItem[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  if (!node) return 'unknown';
  const selector = (node.selector ?? '').split(' > ').slice(-2).join(' > ');
  return `${selector} (${(node.nodeLabel ?? '').slice(0, 40)})`;
}

/** `count` approved visitors' memories (text) on a memorial, written into the server's SQLite file. */
function addVisitorMemories(dataDir: string, identifier: string, count: number): void {
  const db = new SQLite(path.join(dataDir, 'recuerdos.db'), { timeout: 10_000 });
  try {
    const memorial = db.prepare('select id from memorials where identifier = ?').get(identifier) as { id: number };
    const insert = db.prepare(
      "insert into posts (memorial_id, reg, author_kind, author_name, author_email, text, media_key, media_kind, place, state, created_at, approved_at) values (?, ?, 'guest', ?, null, ?, null, null, 0, 'approved', ?, ?)",
    );
    const base = Date.UTC(2025, 0, 1);
    db.transaction(() => {
      for (let i = 1; i <= count; i++) {
        const at = new Date(base + i * 1000).toISOString();
        insert.run(memorial.id, at.replace('T', ' ').slice(0, 23), `Visitante ${i}`, 'Siempre te recordaremos con cariño. Gracias por todo lo que nos diste.', at, at);
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Lighthouse (mobile preset) on a seeded public, grown and private memorial, the landing and /login;
 * `runs` audits each, median shown; `pages` (words of the pages' names) keeps only those pages.
 */
export async function runGuestLighthouse(runs = 3, saveDir?: string, tasks = false, pages: readonly string[] = []): Promise<void> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  // TRUST_PROXY: the seeded visitors come from many addresses (X-Forwarded-For), as at a funeral.
  const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error', TRUST_PROXY: '1' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROMIUM_ARGS });
  const floor = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(FLOOR_PAGE);
  });
  try {
    const publicMemorial = await seedMemorial(server, {
      type: 'U',
      person: 'María Elena Torres Salazar',
      photo: true,
      candles: 12,
      flowers: 5,
      ownerPosts: [
        { text: 'Gracias a todos los que nos acompañaron en la misa.' },
        { text: 'Su jardín en primavera, como a ella le gustaba.', picture: true },
        { text: 'Cantando en su cumpleaños 80.', video: true },
        { text: 'Encontramos tus cartas de cuando eras maestra en Huancayo.', picture: true },
        { text: 'Hoy preparamos tu ají de gallina, como nos enseñaste.' },
      ],
      guestPosts: [
        { name: 'Carmen Rojas', text: 'Profesora María Elena, gracias por enseñarme a leer y a creer en mí.' },
        { name: 'Jorge Villanueva', text: 'Vecina querida, siempre con una sonrisa y un cafecito.', picture: true },
        { name: 'Diego Salazar', text: 'Abuelita, te extraño cada día.' },
      ],
    });
    const privateMemorial = await seedMemorial(server, { type: 'P', person: 'Julia Quispe Mamani', accessCode: 'flores2024', photo: true, ownerPosts: [{ text: 'Te extrañamos.' }] });
    // Issue 13: a memorial whose history has grown — 220 family posts and 100 visitors' memories.
    const grownMemorial = await seedMemorial(server, {
      type: 'U',
      person: 'Augusto Pérez Villanueva',
      photo: true,
      ownerPosts: Array.from({ length: 220 }, (_, i) => ({
        text: `Recuerdo número ${i + 1}: aquel verano en Chosica, con toda la familia reunida alrededor de la mesa.`,
        picture: i % 3 === 0,
        video: i % 3 !== 0 && i % 7 === 0,
      })),
    });
    // The visitors' memories written straight into the database (the API's abuse limits would take an hour).
    addVisitorMemories(server.dataDir, grownMemorial.identifier, 100);
    const floorName = 'floor (static two-line page)';
    const targets = [
      // What this machine gives a page that does nothing: the floor under every figure below.
      [floorName, await staticPage(floor)],
      ['public memorial', `${server.baseUrl}/guest?id=${publicMemorial.identifier}`],
      ['320 memories', `${server.baseUrl}/guest?id=${grownMemorial.identifier}`],
      ['private memorial (code screen)', `${server.baseUrl}/guest?id=${privateMemorial.identifier}`],
      // The other doors: the sales page and the login page.
      ['landing /', `${server.baseUrl}/`],
      ['login /login', `${server.baseUrl}/login`],
    ] as const;
    const chosen = targets.filter(([name]) => name === floorName || pages.length === 0 || pages.some((word) => name.includes(word)));
    // In turns with the floor (issue 27): each round audits every chosen page once, so a busy
    // moment of the machine falls on the floor too; a run's TBT is also read as its excess over
    // the floor's in the same round.
    const results = new Map<string, (LighthouseFigures | null)[]>(chosen.map(([name]) => [name, []]));
    for (let round = 0; round < runs; round++) {
      for (const [name, url] of chosen) {
        const saveAs = saveDir ? path.join(saveDir, `${name.replace(/[^a-z0-9]+/gi, '-')}-${round + 1}.json`) : undefined;
        results.get(name)?.push(await audit(url, chrome.port, saveAs, tasks));
      }
    }
    console.log(`\nLighthouse 12 mobile preset (simulated slow 4G, 4× CPU), median of ${runs} runs in turns with the floor page`);
    console.log(`targets (issue 13, 27): Performance ≥ 98, LCP ≤ 1200 ms, TBT ≤ floor + 50 ms, CLS ≤ 0.02, Accessibility 100; landing and login JS ≤ 40 KB\n`);
    console.log(FIGURES_HEADER);
    const floorRuns = results.get(floorName) ?? [];
    for (const [name] of chosen) {
      const runsOfPage = results.get(name) ?? [];
      const excess = name === floorName ? undefined : runsOfPage.flatMap((figures, round) => {
        const under = floorRuns[round];
        return figures && under ? [figures.tbtMs - under.tbtMs] : [];
      });
      printFigures(name, runsOfPage.filter((figures): figures is LighthouseFigures => figures !== null), tasks, excess);
    }
  } finally {
    chrome.kill();
    floor.close();
    await server.stop();
  }
}

/** One page's line: medians of its runs, the spread, the LCP element (and, with tasks, TBT by kind). */
export function printFigures(name: string, results: LighthouseFigures[], tasks = false, overFloor?: readonly number[]): void {
  if (results.length === 0) {
    console.log(`${name.padEnd(32)} no successful run`);
    return;
  }
  const median = (pick: (r: LighthouseFigures) => number) => {
    const values = results.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  const spread = `LCP ${Math.min(...results.map((r) => r.lcpMs)).toFixed(0)}–${Math.max(...results.map((r) => r.lcpMs)).toFixed(0)}, TBT ${Math.min(...results.map((r) => r.tbtMs)).toFixed(0)}–${Math.max(...results.map((r) => r.tbtMs)).toFixed(0)}`;
  console.log(
    `${name.padEnd(32)} ${String(median((r) => r.performance)).padStart(5)} ${median((r) => r.fcpMs).toFixed(0).padStart(8)} ${median((r) => r.lcpMs).toFixed(0).padStart(8)} ${median((r) => r.tbtMs).toFixed(0).padStart(8)} ${median((r) => r.cls).toFixed(3).padStart(7)} ${String(median((r) => r.accessibility)).padStart(5)} ${kb(median((r) => r.jsBytes)).padStart(9)} ${kb(median((r) => r.totalBytes)).padStart(9)} ${String(median((r) => r.images)).padStart(6)}   (${results.length} runs; ${spread})`,
  );
  if (overFloor && overFloor.length > 0) {
    const sorted = [...overFloor].sort((a, b) => a - b);
    const middle = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    console.log(`${''.padEnd(32)} TBT over the floor of the same round: median ${middle.toFixed(0)} ms (${sorted.map((ms) => ms.toFixed(0)).join(', ')})`);
  }
  const elements = [...new Set(results.map((r) => r.lcpElement))];
  console.log(`${''.padEnd(32)} LCP element: ${elements.join('; ')}`);
  if (tasks) console.log(`${''.padEnd(32)} TBT by task (simulated, mean per run, ms): ${describeBlocking(results.map((r) => r.blocking ?? new Map<TaskKind, number>()))}`);
}

export const FIGURES_HEADER = `${'page'.padEnd(32)} ${'Perf'.padStart(5)} ${'FCP ms'.padStart(8)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(7)} ${'A11y'.padStart(5)} ${'JS wire'.padStart(9)} ${'all wire'.padStart(9)} ${'images'.padStart(6)}`;
