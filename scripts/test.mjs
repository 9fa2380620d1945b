#!/usr/bin/env node
// `npm test`: every suite in turn, each summarised on one plain line "<suite>: N passed, N failed"
// (CI reads these lines, not Vitest's own summary). Exits non-zero when anything failed.
//   node scripts/test.mjs              all suites
//   node scripts/test.mjs api e2e      only these (names: typecheck lint unit web api api-postgres e2e)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = new Set(process.argv.slice(2));
const want = (name) => only.size === 0 || only.has(name) || (name.startsWith('api') && only.has('api'));
const summary = [];
const failures = [];
let failedAny = false;

function report(name, passed, failed, note = '') {
  const line = `${name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}`;
  summary.push(line);
  console.log(`\n${line}\n`);
  if (failed > 0) failedAny = true;
}

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(name, cmd, args) {
  if (!want(name)) return;
  console.log(`\n=== ${name} ===`);
  const status = run(cmd, args);
  report(name, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
}

function vitest(name, projects, env = {}) {
  if (!want(name)) return;
  console.log(`\n=== ${name} ===`);
  const out = path.join(os.tmpdir(), `recuerdos-vitest-${name}-${process.pid}.json`);
  fs.rmSync(out, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const status = run('npx', args, env);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const json = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    skipped = json.numPendingTests + json.numTodoTests;
    // A file that fails to load has no tests to count; count it as a failure.
    const brokenFiles = json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
    failed += brokenFiles.length;
    // Name what failed in the summary too: CI shows only the end of the output.
    for (const file of json.testResults) {
      const where = path.relative(root, file.name);
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed').length;
      if (file.status === 'failed' && failedTests === 0) {
        // A file that did not load, or a hook (beforeAll…) that failed and skipped the file's tests.
        failures.push(`${name}: ${where} — ${String(file.message ?? 'failed outside its tests').split('\n')[0].slice(0, 300)}`);
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push(`${name}: ${where} › ${test.fullName} — ${String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`);
      }
    }
  } catch {
    failed = Math.max(failed, 1);
  }
  if (status !== 0 && failed === 0) failed = 1;
  report(name, passed, failed, skipped ? `${skipped} skipped` : '');
}

check('typecheck', 'npm', ['run', '-s', 'typecheck']);
check('lint', 'npm', ['run', '-s', 'lint']);
vitest('unit', ['unit', 'web', 'preact']);
vitest('api', ['api'], { TEST_DB: 'sqlite' });
if (want('api-postgres')) {
  if (process.env.TEST_DATABASE_URL) vitest('api-postgres', ['api'], { TEST_DB: 'postgres' });
  else console.log('\napi-postgres: not run (reason: TEST_DATABASE_URL is not set)\n');
}
if (want('e2e')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const hasE2e = fs.existsSync(path.join(root, 'e2e')) && fs.readdirSync(path.join(root, 'e2e')).some((f) => f.endsWith('.e2e.ts'));
  if (!hasE2e) {
    console.log('\ne2e: not run (reason: no browser tests yet)\n');
  } else if (!fs.existsSync(chromium)) {
    console.log(`\n=== e2e ===\nChromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
    report('e2e', 0, 1, 'no browser');
  } else {
    console.log('\n=== build (for e2e) ===');
    if (run('npm', ['run', '-s', 'build']) !== 0) report('e2e', 0, 1, 'build failed');
    else vitest('e2e', ['e2e']);
  }
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const line of failures.slice(0, 30)) console.log(`  ${line}`);
}
process.exit(failedAny ? 1 : 0);
