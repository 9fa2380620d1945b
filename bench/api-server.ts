// The server under test for bench/api.ts, in its own process (so the load generator does not share
// its event loop): the real app on a fresh SQLite database, without the per-IP /api ceiling, with a
// public memorial seeded like a well-visited one. Tells the parent its port and memorial by IPC.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { nowIso } from '../apps/server/src/db/database';
import { insertPost } from '../apps/server/src/modules/content/content.repository';
import { newMediaKey } from '../apps/server/src/media/media-keys';
import { makeAccount, makeMemorial } from '../apps/server/test/factories';

const config = loadConfig();
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });

const now = nowIso();
const account = await makeAccount(ctx.db, { email: 'bench@recuerdos.test', password: null });
const memorial = await makeMemorial(ctx.db, account.id, { type: 'U', photoKey: newMediaKey(false) });
// 24 owner posts (a third with a picture, a few videos) and 30 approved guest posts.
for (let i = 0; i < 24; i++) {
  const kind = i % 3 === 0 ? 'picture' : i % 7 === 0 ? 'video' : null;
  await insertPost(ctx.db, {
    memorialId: memorial.id,
    authorKind: 'owner',
    authorName: 'Familia',
    authorEmail: null,
    text: `Recuerdo número ${i + 1}: aquel verano en Chosica, con toda la familia reunida alrededor de la mesa.`,
    mediaKey: kind ? newMediaKey(false) : null,
    mediaKind: kind,
    state: 'approved',
    approvedAt: now,
  });
}
for (let i = 0; i < 30; i++) {
  await insertPost(ctx.db, {
    memorialId: memorial.id,
    authorKind: 'guest',
    authorName: `Visitante ${i + 1}`,
    authorEmail: `visitante${i}@ejemplo.pe`,
    text: 'Siempre te recordaremos con cariño. Gracias por todo lo que nos diste.',
    mediaKey: null,
    mediaKind: null,
    state: 'approved',
    approvedAt: now,
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.send?.({ port, identifier: memorial.identifier });

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
