// The server under test for bench/guest-render.ts, in its own process: the real app (built web
// client, fresh SQLite) with a public memorial whose history has grown — 220 family posts (photos,
// videos, texts) and 100 approved visitor memories, as in issue 13 — and the demo-sized one of
// bench/api-server.ts (24 + 30). Tells the parent its port and both identifiers by IPC.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedPublicMemorial } from './support/seed-memorial';

const config = loadConfig();
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });

const large = await seedPublicMemorial(ctx.db, { email: 'grande@recuerdos.test', family: 220, visitors: 100, visitorPictures: true });
const small = await seedPublicMemorial(ctx.db, { email: 'demo@recuerdos.test', family: 24, visitors: 30 });

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.send?.({ port, large, small });

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
