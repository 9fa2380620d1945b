import { configDefaults, defineConfig } from 'vitest/config';

// The server-rendered pages' components as their bundles run them: on Preact (vite.guest.config.ts,
// apps/web/vite.doors.config.ts).
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// Suites: unit tests run everywhere with no services; api tests start the real server on a real
// database (SQLite, or PostgreSQL when TEST_DB=postgres); e2e drives Chromium against the built app.
export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'apps/web/src/**/*.preact.test.{ts,tsx}'],
          environment: 'jsdom',
          // Room for the first, uncached import of a lazy route on a busy machine (see src/test/render.tsx).
          testTimeout: 30_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        resolve: { alias: preactAliases },
        test: {
          name: 'preact',
          include: ['apps/web/src/**/*.preact.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server on its own database; two cores.
          maxWorkers: 2,
          // Files share their worker's modules (each still builds its own app, database and server):
          // evaluating the server's module graph again for every file was half the suite's time.
          isolate: false,
          // The media store contract measures live memory (after collection) while streaming 50 MB.
          execArgv: ['--expose-gc'],
          // The compiled server and CLI for the tests that run them as child processes.
          globalSetup: ['apps/server/test/compiled-server.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time. Two at a time (each file has its own server and Chromium) took 360-426 s
          // instead of 523 s, but in one of three full runs the account-settings memorial switch ended
          // on /login: a race the load brings out, to be found before files run side by side again.
          fileParallelism: false,
          globalSetup: ['apps/server/test/compiled-server.ts'],
        },
      },
    ],
  },
});
