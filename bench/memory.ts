// The server's resident memory (RSS) right after start and after its first request, per setup (issue
// 25 §2): the embedded default (SQLite, disk, .eml outbox), PostgreSQL, Redis for the limits, S3 for
// the media. Each figure is the median of BENCH_RUNS starts (default 3), each on a fresh data folder
// (and, on PostgreSQL, a fresh schema), as `npm start` runs it: `node scripts/start.mjs`, the process
// npm starts, which imports the compiled server (build it first: `npm run build`). The first start
// on SQLite (embedded, Redis, S3) seeds the demo: its rows, its twelve picture objects (shipped
// encoded, no sharp) and its password (hashed in a child process); "restart" is the next start on the
// same data, which seeds nothing. Figures: docs/decisions/025-memory-at-start.md.
//   npm run bench -- memory                       (every setup)
//   npm run bench -- memory embedded postgres     (some of them)
//   BENCH_ENTRY=apps/server/dist/server.js npm run bench -- memory
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); Redis:
// BENCH_REDIS_URL (default redis://127.0.0.1:6379); S3: s3rver in its own process.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '../apps/server/test/database';

const root = path.resolve(import.meta.dirname, '..');
const entry = process.env.BENCH_ENTRY ?? 'scripts/start.mjs';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Setup {
  name: string;
  /** The environment of one start, and what to remove after it. */
  prepare(): Promise<{ env: Record<string, string>; cleanUp: () => Promise<void> }>;
}

const none = () => Promise.resolve();

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitHealthy(port: number, child: ChildProcess): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

interface Sample {
  healthyMs: number;
  startMb: number;
  firstRequestMb: number;
  restartMb: number;
}

/** A port free right now (the system's pick): a random one may be an outgoing connection's. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server, measures, stops it; `visit` asks for the landing page first. */
async function serve(env: Record<string, string>, visit: boolean): Promise<{ healthyMs: number; startMb: number; firstRequestMb: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const healthyMs = await waitHealthy(port, child);
    await settle();
    const startMb = rssMb(child.pid ?? 0);
    if (!visit) return { healthyMs, startMb, firstRequestMb: startMb };
    // The first request of a visitor: the landing page.
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    await settle();
    return { healthyMs, startMb, firstRequestMb: rssMb(child.pid ?? 0) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
}

async function startOnce(setup: Setup): Promise<Sample> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-memory-'));
  const { env, cleanUp } = await setup.prepare();
  try {
    const first = await serve({ DATA_DIR: dataDir, ...env }, true);
    const again = await serve({ DATA_DIR: dataDir, ...env }, false);
    return { ...first, restartMb: again.startMb };
  } finally {
    await cleanUp();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function forkS3rver(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = fork(path.join(import.meta.dirname, 's3rver-server.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited (${String(code)})`)));
    child.once('message', (env) => resolve({ child, env: env as Record<string, string> }));
  });
}

const s3: { rver: { child: ChildProcess; env: Record<string, string> } | null } = { rver: null };

const SETUPS: Setup[] = [
  { name: 'embedded', prepare: () => Promise.resolve({ env: {}, cleanUp: none }) },
  {
    name: 'postgres',
    async prepare() {
      process.env.TEST_DATABASE_URL = databaseUrl;
      const database = await createTestDatabase('', 'postgres');
      return { env: { DATABASE_URL: database.url }, cleanUp: () => database.drop() };
    },
  },
  {
    name: 'redis',
    prepare: () => Promise.resolve({ env: { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}:` }, cleanUp: none }),
  },
  {
    name: 's3',
    async prepare() {
      s3.rver ??= await forkS3rver();
      return { env: s3.rver.env, cleanUp: none };
    },
  },
];

const wanted = process.argv.slice(2);
const setups = wanted.length > 0 ? SETUPS.filter((s) => wanted.includes(s.name)) : SETUPS;
if (setups.length === 0) {
  console.log(`Setups: ${SETUPS.map((s) => s.name).join(', ')}`);
  process.exit(1);
}

const rows: string[] = [];
try {
  for (const setup of setups) {
    const samples: Sample[] = [];
    for (let run = 1; run <= runs; run++) {
      samples.push(await startOnce(setup));
      process.stderr.write(`  ${setup.name} start ${run}: ${samples.at(-1)?.startMb.toFixed(1)} MB\n`);
    }
    const fmt = (n: number) => n.toFixed(0).padStart(5);
    const med = (pick: (s: Sample) => number) => fmt(median(samples.map(pick)));
    rows.push(
      `${setup.name.padEnd(10)} ${med((s) => s.startMb)} MB   ${med((s) => s.firstRequestMb)} MB   ${med((s) => s.restartMb)} MB  ${med((s) => s.healthyMs)} ms   (${samples.map((s) => s.startMb.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  s3.rver?.child.kill('SIGTERM');
}

console.log(`\nServer RSS — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; node ${entry}; median of ${runs} starts.`);
console.log('setup        start   after GET /   restart   healthy   (each first start)');
for (const row of rows) console.log(row);
console.log('Issue 25 §2 asks for ≤ 120 MB right after the first `npm start` of the embedded default.');
