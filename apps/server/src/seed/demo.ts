// The demo of the embedded default (SEED_DEMO=1): once, an owner account and a public memorial with
// an active contract, posts by the family and by visitors, candles and flowers. Every start points
// the landing's demo link at it (ctx.site.demoIdentifier) and prints how to open it.
//
// Its pictures are illustrations drawn in demo-pictures.ts and shipped already through the upload
// pipeline (apps/server/assets/demo, written by that module's command), so seeding loads no sharp;
// they are stored like any upload: staged before the transaction, promoted after it commits,
// discarded if it fails.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { limaDateTime } from '@recuerdos/shared/dates';
import type { PictureKind } from '@recuerdos/shared/media';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { newMediaKey, objectSuffixes } from '../media/media-keys';
import { StagedMedia } from '../media/staged-media';
import { ASSETS_DIR } from '../assets';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { hashPasswordApart } from '../auth/passwords';
import { newIdentifier } from '../auth/tokens';
import { findFirstMemorialOfAccount, insertMemorial } from '../modules/memorial/memorial.repository';

export const DEMO_EMAIL = 'demo@recuerdos.pe';

/** The demo's pictures: the memorial's profile picture and two post pictures. */
export const DEMO_PICTURES: Record<'profile' | 'mountains' | 'candle', PictureKind> = { profile: 'profile', mountains: 'post', candle: 'post' };
export type DemoPictureName = keyof typeof DEMO_PICTURES;

/** The shipped files of a demo picture, one per stored object in objectSuffixes order: `candle.jpg`, `candle-240.webp`… */
export function demoPictureFiles(name: DemoPictureName): string[] {
  return objectSuffixes({ kind: 'picture', picture: DEMO_PICTURES[name] }).map((suffix) => path.join(ASSETS_DIR, 'demo', name + suffix));
}

interface DemoPost {
  text: string;
  /** How long ago it was posted; posts are listed newest first. */
  daysAgo: number;
  picture?: Exclude<DemoPictureName, 'profile'>;
}

interface DemoData {
  account: { email: string; name: string; lastname: string };
  contractNumber: string;
  memorial: {
    fullname: string;
    birthdate: string;
    deathdate: string;
    description: string;
    location: string;
    candles: number;
    flowers: number;
  };
  ownerPosts: DemoPost[];
  guestPosts: (DemoPost & { name: string })[];
}

const DEMO: DemoData = {
  account: { email: DEMO_EMAIL, name: 'Lucía', lastname: 'Salazar Torres' },
  contractNumber: 'DEMO-00001',
  memorial: {
    fullname: 'María Elena Torres Salazar',
    birthdate: '1938-05-12',
    deathdate: '2021-08-30',
    description:
      'Madre, abuela y maestra. Su risa llenaba la casa y su ejemplo sigue guiando nuestros pasos. Te llevamos en el corazón.',
    location: 'Cementerio Jardines de la Paz, La Molina, Lima',
    candles: 124,
    flowers: 57,
  },
  /** Signed 'Familia' (spec §2: owner posts show the author as 'Familia'). */
  ownerPosts: [
    {
      text: 'Gracias a todos los que nos acompañaron en la misa. Sus palabras y oraciones nos dieron fuerza para seguir.',
      daysAgo: 420,
      picture: 'candle',
    },
    {
      text: 'Encontramos tus cartas de cuando eras maestra en Huancayo. Cuánto cariño por tus alumnos, mamá.',
      daysAgo: 200,
      picture: 'mountains',
    },
    {
      text: 'Hoy preparamos tu ají de gallina, como nos enseñaste. La mesa estuvo llena, como a ti te gustaba.',
      daysAgo: 30,
    },
  ],
  guestPosts: [
    {
      name: 'Jorge Villanueva',
      text: 'Vecina querida, siempre con una sonrisa y un cafecito para quien tocara la puerta. Descanse en paz.',
      daysAgo: 410,
    },
    {
      name: 'Carmen Rojas',
      text: 'Profesora María Elena, gracias por enseñarme a leer y a creer en mí. Nunca la olvidaré.',
      daysAgo: 150,
    },
    {
      name: 'Diego Salazar',
      text: 'Abuelita, te extraño cada día. Tus nietos seguimos cantando tus canciones.',
      daysAgo: 12,
    },
  ],
};

export interface DemoSeedResult {
  email: string;
  /** Shown only when the account was created now: only its hash is stored. */
  password: string | null;
  identifier: string | null;
  created: boolean;
}

async function findDemoIdentifier(db: Kysely<Database>): Promise<{ found: boolean; identifier: string | null }> {
  const account = await db.selectFrom('accounts').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (!account) return { found: false, identifier: null };
  const memorial = await findFirstMemorialOfAccount(db, account.id);
  return { found: true, identifier: memorial?.identifier ?? null };
}

/** Media keys of the staged illustrations. */
type DemoMediaKeys = Record<DemoPictureName, string>;

