// Every SQL statement of the content feature: posts, their order, and epitaph ideas.
import { sql, type Kysely } from 'kysely';
import type { CardOrder } from '@recuerdos/shared/post-schemas';
import { limaDateTime } from '@recuerdos/shared/dates';
import type { Database, NewPost, PostRow } from '../../db/schema';
import { ADVISORY_LOCK_SPACE } from '../../db/advisory-locks';
import { nowIso, type Dialect } from '../../db/database';

/**
 * 'owner' and 'approved-guest' are what visitors see (a post hidden by an operator is left out);
 * the '-with-hidden' lists are the owner's view, where a hidden post shows as hidden (issue 15).
 */
export type PostList = 'owner' | 'approved-guest' | 'owner-with-hidden' | 'approved-guest-with-hidden' | 'pending-guest';

const LISTED_COLUMNS = ['id', 'reg', 'authorName', 'text', 'mediaKey', 'mediaKind', 'mediaPoster', 'mediaState', 'mediaError', 'place', 'hiddenReason'] as const;
/** What a list shows of a post (guest pages read these lists most: no more columns than needed). */
export type ListedPost = Pick<PostRow, (typeof LISTED_COLUMNS)[number]>;

/** The progress (0–100) of the memorial's videos being converted, by post id. */
export async function conversionProgress(db: Kysely<Database>, memorialId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('videoConversions')
    .innerJoin('posts', 'posts.id', 'videoConversions.postId')
    .select(['videoConversions.postId', 'videoConversions.progress'])
    .where('posts.memorialId', '=', memorialId)
    .execute();
  return new Map(rows.map((row) => [row.postId, row.progress]));
}

