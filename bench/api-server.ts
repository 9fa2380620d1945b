// The server under test for bench/api.ts, in its own process (so the load generator does not share
// its event loop): the real app on a fresh SQLite database, without the per-IP /api ceiling, with a
// public memorial seeded like a well-visited one. Tells the parent its port and memorial by IPC.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { nowIso } from '../apps/server/src/db/database';
import { newIdentifier } from '../apps/server/src/auth/tokens';
import { insertPost } from '../apps/server/src/modules/content/content.repository';
import { newMediaKey } from '../apps/server/src/media/media-keys';

const config = loadConfig();
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });

const now = nowIso();
const account = await ctx.db
  .insertInto('accounts')
  .values({ email: 'bench@recuerdos.test', name: 'Ana', lastname: 'Quispe', passwordHash: null, createdAt: now, updatedAt: now })
  .returningAll()
  .executeTakeFirstOrThrow();
const memorial = await ctx.db
  .insertInto('memorials')
  .values({
    identifier: newIdentifier(),
    accountId: account.id,
    fullname: 'Rosa Mamani Huamán',
    birthdate: '1941-03-14',
    deathdate: '2023-09-05',
    description: 'Tu amor vive en cada uno de nosotros.',
    location: 'Cementerio Presbítero Maestro, Lima',
    photoKey: newMediaKey(false),
    type: 'U',
    accessCode: '',
    accessCodeVersion: 1,
    flagPicture: 1,
    flagMessage: 1,
    flagNotification: 1,
    candles: 0,
    flowers: 0,
    createdAt: now,
    updatedAt: now,
  })
  .returningAll()
  .executeTakeFirstOrThrow();
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
