// Figures for the web client: builds the app, prints the gzip size of what each client route
// downloads, of the server-rendered guest page's bundle and of the light doors' ('/', '/login'), and
// runs Lighthouse (mobile preset) on a seeded public and private guest memorial, the landing and
// /login. Benchmarks print figures; they never pass or fail.
//   npm run bench -- web                   build, then measure and audit
//   npm run bench -- web --no-build        measure the existing apps/web/dist
//   npm run bench -- web --no-lighthouse   sizes only
//   npm run bench -- web --runs 5          Lighthouse runs per page (median shown; default 3, 5 with --account)
//   npm run bench -- web --save-reports D  also write each run's Lighthouse report (JSON) into folder D
//   npm run bench -- web --tasks           also where each page's TBT comes from (web/lighthouse-tasks.ts)
//   BENCH_TASK_DETAIL=1 npm run bench -- … also each run's blocking tasks: when, how long, what they held
//   (and npx tsx bench/web/account-profile.ts [--notifications] [--spa]: one signed-in load's CPU
//   profile, self time per file and function; npx tsx bench/web/intl-calls.ts [path]: the locale-data
//   calls a signed-in load makes, each with its cost: the first Intl formatter loads ICU's data)
//   npm run bench -- web --pages landing   only the pages whose name holds one of the words (comma-separated)
//   npm run bench -- web --account         only the signed-in pages /account and /account/notifications
//                                          (server-rendered and SPA-only), in turns with the floor page, and
//                                          the JavaScript each page load transferred beside its imports
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { measureBundles, printBundleReport } from './web/bundle-sizes';
import { measureDoors, printDoors } from './web/doors';
import { measureGuestBundle, printGuestBundle, runGuestLighthouse } from './web/guest-page';
import { runAccountLighthouse } from './web/account-pages';

const root = path.resolve(import.meta.dirname, '..');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dist = path.join(root, 'apps/web/dist');
printBundleReport(measureBundles(dist));
printGuestBundle(measureGuestBundle(dist));
printDoors(measureDoors(dist));

if (!process.argv.includes('--no-lighthouse')) {
  const runsAt = process.argv.indexOf('--runs');
  const defaultRuns = process.argv.includes('--account') ? 5 : 3;
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) || defaultRuns : defaultRuns;
  const saveAt = process.argv.indexOf('--save-reports');
  const pagesAt = process.argv.indexOf('--pages');
  const pages = pagesAt > 0 ? (process.argv[pagesAt + 1] ?? '').split(',').filter(Boolean) : [];
  if (process.argv.includes('--account')) {
    await runAccountLighthouse(runs, process.argv.includes('--tasks'), dist, saveAt > 0 ? path.resolve(process.argv[saveAt + 1] ?? 'lighthouse-reports') : undefined);
  } else {
    await runGuestLighthouse(runs, saveAt > 0 ? path.resolve(process.argv[saveAt + 1] ?? 'lighthouse-reports') : undefined, process.argv.includes('--tasks'), pages);
  }
}
