// What the server spends on the QR page (issue 13 §2, §7): /guest?id= for a memorial with 320
// memories and a demo-sized one, as a phone asks for it (Accept-Encoding: br) and without
// compression, side by side with /api/health in the same run (paired right before each page, the
// machine being shared). Also the HTML's size, raw and Brotli. Needs the built web client
// (`npm run build`). Prints figures; never passes or fails.
//   npm run bench -- guest-render          (5 s per target, 20 connections)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-bench-guest-'));
const child = fork(path.join(import.meta.dirname, 'guest-render-server.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PORT: '0' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<{ port: number; large: string; small: string }>((resolve, reject) => {
  child.once('message', (message) => resolve(message as { port: number; large: string; small: string }));
  child.once('exit', (code) => reject(new Error(`The bench server exited (${String(code)})`)));
});
const base = `http://127.0.0.1:${ready.port}`;

async function size(url: string, encoding: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  // fetch decodes: count the bytes on the wire from content-length when compressed.
  const length = Number(res.headers.get('content-length') ?? 0);
  const body = Buffer.from(await res.arrayBuffer());
  return res.headers.get('content-encoding') ? length || body.length : body.length;
}

async function load(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, headers });
}

const rows: string[][] = [];
try {
  for (const [label, id] of [
    ['320 memories', ready.large],
    ['demo size (54)', ready.small],
  ] as const) {
    const url = `${base}/guest?id=${id}`;
    const raw = await size(url, 'identity');
    const br = await size(url, 'br');
    for (const encoding of ['br', 'identity']) {
      await load(url, { 'accept-encoding': encoding }).catch(() => undefined);
      const health = await load(`${base}/api/health`, {});
      const page = await load(url, { 'accept-encoding': encoding });
      rows.push([
        label,
        encoding,
        `${(raw / 1024).toFixed(1)} KB`,
        `${(br / 1024).toFixed(1)} KB`,
        page.requests.average.toFixed(0),
        String(page.latency.p50),
        String(page.latency.p99),
        health.requests.average.toFixed(0),
        String(health.latency.p50),
        `${(health.requests.average / Math.max(1, page.requests.average)).toFixed(1)}×`,
        String(page.non2xx + page.errors),
      ]);
      process.stderr.write(`  measured ${label}, ${encoding}\n`);
    }
  }
} finally {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const header = ['memorial', 'encoding', 'HTML', 'HTML br', '/guest req/s', 'p50 ms', 'p99 ms', '/api/health req/s', 'p50 ms', 'health/page', 'errors'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
console.log(`\nThe QR page on the server — Node ${process.version}, ${os.cpus().length} CPUs; autocannon ${seconds} s, ${connections} connections.`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
