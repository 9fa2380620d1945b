// What a browser downloads to show each client route: the entry's JavaScript and CSS plus the
// route's lazy chunks and everything they import statically, gzip-compressed (level 9), read from
// the production build's manifest (apps/web/dist/.vite/manifest.json).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Route → the modules its lazy route loads (apps/web/src/app/router.tsx); [] = ships with the entry.
 * What the SPA downloads when it navigates there itself: '/', '/login' and '/guest' opened from a
 * link or the address bar are the server's light pages (./doors.ts, ./guest-page.ts).
 */
export const ROUTES: readonly (readonly [string, readonly string[]])[] = [
  ['/', ['src/features/landing/components/landing-page.tsx']],
  ['/login', ['src/features/auth/components/login-route.tsx']],
  ['/forgot-password', ['src/features/auth/components/forgot-password-page.tsx']],
  ['/new-password', ['src/features/auth/components/new-password-page.tsx']],
  ['/activate-account', ['src/features/activation/components/activate-account-page.tsx']],
  ['/complaints-book', ['src/features/complaints/components/complaints-book-page.tsx']],
  ['/terminos', ['src/features/legal/components/terms-page.tsx']],
  ['/privacidad', ['src/features/legal/components/privacy-page.tsx']],
  ['/guest', ['src/features/guest-memorial/components/guest-page.tsx']],
  ['/account', ['src/features/account-shell/components/account-layout.tsx', 'src/features/account-home/components/account-home-page.tsx']],
  ['/account/notifications', ['src/features/account-shell/components/account-layout.tsx', 'src/features/notifications/components/notifications-page.tsx']],
];

/** Routes whose files are listed one by one (what the owner's phone fetches before first use, issue 27 §2). */
const LISTED = new Set(['/account', '/account/notifications']);

export interface RouteSize {
  route: string;
  /** Every JS file the route needs, gzip bytes. */
  js: number;
  /** The part loaded after the entry. */
  routeJs: number;
  css: number;
  /** The route's own JS files (after the entry), gzip bytes, largest first. */
  files: { file: string; gzip: number }[];
}

export interface BundleReport {
  entry: { js: number; css: number; files: { file: string; gzip: number }[] };
  routes: (RouteSize | { route: string; missing: true })[];
  fonts: { count: number; bytes: number };
}

export function measureBundles(dist: string): BundleReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry');

  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string): number => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const closure = (keys: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) return;
      seen.add(key);
      for (const child of chunk.imports ?? []) visit(child);
    };
    keys.forEach(visit);
    return seen;
  };
  const filesOf = (keys: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    return { js: [...js], css: [...css] };
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(file), 0);

  const entry = filesOf(closure([entryKey]));
  const routes = ROUTES.map(([route, modules]) => {
    if (modules.some((key) => !manifest[key])) return { route, missing: true as const };
    const all = filesOf(closure([entryKey, ...modules]));
    return {
      route,
      js: sum(all.js),
      routeJs: sum(all.js.filter((file) => !entry.js.includes(file))),
      css: sum(all.css),
      files: all.js
        .filter((file) => !entry.js.includes(file))
        .map((file) => ({ file, gzip: gzipSize(file) }))
        .sort((a, b) => b.gzip - a.gzip),
    };
  });
  const fontFiles = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.woff2'));
  return {
    entry: {
      js: sum(entry.js),
      css: sum(entry.css),
      files: entry.js.map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip),
    },
    routes,
    fonts: { count: fontFiles.length, bytes: fontFiles.reduce((total, file) => total + fs.statSync(path.join(dist, 'assets', file)).size, 0) },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printBundleReport(report: BundleReport): void {
  console.log("SPA bundle sizes (gzip -9): the entry, then each route's total and its own lazy part, as the SPA loads them\n");
  console.log(`entry (every route)  JS ${kb(report.entry.js).padStart(9)}   CSS ${kb(report.entry.css).padStart(8)}`);
  for (const { file, gzip } of report.entry.files) console.log(`    ${file.padEnd(44)} ${kb(gzip).padStart(9)}`);
  console.log(`\n${'route'.padEnd(20)} ${'JS total'.padStart(10)} ${'route JS'.padStart(10)} ${'CSS total'.padStart(10)}`);
  for (const row of report.routes) {
    if ('missing' in row) console.log(`${row.route.padEnd(20)} (not in the build)`);
    else {
      console.log(`${row.route.padEnd(20)} ${kb(row.js).padStart(10)} ${kb(row.routeJs).padStart(10)} ${kb(row.css).padStart(10)}`);
      if (LISTED.has(row.route)) for (const { file, gzip } of row.files) console.log(`    ${file.padEnd(44)} ${kb(gzip).padStart(9)}`);
    }
  }
  console.log(`\nfonts: ${report.fonts.count} woff2 files, ${kb(report.fonts.bytes)} in all (a face is downloaded only when a page uses it)`);
}