async function createDemo(db: Kysely<Database>, passwordHash: string, keys: DemoMediaKeys, now = new Date()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const createdAt = nowIso(now);
    const account = await trx
      .insertInto('accounts')
      .values({ ...DEMO.account, passwordHash, createdAt, updatedAt: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    // MEMORIAL_DEFAULTS, but public and with its own gift counters.
    const memorial = await insertMemorial(trx, { ...DEMO.memorial, accountId: account.id, photoKey: keys.profile, type: 'U', accessCode: '' }, now);
    await trx
      .insertInto('contracts')
      .values({
        number: DEMO.contractNumber,
        accountId: account.id,
        memorialId: memorial.id,
        state: 'active',
        createdAt,
        activatedAt: createdAt,
        expiresOn: null,
      })
      .execute();

    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
    // Oldest first, so the newest post gets the highest place (spec §3: new post = highest + 1).
    const byAge = <T extends DemoPost>(posts: T[]) => [...posts].sort((a, b) => b.daysAgo - a.daysAgo);
    const ownerRows = byAge(DEMO.ownerPosts).map((post, index) => ({
      memorialId: memorial.id,
      reg: limaDateTime(at(post.daysAgo)),
      authorKind: 'owner' as const,
      authorName: 'Familia',
      authorEmail: null,
      text: post.text,
      mediaKey: post.picture ? keys[post.picture] : null,
      mediaKind: post.picture ? ('picture' as const) : null,
      place: index + 1,
      state: 'approved' as const,
      createdAt: nowIso(at(post.daysAgo)),
      approvedAt: nowIso(at(post.daysAgo)),
    }));
    const guestRows = byAge(DEMO.guestPosts).map((post, index) => ({
      memorialId: memorial.id,
      // A guest post never shares its key with an owner post of the same instant.
      reg: limaDateTime(new Date(at(post.daysAgo).getTime() + 1)),
      authorKind: 'guest' as const,
      authorName: post.name,
      authorEmail: null,
      text: post.text,
      mediaKey: null,
      mediaKind: null,
      place: index + 1,
      state: 'approved' as const,
      createdAt: nowIso(at(post.daysAgo)),
      approvedAt: nowIso(at(post.daysAgo - 1)),
    }));
    await trx.insertInto('posts').values([...ownerRows, ...guestRows]).execute();
    return memorial.identifier;
  });
}

async function stageDemoPictures(ctx: AppContext): Promise<{ keys: DemoMediaKeys; media: { media: StagedMedia; key: string }[] }> {
  const entries = Object.entries(DEMO_PICTURES) as [DemoPictureName, PictureKind][];
  const media = await Promise.all(
    entries.map(async ([name, picture]) => {
      const bodies = await Promise.all(demoPictureFiles(name).map((file) => fs.readFile(file)));
      return { name, key: newMediaKey(false), media: await StagedMedia.encoded(ctx.media, { kind: 'picture', picture }, bodies) };
    }),
  );
  const keys = Object.fromEntries(media.map(({ name, key }) => [name, key])) as DemoMediaKeys;
  return { keys, media };
}

function announce(ctx: AppContext, result: DemoSeedResult, print: (line: string) => void): void {
  const base = ctx.config.publicUrl;
  const rule = '-'.repeat(72);
  const lines = [rule, 'Recuerdos demo (SEED_DEMO=1)', `  Demo account:   ${result.email}`];
  if (result.password) {
    lines.push(`  Password:       ${result.password}   (shown only at this first start: write it down)`);
  } else {
    lines.push(
      '  Password:       shown at the first start (only its hash is stored).',
      `                  Lost it? npm run admin -- set-password --email ${result.email}`,
    );
  }
  lines.push(`  Log in:         ${base}/login`);
  if (result.identifier) lines.push(`  Guest link:     ${base}/guest?id=${result.identifier}`);
  else lines.push('  The demo account has no memorial any more: the landing shows no demo link.');
  lines.push(rule);
  for (const line of lines) print(line);
}

/**
 * Creates the demo once (an instance starting at the same time on the same database loses the race
 * on the unique e-mail and uses the winner's demo), then points the site's demo link at it.
 */
export async function seedDemo(
  ctx: AppContext,
  print: (line: string) => void = (line) => console.log(line),
): Promise<DemoSeedResult> {
  let result: DemoSeedResult;
  const existing = await findDemoIdentifier(ctx.db);
  if (existing.found) {
    result = { email: DEMO_EMAIL, password: null, identifier: existing.identifier, created: false };
  } else {
    const password = newIdentifier(12);
    const staged = await stageDemoPictures(ctx);
    try {
      const identifier = await createDemo(ctx.db, await hashPasswordApart(password), staged.keys);
      await Promise.all(staged.media.map(({ media, key }) => media.promote(key)));
      result = { email: DEMO_EMAIL, password, identifier, created: true };
      ctx.log.info({ identifier }, 'Demo account and memorial created');
    } catch (err) {
      await Promise.all(staged.media.map(({ media }) => media.discard()));
      if (!isUniqueViolation(err)) throw err;
      const winner = await findDemoIdentifier(ctx.db);
      result = { email: DEMO_EMAIL, password: null, identifier: winner.identifier, created: false };
    }
  }
  ctx.site.demoIdentifier = result.identifier;
  announce(ctx, result, print);
  return result;
}
