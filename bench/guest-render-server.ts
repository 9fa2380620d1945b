// The server under test for bench/guest-render.ts, in its own process: the real app (built web
// client, fresh SQLite) with a public memorial whose history has grown — 220 family posts (photos,
// videos, texts) and 100 approved visitor memories, as in issue 13 — and the demo-sized one of
// bench/api-server.ts (24 + 30). Tells the parent its port and both identifiers by IPC.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { nowIso } from '../apps/server/src/db/database';
import { insertPost } from '../apps/server/src/modules/content/content.repository';
import { newMediaKey } from '../apps/server/src/media/media-keys';
import { makeAccount, makeMemorial } from '../apps/server/test/factories';

const config = loadConfig();
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });

async function seed(name: string, family: number, visitors: number): Promise<string> {
  const now = nowIso();
  const account = await makeAccount(ctx.db, { email: `${name}@recuerdos.test`, password: null });
  const memorial = await makeMemorial(ctx.db, account.id, { type: 'U', photoKey: newMediaKey(false) });
  for (let i = 0; i < family; i++) {
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
  for (let i = 0; i < visitors; i++) {
    await insertPost(ctx.db, {
      memorialId: memorial.id,
      authorKind: 'guest',
      authorName: `Visitante ${i + 1}`,
      authorEmail: null,
      text: 'Siempre te recordaremos con cariño. Gracias por todo lo que nos diste.',
      mediaKey: i % 4 === 0 ? newMediaKey(false) : null,
      mediaKind: i % 4 === 0 ? 'picture' : null,
      state: 'approved',
      approvedAt: now,
    });
  }
  return memorial.identifier;
}

const large = await seed('grande', 220, 100);
const small = await seed('demo', 24, 30);

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.send?.({ port, large, small });

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
