// The server under test for bench/api.ts, in its own process (so the load generator does not share
// its event loop): the real app on a fresh SQLite database, without the per-IP /api ceiling, with a
// public memorial seeded like a well-visited one. Tells the parent its port and memorial by IPC.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedPublicMemorial } from './support/seed-memorial';

const config = loadConfig();
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });

// 24 owner posts (a third with a picture, a few videos) and 30 approved guest posts.
const identifier = await seedPublicMemorial(ctx.db, { email: 'bench@recuerdos.test', family: 24, visitors: 30 });

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.send?.({ port, identifier });

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
