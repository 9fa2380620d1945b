// Figures for the web client: builds the app and prints the gzip size of what each client route
// downloads. Benchmarks print figures; they never pass or fail.
//   npm run bench -- web              build, then measure
//   npm run bench -- web --no-build   measure the existing apps/web/dist
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { measureBundles, printBundleReport } from './web/bundle-sizes';

const root = path.resolve(import.meta.dirname, '..');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

printBundleReport(measureBundles(path.join(root, 'apps/web/dist')));
