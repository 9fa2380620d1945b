// Vitest global setup (api and e2e projects): compiles the server and the operator CLI once per run,
// as `npm start` and production run them (scripts/build-server.mjs), into a folder of this run's own.
// Tests that start the server or the CLI as a child process run `node <file>.js` from it instead of
// `node --import tsx <file>.ts`, which compiled the whole server again in every child (seconds each).
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled entry points: `node <server>` serves, `node <admin> …` is the operator CLI. */
    compiledServer: { server: string; admin: string };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // Beside src/ (the bundle's import.meta.dirname must sit at the same depth), ignored by git.
  const into = fs.mkdtempSync(path.resolve(import.meta.dirname, '../dist-test-'));
  await buildServer(into);
  project.provide('compiledServer', { server: path.join(into, 'server.js'), admin: path.join(into, 'admin.js') });
  return () => fs.rmSync(into, { recursive: true, force: true });
}
