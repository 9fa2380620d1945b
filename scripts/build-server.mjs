#!/usr/bin/env node
// Compiles the server to plain JavaScript (esbuild): apps/server/dist/server.js and admin.js, with the
// workspace's own TypeScript (the server and @recuerdos/shared) bundled in and every npm package left
// as an import resolved from node_modules at run time. `--if-stale` skips the build when the output is
// newer than every source file (npm start).
import fs from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');
const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages/shared/src'), path.join(root, 'package-lock.json'), path.join(import.meta.filename)];
const outputs = [path.join(outdir, 'server.js'), path.join(outdir, 'admin.js'), path.join(outdir, 'pdf-worker.js')];

/** The newest modification time of a file or of anything below a folder; 0 when it does not exist. */
export function newestMtime(entry) {
  let info;
  try {
    info = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

export function serverIsStale() {
  const built = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  return built === 0 || Math.max(...sources.map(newestMtime)) > built;
}

/**
 * Compiles the server and the operator CLI into `into` (default apps/server/dist). Another folder must
 * sit at the same depth as src/ (apps/server/<name>), as the tests' own builds do.
 */
export async function buildServer(into = outdir) {
  await build({
    entryPoints: {
      server: path.join(root, 'apps/server/src/server.ts'),
      admin: path.join(root, 'apps/server/src/cli/admin.ts'),
      // The PDF worker thread (src/pdf/pdf-pool.ts starts it next to server.js / admin.js).
      'pdf-worker': path.join(root, 'apps/server/src/pdf/pdf-worker.ts'),
    },
    outdir: into,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    jsx: 'automatic',
    // import.meta.dirname stays meaningful: dist/ sits at the same depth as src/.
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@recuerdos/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  // esbuild's service process would otherwise live (and hold memory) as long as the server.
  await stop();
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && !serverIsStale()) process.exit(0);
  const started = Date.now();
  await buildServer();
  console.log(`Server compiled to apps/server/dist in ${Date.now() - started} ms`);
}
