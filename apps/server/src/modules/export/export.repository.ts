// Every SQL statement of the export: the memorial's published posts, in the order the family sees them.
import type { Kysely } from 'kysely';
import type { Database, PostRow } from '../../db/schema';

const EXPORTED_COLUMNS = ['reg', 'authorKind', 'authorName', 'text', 'mediaKey', 'mediaKind', 'place'] as const;
/** What the archive keeps of a post (never the guest's e-mail). */
export type ExportedPost = Pick<PostRow, (typeof EXPORTED_COLUMNS)[number]>;

/** Approved posts (not those an operator hid): the family's by place (as on the memorial), then the visitors' newest first. */
export async function publishedPosts(db: Kysely<Database>, memorialId: number): Promise<{ family: ExportedPost[]; visitors: ExportedPost[] }> {
  const base = db.selectFrom('posts').select(EXPORTED_COLUMNS).where('memorialId', '=', memorialId).where('state', '=', 'approved').where('hiddenAt', 'is', null).where('mediaState', '=', 'ready');
  const [family, visitors] = await Promise.all([
    base.where('authorKind', '=', 'owner').orderBy('place', 'desc').orderBy('reg', 'desc').execute(),
    base.where('authorKind', '=', 'guest').orderBy('reg', 'desc').execute(),
  ]);
  return { family, visitors };
}

export async function insertTicket(
  db: Kysely<Database>,
  ticket: { ticketHash: string; accountId: number; memorialId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('downloadTickets').values({ ...ticket, usedAt: null }).execute();
}

/**
 * Uses the ticket for that memorial, if it is unused and unexpired, in one conditional UPDATE (two
 * clicks cannot both win); answers the account it was made for, or null.
 */
export async function redeemTicket(
  db: Kysely<Database>,
  ticketHash: string,
  memorialId: number,
  now: string,
): Promise<number | null> {
  const row = await db
    .updateTable('downloadTickets')
    .set({ usedAt: now })
    .where('ticketHash', '=', ticketHash)
    .where('memorialId', '=', memorialId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('accountId')
    .executeTakeFirst();
  return row?.accountId ?? null;
}

/** Tickets that can no longer be used (kept a day for the record, then removed). */
export async function deleteOldTickets(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('downloadTickets').where('expiresAt', '<', before).execute();
}
