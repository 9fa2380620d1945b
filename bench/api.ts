// Load figures for the memorial API (issue 3): autocannon against /api/health and the guest-facing
// reads, the candle endpoint and the QR page's visit report (issue 29 §4), on a seeded SQLite database, the server in a child process. Prints
// requests per second, p50/p99 latency and each endpoint's rate relative to /api/health. The
// machine is shared and noisy, so /api/health is measured again right before each endpoint and the
// ratio uses that paired run.
//   npm run bench -- api              (10 s per endpoint, 50 connections)
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=100 npm run bench -- api
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { printTable } from './support/table';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-bench-'));
const child = fork(path.join(import.meta.dirname, 'api-server.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', TRUST_PROXY: '1', PORT: '0' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<{ port: number; identifier: string }>((resolve, reject) => {
  child.once('message', (message) => resolve(message as { port: number; identifier: string }));
  child.once('exit', (code) => reject(new Error(`The bench server exited (${String(code)})`)));
});
const base = `http://127.0.0.1:${ready.port}`;
const id = ready.identifier;

let visitor = 0;
/** Each candle from a different visitor (X-Forwarded-For), as at a funeral: the per-IP limit stays out of the way. */
function fromNextVisitor(request: autocannon.Request): autocannon.Request {
  visitor += 1;
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` } };
}

interface Target {
  name: string;
  options: Partial<autocannon.Options>;
}

const giftBody = JSON.stringify({ identifier: id, type: 'V' });
const visitBody = JSON.stringify({ identifier: id });
/** A phone's browser: link-preview robots are not counted. */
const visitHeaders = { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' };
const targets: Target[] = [
  { name: '/api/health', options: { url: `${base}/api/health` } },
  { name: 'GET person/verify-type-account', options: { url: `${base}/api/person/verify-type-account?id=${id}` } },
  { name: 'GET person/get-data-for-guest', options: { url: `${base}/api/person/get-data-for-guest?id=${id}` } },
  { name: 'GET content/get-admin-posts-for-guest', options: { url: `${base}/api/content/get-admin-posts-for-guest?id=${id}` } },
  {
    name: 'POST gift/update-gift (one visitor per request)',
    options: {
      url: `${base}/api/gift/update-gift`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: giftBody,
      requests: [{ setupRequest: fromNextVisitor }],
    },
  },
  {
    name: 'POST gift/update-gift (one IP: mostly 429)',
    options: { url: `${base}/api/gift/update-gift`, method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' }, body: giftBody },
  },  // The QR page's report of a load (issue 29 §4): a limiter step and an upsert of (memorial, day).
  {
    name: 'POST visit/count-visit (one visitor per load)',
    options: { url: `${base}/api/visit/count-visit`, method: 'POST', headers: visitHeaders, body: visitBody, requests: [{ setupRequest: fromNextVisitor }] },
  },
  {
    name: 'POST visit/count-visit (one IP: past 30 a day not counted)',
    options: { url: `${base}/api/visit/count-visit`, method: 'POST', headers: { ...visitHeaders, 'x-forwarded-for': '10.255.0.2' }, body: visitBody },
  },
];

interface Row {
  name: string;
  healthRps: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

const rows: Row[] = [];
const run = async (options: Partial<autocannon.Options>, duration: number) =>
  autocannon({ ...options, url: options.url ?? base, connections, duration });
try {
  const health = targets[0]?.options ?? {};
  for (const target of targets) {
    // A short warm-up so JIT and the SQLite page cache do not count against the first endpoint.
    await run(target.options, 1);
    const paired = await run(health, seconds);
    const result = target === targets[0] ? paired : await run(target.options, seconds);
    rows.push({
      name: target.name,
      healthRps: paired.requests.average,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result['2xx'],
      other: result.non2xx,
      errors: result.errors + result.timeouts,
    });
    process.stderr.write(`  measured ${target.name}\n`);
  }
} finally {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`\nMemorial API — ${seconds} s per endpoint, ${connections} connections, Node ${process.version}, ${os.cpus().length} × ${cpu}`);
console.log('SQLite, server in its own process, autocannon in this one (same machine).\n');
const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'health req/s (paired)', 'vs health', '2xx', 'non-2xx', 'errors'];
const lines = rows.map((r) => [
  r.name,
  r.rps.toFixed(0),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  r.healthRps.toFixed(0),
  `${((r.rps / r.healthRps) * 100).toFixed(0)} %`,
  String(r.ok),
  String(r.other),
  String(r.errors),
]);
printTable(header, lines);
