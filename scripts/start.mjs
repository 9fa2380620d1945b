#!/usr/bin/env node
// `npm start`: builds only what is missing or out of date (the web bundle, the compiled server), then
// runs the compiled server in this same node process, so this process is the one that receives
// SIGTERM (no tsx, no wrapper process between npm and the server).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, newestMtime, serverIsStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const webStamp = path.join(web, 'dist/.build-stamp');
const webSources = ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'vite.guest.config.ts', 'vite.doors.config.ts', 'vite.light-page.ts', 'scripts']
  .map((name) => path.join(web, name))
  .concat([path.join(root, 'packages/shared/src'), path.join(root, 'package-lock.json')]);

function webIsStale() {
  if (!fs.existsSync(webStamp) || !fs.existsSync(path.join(web, 'dist/index.html'))) return true;
  return Math.max(...webSources.map(newestMtime)) > fs.statSync(webStamp).mtimeMs;
}

if (!process.env.WEB_DIST_DIR && webIsStale()) {
  console.log('Building the web app (its sources changed since the last build)…');
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', '@recuerdos/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(webStamp, `${new Date().toISOString()}\n`);
}
if (serverIsStale()) {
  console.log('Compiling the server…');
  await buildServer();
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
