#!/usr/bin/env node
// `npm run bench -- <name> [args]`: runs bench/<name>.ts (a script that prints figures; benchmarks
// never pass or fail on time). Without a name, lists the benchmarks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
// bench/<name>.ts files; helpers such as bench/api-server.ts are not benchmarks themselves.
const names = fs.existsSync(benchDir)
  ? fs.readdirSync(benchDir).filter((f) => /^[a-z0-9-]+\.ts$/.test(f) && !f.endsWith('-server.ts')).map((f) => f.slice(0, -3))
  : [];

const [name, ...args] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  console.log(`Usage: npm run bench -- <name>\nBenchmarks: ${names.join(', ') || '(none)'}`);
  process.exit(name ? 1 : 0);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, `${name}.ts`), ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
