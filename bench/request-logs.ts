// What request logs cost (issue 16 §5): /api/health throughput with the default level (info) and at
// warn, for this checkout and optionally another one (the "before"), servers in child processes
// writing their logs to /dev/null, plus the bytes of log written per request at info.
//   npm run bench -- request-logs
//   BENCH_BEFORE_ROOT=/path/to/other/checkout npm run bench -- request-logs
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = path.resolve(import.meta.dirname, '..');
const roots: [string, string][] = [['this checkout', here]];
if (process.env.BENCH_BEFORE_ROOT) roots.unshift(['before', process.env.BENCH_BEFORE_ROOT]);

async function measure(root: string, level: string): Promise<{ rps: number; bytesPerRequest: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-logbench-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'w');
  const child = fork(path.join(import.meta.dirname, 'request-logs-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_APP_ROOT: root, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: level, PORT: '0', WEB_DIST_DIR: path.join(here, 'apps/server/test/fixtures/web-dist') },
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number }));
      child.once('exit', (code) => reject(new Error(`bench server exited (${String(code)})`)));
    });
    const url = `http://127.0.0.1:${port}/api/health`;
    await autocannon({ url, connections, duration: 2 });
    const before = fs.statSync(logFile).size;
    const result = await autocannon({ url, connections, duration: seconds });
    const written = fs.statSync(logFile).size - before;
    return { rps: Math.round(result.requests.average), bytesPerRequest: Math.round(written / Math.max(1, result.requests.total)) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.closeSync(out);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`GET /api/health, ${connections} connections, ${seconds} s per run (logs to a file)`);
for (const [label, root] of roots) {
  for (const level of ['info', 'warn']) {
    const { rps, bytesPerRequest } = await measure(root, level);
    console.log(`${label.padEnd(14)} LOG_LEVEL=${level.padEnd(5)} ${String(rps).padStart(7)} req/s  ${String(bytesPerRequest).padStart(4)} log bytes/request`);
  }
}
