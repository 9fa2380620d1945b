// Figures of the light doors (issue 13 §6, docs/decisions/015): the JavaScript and CSS a browser
// downloads for '/' and '/login' (each door's entry and its static imports, gzip -9, from
// dist/.vite/doors-manifest.json), against the goal of at most 40 KB of JavaScript each.
import { DOOR_ENTRY_SOURCES, DOOR_NAMES, DOORS_MANIFEST_FILE, type DoorName } from '../../packages/shared/src/doors';
import { lightPageAssets, readBuildManifest } from '../../apps/server/src/http/build-manifest';
import { lightPageFiles, type FileSize } from './light-page-files';

export interface DoorSize {
  door: DoorName;
  js: number;
  css: number;
  files: FileSize[];
}

const JS_GOAL = 40 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function measureDoors(dist: string): DoorSize[] | null {
  // The files each door's page asks for, as the server reads them from the manifest.
  const manifest = readBuildManifest(dist, DOORS_MANIFEST_FILE);
  if (!manifest) return null;
  const sizes: DoorSize[] = [];
  for (const door of DOOR_NAMES) {
    const assets = lightPageAssets(dist, manifest, DOOR_ENTRY_SOURCES[door]);
    if (!assets) return null;
    sizes.push({ door, ...lightPageFiles(dist, assets) });
  }
  return sizes;
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
