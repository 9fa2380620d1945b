// The server for bench/request-logs.ts: the app of BENCH_APP_ROOT (this checkout by default, or
// another one for a before/after figure) with its default logger, writing to stdout (the parent
// sends it to /dev/null), without the per-IP ceiling.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';

const root = process.env.BENCH_APP_ROOT ?? path.resolve(import.meta.dirname, '..');
const { buildApp } = (await import(pathToFileURL(path.join(root, 'apps/server/src/app.ts')).href)) as typeof import('../apps/server/src/app');
const { loadConfig } = (await import(pathToFileURL(path.join(root, 'apps/server/src/config.ts')).href)) as typeof import('../apps/server/src/config');
const { app } = await buildApp({ config: loadConfig(), apiRequestsPerMinute: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
