// The server under test for bench/media.ts, in its own process: the real app on a fresh SQLite
// database with the media store its environment names (MEDIA_DIR, or S3_* for a bucket), no /api
// ceilings, and an owner's session. Samples its own resident memory every 5 ms; answers the parent's
// 'reset' (start a new peak from now) and 'peak' messages by IPC.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { makeOwner } from '../apps/server/test/factories';

const config = loadConfig();
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });
const { memorial, token } = await makeOwner(ctx.db);

let base = process.memoryUsage().rss;
let peak = base;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5).unref();

process.on('message', (message) => {
  if (message === 'reset') {
    base = process.memoryUsage().rss;
    peak = base;
    process.send?.({ base });
  } else if (message === 'peak') {
    process.send?.({ base, peak });
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.send?.({ port, token, identifier: memorial.identifier, store: ctx.media.kind });
