// The JavaScript and CSS a light page (the QR page, the landing, /login) downloads, gzip -9: the
// files its page asks for, as the server reads them from the build's manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightPageAssets } from '../../apps/server/src/http/build-manifest';

export interface FileSize {
  file: string;
  gzip: number;
}

export function gzipSize(dist: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** The page's scripts (chunks first, the entry last) and the total of its scripts and styles. */
export function lightPageFiles(dist: string, assets: LightPageAssets): { js: number; css: number; files: FileSize[] } {
  // The server's links are site paths ('/assets/…'); the files sit under dist.
  const files = [...assets.modulePreloads, assets.script].map((url) => ({ file: url.slice(1), gzip: gzipSize(dist, url.slice(1)) }));
  const css = assets.styles.reduce((total, url) => total + gzipSize(dist, url.slice(1)), 0);
  return { js: files.reduce((total, f) => total + f.gzip, 0), css, files };
}
