// Figures of the light doors (issue 13 §6, docs/decisions/015): the JavaScript and CSS a browser
// downloads for '/' and '/login' (each door's entry and its static imports, gzip -9, from
// dist/.vite/doors-manifest.json), against the goal of at most 40 KB of JavaScript each.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DOOR_ENTRY_SOURCES, DOOR_NAMES, DOORS_MANIFEST_FILE, type DoorName } from '../../packages/shared/src/doors';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface DoorSize {
  door: DoorName;
  js: number;
  css: number;
  files: { file: string; gzip: number }[];
}

const JS_GOAL = 40 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function measureDoors(dist: string): DoorSize[] | null {
  const manifestFile = path.join(dist, DOORS_MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return DOOR_NAMES.map((door) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    visit(DOOR_ENTRY_SOURCES[door]);
    const chunks = [...seen].map((key) => manifest[key]).filter((chunk): chunk is ManifestChunk => !!chunk);
    const files = chunks.map((chunk) => ({ file: chunk.file, gzip: gzip(chunk.file) }));
    const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].reduce((total, file) => total + gzip(file), 0);
    return { door, js: files.reduce((total, f) => total + f.gzip, 0), css, files };
  });
}

export function printDoors(sizes: DoorSize[] | null): void {
  if (!sizes) {
    console.log('\nlight doors / and /login: not built');
    return;
  }
  console.log(`\nlight doors (server-rendered, Preact islands): JavaScript per page, goal ≤ ${kb(JS_GOAL)} gzip`);
  for (const { door, js, css, files } of sizes) {
    console.log(`${(door === 'landing' ? '/' : '/login').padEnd(20)} JS ${kb(js).padStart(9)}   CSS ${kb(css).padStart(8)}   ${js <= JS_GOAL ? 'within the goal' : 'OVER the goal'}`);
    for (const { file, gzip: bytes } of files) console.log(`    ${file.padEnd(44)} ${kb(bytes).padStart(9)}`);
  }
}
