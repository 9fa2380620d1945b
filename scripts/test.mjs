#!/usr/bin/env node
// `npm test`: every suite, each summarised on one plain line "<suite>: N passed, N failed" (CI reads
// these lines, not Vitest's own summary), then each suite's time. Exits non-zero when anything failed.
//   node scripts/test.mjs              all suites
//   node scripts/test.mjs api e2e      only these (names: typecheck lint unit api api-postgres e2e)
//
// Suites run side by side as far as the machine's cores allow (TEST_CORES, default: the cores Node
// sees): each suite says how many cores it keeps busy, and one starts when that many are free (or
// when nothing else runs). The single-threaded checks and the browser tests' build share the first
// minutes; the Vitest suites, which use every core themselves, then run one after another. A suite's
// output is printed whole when it ends, so the log reads suite by suite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = new Set(process.argv.slice(2));
const want = (name) => only.size === 0 || only.has(name) || (name.startsWith('api') && only.has('api'));
const capacity = Number(process.env.TEST_CORES) || os.availableParallelism();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const started = Date.now();

/** Runs a command with its output in a file; resolves with its exit status and that output. */
function run(cmd, args, env = {}) {
  const log = path.join(os.tmpdir(), `recuerdos-test-${process.pid}-${Math.random().toString(36).slice(2)}.log`);
  const fd = fs.openSync(log, 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env } });
  return new Promise((resolve) => {
    const done = (status) => {
      fs.closeSync(fd);
      const output = fs.readFileSync(log, 'utf8');
      fs.rmSync(log, { force: true });
      resolve({ status, output });
    };
    child.once('error', (err) => done(`${err.message}`) );
    child.once('close', (status) => done(status ?? 1));
  });
}

/** A check that passes or fails as a whole (typecheck, lint). */
function check(cmd, args) {
  return async () => {
    const { status, output } = await run(cmd, args);
    return { output, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, failures: [] };
  };
}

/** A Vitest run of some projects, counted from its JSON report. */
function vitest(name, projects, env = {}) {
  return async () => {
    const out = path.join(os.tmpdir(), `recuerdos-vitest-${name}-${process.pid}.json`);
    fs.rmSync(out, { force: true });
    const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
    const { status, output } = await run('npx', args, env);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures = [];
    try {
      const json = JSON.parse(fs.readFileSync(out, 'utf8'));
      passed = json.numPassedTests;
      failed = json.numFailedTests;
      skipped = json.numPendingTests + json.numTodoTests;
      // A file that fails to load has no tests to count; count it as a failure.
      failed += json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
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
      fs.rmSync(out, { force: true });
    } catch {
      failed = Math.max(failed, 1);
    }
    if (status !== 0 && failed === 0) failed = 1;
    return { output, passed, failed, skipped, failures };
  };
}

// Each suite: how many cores it keeps busy, what it waits for, and how it runs. `build` is no suite
// of its own: it prints a line only when it fails (then e2e counts that failure).
const suites = [
  { name: 'typecheck', cores: 1, run: check('npm', ['run', '-s', 'typecheck']) },
  { name: 'lint', cores: 1, run: check('npm', ['run', '-s', 'lint']) },
  { name: 'build', cores: 1, quiet: true, run: check('npm', ['run', '-s', 'build']) },
  { name: 'unit', cores: 2, run: vitest('unit', ['unit', 'web', 'preact']) },
  { name: 'api', cores: 2, run: vitest('api', ['api'], { TEST_DB: 'sqlite' }) },
  { name: 'api-postgres', cores: 2, run: vitest('api-postgres', ['api'], { TEST_DB: 'postgres' }) },
  { name: 'e2e', cores: 2, after: 'build', run: vitest('e2e', ['e2e']) },
];

const notRun = [];
const hasE2e = fs.existsSync(path.join(root, 'e2e')) && fs.readdirSync(path.join(root, 'e2e')).some((f) => f.endsWith('.e2e.ts'));
const plan = suites.filter((suite) => {
  if (suite.name === 'build') return want('e2e') && hasE2e && fs.existsSync(chromium);
  if (!want(suite.name)) return false;
  if (suite.name === 'api-postgres' && !process.env.TEST_DATABASE_URL) return notRun.push('api-postgres: not run (reason: TEST_DATABASE_URL is not set)'), false;
  if (suite.name === 'e2e' && !hasE2e) return notRun.push('e2e: not run (reason: no browser tests yet)'), false;
  return true;
});

const summary = [];
const failures = [];
const times = [];
let failedAny = false;

function report(name, result) {
  const line = `${name}: ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`;
  summary.push(line);
  console.log(`\n${line}\n`);
  failures.push(...result.failures);
  if (result.failed > 0) failedAny = true;
}

if (want('e2e') && hasE2e && !fs.existsSync(chromium)) {
  console.log(`\n=== e2e ===\nChromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  report('e2e', { passed: 0, failed: 1, failures: [] });
}

const results = new Map();
const running = new Set();
const waiting = [...plan];
await new Promise((resolveAll) => {
  const busy = () => [...running].reduce((sum, suite) => sum + suite.cores, 0);
  const ready = (suite) => !suite.after || results.has(suite.after) || !plan.some((other) => other.name === suite.after);
  const startWhatFits = () => {
    for (const suite of [...waiting]) {
      if (!ready(suite)) continue;
      if (running.size > 0 && busy() + suite.cores > capacity) continue;
      waiting.splice(waiting.indexOf(suite), 1);
      running.add(suite);
      const began = Date.now();
      console.log(`[${Math.round((began - started) / 1000)} s] ${suite.name} started`);
      const blocked = suite.after && results.get(suite.after)?.failed;
      const result = blocked ? Promise.resolve({ output: `${suite.after} failed: not run`, passed: 0, failed: 1, failures: [`${suite.name}: ${suite.after} failed`] }) : suite.run();
      void result.then((outcome) => {
        running.delete(suite);
        results.set(suite.name, outcome);
        const seconds = Math.round((Date.now() - began) / 1000);
        times.push(`${suite.name}: ${seconds} s`);
        console.log(`\n=== ${suite.name} (${seconds} s) ===\n${outcome.output.trimEnd()}`);
        if (!suite.quiet) report(suite.name, outcome);
        else if (outcome.failed) report(suite.name, outcome);
        if (waiting.length === 0 && running.size === 0) resolveAll();
        else startWhatFits();
      });
    }
  };
  if (waiting.length === 0) resolveAll();
  else startWhatFits();
});

console.log('\n=== summary ===');
for (const line of notRun) console.log(line);
for (const line of summary) console.log(line);
console.log(`\ntimes (${capacity} cores): ${times.join(', ')}; in all ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const line of failures.slice(0, 30)) console.log(`  ${line}`);
}
process.exit(failedAny ? 1 : 0);
