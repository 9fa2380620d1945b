// A public memorial seeded straight into the database for the server benchmarks: `family` posts (a
// third with a picture, some videos) and `visitors` approved memories (every fourth with a picture
// when asked). Media keys only: the objects are not stored (the benchmarks measure the page, not
// the pictures).
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { nowIso } from '../../apps/server/src/db/database';
import { insertPost } from '../../apps/server/src/modules/content/content.repository';
import { newMediaKey } from '../../apps/server/src/media/media-keys';
import { makeAccount, makeMemorial } from '../../apps/server/test/factories';

export async function seedPublicMemorial(
  db: Kysely<Database>,
  options: { email: string; family: number; visitors: number; visitorPictures?: boolean },
): Promise<string> {
  const now = nowIso();
  const account = await makeAccount(db, { email: options.email, password: null });
  const memorial = await makeMemorial(db, account.id, { type: 'U', photoKey: newMediaKey(false) });
  for (let i = 0; i < options.family; i++) {
    const kind = i % 3 === 0 ? 'picture' : i % 7 === 0 ? 'video' : null;
    await insertPost(db, {
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
  for (let i = 0; i < options.visitors; i++) {
    const picture = options.visitorPictures === true && i % 4 === 0;
    await insertPost(db, {
      memorialId: memorial.id,
      authorKind: 'guest',
      authorName: `Visitante ${i + 1}`,
      authorEmail: `visitante${i}@ejemplo.pe`,
      text: 'Siempre te recordaremos con cariño. Gracias por todo lo que nos diste.',
      mediaKey: picture ? newMediaKey(false) : null,
      mediaKind: picture ? 'picture' : null,
      state: 'approved',
      approvedAt: now,
    });
  }
  return memorial.identifier;
}
