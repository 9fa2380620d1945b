#!/usr/bin/env node
// Prints what a browser downloads to show each client route: the entry's JavaScript and CSS plus
// the route's lazy chunk and everything it imports statically, gzip-compressed (level 9), from the
// production build's manifest. A figure to watch, never a pass/fail.
//   node bench/web/bundle-sizes.mjs            build, then measure
//   node bench/web/bundle-sizes.mjs --no-build measure the existing apps/web/dist
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'apps/web/dist');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

// Route → the module its lazy route loads (apps/web/src/app/router.tsx).
const ROUTES = [
  ['/', []], // the landing ships with the entry
  ['/login', 'src/features/auth/components/login-page.tsx'],
  ['/forgot-password', 'src/features/auth/components/forgot-password-page.tsx'],
  ['/new-password', 'src/features/auth/components/new-password-page.tsx'],
  ['/activate-account', 'src/features/activation/components/activate-account-page.tsx'],
  ['/complaints-book', 'src/features/complaints/components/complaints-book-page.tsx'],
  ['/terminos', 'src/features/legal/components/terms-page.tsx'],
  ['/privacidad', 'src/features/legal/components/privacy-page.tsx'],
  ['/guest', 'src/features/guest-memorial/components/guest-page.tsx'],
  ['/account', ['src/features/account-shell/components/account-layout.tsx', 'src/features/account-shell/components/account-pages.tsx']],
];

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Every chunk key reachable through static imports from `keys`. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

function files(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (list) => list.reduce((total, file) => total + gzipSize(file), 0);

const entry = files(closure([entryKey]));
console.log('Client bundle sizes (gzip -9), per route: entry + the route\'s lazy chunks\n');
console.log(`entry (every route)   JS ${kb(sum(entry.js)).padStart(9)}   CSS ${kb(sum(entry.css)).padStart(8)}   ${entry.js.length} JS files`);
for (const chunk of entry.js.sort((a, b) => gzipSize(b) - gzipSize(a)).slice(0, 6)) console.log(`    ${chunk.padEnd(44)} ${kb(gzipSize(chunk)).padStart(9)}`);
console.log('');
console.log(`${'route'.padEnd(20)} ${'JS total'.padStart(10)} ${'route JS'.padStart(10)} ${'CSS total'.padStart(10)}`);
for (const [route, modules] of ROUTES) {
  const wanted = Array.isArray(modules) ? modules : [modules];
  const keys = wanted.filter((key) => manifest[key]);
  if (keys.length < wanted.length) {
    console.log(`${route.padEnd(20)} (not in the build)`);
    continue;
  }
  const all = files(closure([entryKey, ...keys]));
  const own = all.js.filter((file) => !entry.js.includes(file));
  console.log(`${route.padEnd(20)} ${kb(sum(all.js)).padStart(10)} ${kb(sum(own)).padStart(10)} ${kb(sum(all.css)).padStart(10)}`);
}
const fonts = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.woff2'));
console.log(`\nfonts: ${fonts.length} woff2 files, ${kb(fonts.reduce((t, f) => t + fs.statSync(path.join(dist, 'assets', f)).size, 0))} (downloaded only when a page uses a face)`);
