// Start-to-healthy time and memory after start (issue 16 §4): runs a start command on a fresh data
// folder, polls /api/health, then reads the resident memory of every process of the tree.
//   npm run bench -- startup                        (npm start, twice: the second start builds nothing)
//   BENCH_START_CMD="npm run build && node --import tsx apps/server/src/server.ts" npm run bench -- startup
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const command = process.env.BENCH_START_CMD ?? 'npm start';
const runs = Number(process.env.BENCH_RUNS ?? 2);

function tree(pid: number): { pid: number; rssKb: number; cmd: string }[] {
  const lines = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args=']).toString().trim().split('\n');
  const rows = lines.map((l) => {
    const [p, pp, rss, ...cmd] = l.trim().split(/\s+/);
    return { pid: Number(p), ppid: Number(pp), rssKb: Number(rss), cmd: cmd.join(' ').slice(0, 70) };
  });
  const out: { pid: number; rssKb: number; cmd: string }[] = [];
  const visit = (id: number) => {
    for (const row of rows.filter((r) => r.ppid === id)) {
      out.push(row);
      visit(row.pid);
    }
  };
  const self = rows.find((r) => r.pid === pid);
  if (self) out.push(self);
  visit(pid);
  return out;
}

for (let run = 1; run <= runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-start-'));
  const port = 40000 + Math.floor(Math.random() * 20000);
  const started = Date.now();
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: '1' },
    stdio: 'ignore',
    detached: true,
  });
  let healthyMs = -1;
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        healthyMs = Date.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const processes = tree(child.pid ?? 0);
  console.log(`run ${run}: "${command}" healthy after ${healthyMs} ms`);
  for (const p of processes) console.log(`  ${String(Math.round(p.rssKb / 1024)).padStart(4)} MB  ${p.cmd}`);
  console.log(`  ${String(Math.round(processes.reduce((sum, p) => sum + p.rssKb, 0) / 1024)).padStart(4)} MB  total`);
  try {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