/** A visitor's receipt for the video of `postId` being converted (issue 26): only its token's hash is kept. */
export async function insertVideoReceipt(
  db: Kysely<Database>,
  values: { tokenHash: string; memorialId: number; postId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('videoReceipts').values({ ...values, failedAt: null }).execute();
}

/** The receipts of a post that was never saved (its storing failed half-way). */
export async function deleteVideoReceipts(db: Kysely<Database>, postId: number): Promise<void> {
  await db.deleteFrom('videoReceipts').where('postId', '=', postId).execute();
}

export interface ReceiptState {
  tokenHash: string;
  failedAt: string | null;
  /** The post's video state while the post exists. */
  mediaState: 'ready' | 'processing' | 'failed' | null;
}

/** The memorial's unexpired receipts among `tokenHashes`, with their post's video state. */
export function videoReceiptStates(db: Kysely<Database>, memorialId: number, tokenHashes: string[], now: Date): Promise<ReceiptState[]> {
  return db
    .selectFrom('videoReceipts')
    .leftJoin('posts', 'posts.id', 'videoReceipts.postId')
    .select(['videoReceipts.tokenHash', 'videoReceipts.failedAt', 'posts.mediaState'])
    .where('videoReceipts.memorialId', '=', memorialId)
    .where('videoReceipts.tokenHash', 'in', tokenHashes)
    .where('videoReceipts.expiresAt', '>', nowIso(now))
    .execute();
}

/** Owner posts by place (highest first); guest posts newest first. */
export function listPosts(db: Kysely<Database>, memorialId: number, list: PostList): Promise<ListedPost[]> {
  const query = db.selectFrom('posts').select(LISTED_COLUMNS).where('memorialId', '=', memorialId);
  switch (list) {
    // Visitors' lists: never a video that cannot play yet (issue 26).
    case 'owner':
      return query.where('authorKind', '=', 'owner').where('state', '=', 'approved').where('hiddenAt', 'is', null).where('mediaState', '=', 'ready').orderBy('place', 'desc').orderBy('reg', 'desc').execute();
    case 'owner-with-hidden':
      return query.where('authorKind', '=', 'owner').where('state', '=', 'approved').orderBy('place', 'desc').orderBy('reg', 'desc').execute();
    case 'approved-guest':
      return query.where('authorKind', '=', 'guest').where('state', '=', 'approved').where('hiddenAt', 'is', null).where('mediaState', '=', 'ready').orderBy('reg', 'desc').execute();
    case 'approved-guest-with-hidden':
      return query.where('authorKind', '=', 'guest').where('state', '=', 'approved').orderBy('reg', 'desc').execute();
    case 'pending-guest':
      return query.where('authorKind', '=', 'guest').where('state', '=', 'pending').orderBy('reg', 'desc').execute();
  }
}

export async function findPost(db: Kysely<Database>, memorialId: number, reg: string): Promise<PostRow | null> {
  const row = await db.selectFrom('posts').selectAll().where('memorialId', '=', memorialId).where('reg', '=', reg).executeTakeFirst();
  return row ?? null;
}

const REG_ATTEMPTS = 50;

/**
 * Inserts a post under a new `reg` (Lima date-time with milliseconds, unique per memorial): on a
 * clash with a post of the same millisecond it tries the next millisecond. An owner post gets the
 * highest place + 1, so it shows first.
 */
export async function insertPost(db: Kysely<Database>, values: Omit<NewPost, 'reg' | 'place' | 'createdAt'>, at = new Date()): Promise<PostRow> {
  for (let attempt = 0; ; attempt++) {
    let place = 0;
    if (values.authorKind === 'owner') {
      const top = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.max('place').as('max'))
        .where('memorialId', '=', values.memorialId)
        .where('authorKind', '=', 'owner')
        .executeTakeFirst();
      place = (top?.max ?? 0) + 1;
    }
    const reg = limaDateTime(new Date(at.getTime() + attempt));
    // A clash does nothing instead of failing: inside a transaction (insertPendingPost), a failed
    // statement would end the whole transaction on PostgreSQL, and the next try with it.
    const row = await db
      .insertInto('posts')
      .values({ ...values, reg, place, createdAt: nowIso() })
      .onConflict((oc) => oc.columns(['memorialId', 'reg']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    if (attempt >= REG_ATTEMPTS) throw new Error(`No free reg for a post of memorial ${values.memorialId} after ${REG_ATTEMPTS} tries`);
  }
}

/**
 * Inserts a visitor's post waiting for approval only while the memorial's waiting posts, this one
 * included, stay within `cap` — checked and inserted as one step against concurrent submissions, on
 * any instance. PostgreSQL: an advisory lock on the memorial until commit, so the next submission
 * counts this one; SQLite needs none: its transactions begin IMMEDIATE, one at a time. Null: the
 * list is full, nothing was written.
 */
export async function insertPendingPost(
  db: Kysely<Database>,
  dialect: Dialect,
  values: Omit<NewPost, 'reg' | 'place' | 'createdAt'>,
  cap: { items: number; bytes: number },
  at = new Date(),
): Promise<PostRow | null> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_SPACE.pendingPosts}, ${values.memorialId})`.execute(trx);
    const waiting = await pendingLoad(trx, values.memorialId);
    if (waiting.items >= cap.items || waiting.bytes + (values.mediaBytes ?? 0) > cap.bytes) return null;
    return insertPost(trx, values, at);
  });
}

export async function deletePostRow(db: Kysely<Database>, id: number, onlyPending = false): Promise<PostRow | null> {
  let query = db.deleteFrom('posts').where('id', '=', id);
  if (onlyPending) query = query.where('state', '=', 'pending');
  const row = await query.returningAll().executeTakeFirst();
  return row ?? null;
}

/** Visitors' memories waiting for approval on one memorial: how many, and the bytes of their uploads. */
export async function pendingLoad(db: Kysely<Database>, memorialId: number): Promise<{ items: number; bytes: number }> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [eb.fn.countAll<string | number>().as('items'), eb.fn.coalesce(eb.fn.sum<string | number | null>('mediaBytes'), eb.lit(0)).as('bytes')])
    .where('memorialId', '=', memorialId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return { items: Number(row?.items ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Pending → approved; null when it is no longer pending (approved or denied meanwhile). */
/** Approves a visitor's post whose video is converting; its media key stays until the conversion ends. */
export async function markApprovedWhileConverting(db: Kysely<Database>, id: number): Promise<PostRow | null> {
  const row = await db
    .updateTable('posts')
    .set({ state: 'approved', approvedAt: nowIso() })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('mediaState', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function markApproved(db: Kysely<Database>, id: number, mediaKey: string | null): Promise<PostRow | null> {
  const row = await db
    .updateTable('posts')
    .set({ state: 'approved', approvedAt: nowIso(), mediaKey })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Sets the places of the owner's posts; cards naming no owner post of this memorial are ignored. */
export async function updatePlaces(db: Kysely<Database>, memorialId: number, cards: CardOrder[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const card of cards) {
      await trx
        .updateTable('posts')
        .set({ place: card.place })
        .where('memorialId', '=', memorialId)
        .where('reg', '=', card.reg)
        .where('authorKind', '=', 'owner')
        .execute();
    }
  });
}

export interface OwnerContact {
  email: string;
  name: string;
}

export async function ownerContact(db: Kysely<Database>, accountId: number): Promise<OwnerContact | null> {
  const row = await db.selectFrom('accounts').select(['email', 'name']).where('id', '=', accountId).executeTakeFirst();
  return row ?? null;
}

export async function randomEpitaph(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('epitaphs').select('description').orderBy(sql`random()`).limit(1).executeTakeFirst();
  return row?.description ?? null;
}

/**
 * An operator hid the post (issue 15 §4): it stays, with the reason the owner was told; its media
 * moved under `pending/` beforehand. Null when it was hidden (or removed) meanwhile.
 */
export async function markHidden(db: Kysely<Database>, id: number, values: { mediaKey: string | null; reason: string; at: string }): Promise<PostRow | null> {
  const row = await db
    .updateTable('posts')
    .set({ hiddenAt: values.at, hiddenReason: values.reason, mediaKey: values.mediaKey })
    .where('id', '=', id)
    .where('hiddenAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The memorial's latest contract's state and last day, or null (a memorial without a contract). */
export async function latestContractEnd(db: Kysely<Database>, memorialId: number): Promise<{ state: string; expiresOn: string | null } | null> {
  const row = await db
    .selectFrom('contracts')
    .select(['state', 'expiresOn'])
    .where('memorialId', '=', memorialId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
