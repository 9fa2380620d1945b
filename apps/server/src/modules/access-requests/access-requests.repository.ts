// Every SQL statement of the access requests (issue 29): requests waiting, personal links (grants),
// blocked addresses. The service owns the rules and the transactions.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { revokeGrantSessions } from '../../auth/sessions';

export interface NewRequest {
  memorialId: number;
  name: string;
  email: string;
  mailbox: string;
  message: string;
  consentText: string;
  createdAt: string;
}

/** Stores a request; false when this person already has one waiting for this memorial (kept as it was). */
export async function insertRequest(db: Kysely<Database>, request: NewRequest): Promise<number | null> {
  const inserted = await db
    .insertInto('accessRequests')
    .values({ ...request, mailedAt: null })
    .onConflict((oc) => oc.columns(['memorialId', 'mailbox']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function markRequestMailed(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('accessRequests').set({ mailedAt: at }).where('id', '=', id).execute();
}

export async function isBlocked(db: Kysely<Database>, memorialId: number, mailbox: string): Promise<boolean> {
  const row = await db.selectFrom('accessBlocks').select('id').where('memorialId', '=', memorialId).where('mailbox', '=', mailbox).executeTakeFirst();
  return row !== undefined;
}

export async function waitingRequests(db: Kysely<Database>, memorialId: number, since: string) {
  return db
    .selectFrom('accessRequests')
    .select(['id', 'name', 'email', 'message', 'createdAt'])
    .where('memorialId', '=', memorialId)
    .where('createdAt', '>', since)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function grantsOf(db: Kysely<Database>, memorialId: number) {
  return db
    .selectFrom('accessGrants')
    .select(['id', 'name', 'email', 'createdAt', 'lastOpenedAt'])
    .where('memorialId', '=', memorialId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function blocksOf(db: Kysely<Database>, memorialId: number) {
  return db.selectFrom('accessBlocks').select(['id', 'email']).where('memorialId', '=', memorialId).orderBy('email').execute();
}

/** Deletes a waiting request and answers it; null when it is not (or no longer) there. Two answers at once: one wins. */
export async function takeRequest(db: Kysely<Database>, memorialId: number, id: number) {
  const row = await db
    .selectFrom('accessRequests')
    .select(['id', 'name', 'email', 'mailbox', 'message'])
    .where('id', '=', id)
    .where('memorialId', '=', memorialId)
    .executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom('accessRequests').where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : null;
}

/**
 * A person's personal link: a new grant, or a new link for one they already have (asked again: lost
 * the e-mail). The old link stops, with the session it opened; their reminders stay.
 */
export async function replaceGrant(
  db: Kysely<Database>,
  grant: { memorialId: number; name: string; email: string; mailbox: string; tokenHash: string; createdAt: string },
): Promise<void> {
  const previous = await db.selectFrom('accessGrants').select('id').where('memorialId', '=', grant.memorialId).where('mailbox', '=', grant.mailbox).executeTakeFirst();
  if (!previous) {
    await db.insertInto('accessGrants').values({ ...grant, lastOpenedAt: null }).execute();
    return;
  }
  await revokeGrantSessions(db, previous.id);
  await db.updateTable('accessGrants').set({ name: grant.name, email: grant.email, tokenHash: grant.tokenHash, createdAt: grant.createdAt, lastOpenedAt: null }).where('id', '=', previous.id).execute();
}

/**
 * Takes a person's access back: their grant, the session their link opened and the reminders they
 * asked through it (decision 029). False when there was none.
 */
export async function deleteGrant(db: Kysely<Database>, memorialId: number, id: number): Promise<boolean> {
  const grant = await db.selectFrom('accessGrants').select('id').where('id', '=', id).where('memorialId', '=', memorialId).executeTakeFirst();
  if (!grant) return false;
  await revokeGrantSessions(db, id);
  await db
    .deleteFrom('reminderDeliveries')
    .where('subscriptionId', 'in', (eb) => eb.selectFrom('reminderSubscriptions').select('id').where('accessGrantId', '=', id))
    .execute();
  await db.deleteFrom('reminderSubscriptions').where('accessGrantId', '=', id).execute();
  const deleted = await db.deleteFrom('accessGrants').where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

export async function insertBlock(db: Kysely<Database>, block: { memorialId: number; email: string; mailbox: string; createdAt: string }): Promise<void> {
  await db
    .insertInto('accessBlocks')
    .values(block)
    .onConflict((oc) => oc.columns(['memorialId', 'mailbox']).doNothing())
    .execute();
}

export async function deleteBlock(db: Kysely<Database>, memorialId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('accessBlocks').where('id', '=', id).where('memorialId', '=', memorialId).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** The grant a personal link's secret names, on the memorial it was given for. */
export async function grantOfLink(db: Kysely<Database>, identifier: string, tokenHash: string) {
  return (
    (await db
      .selectFrom('accessGrants')
      .innerJoin('memorials', 'memorials.id', 'accessGrants.memorialId')
      .select(['accessGrants.id', 'accessGrants.memorialId', 'memorials.accessCodeVersion'])
      .where('accessGrants.tokenHash', '=', tokenHash)
      .where('memorials.identifier', '=', identifier)
      .executeTakeFirst()) ?? null
  );
}

/** False when the grant is gone (taken back a moment ago). On PostgreSQL the row stays locked until commit. */
export async function markGrantOpened(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const updated = await db.updateTable('accessGrants').set({ lastOpenedAt: at }).where('id', '=', id).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Requests nobody answered within the time kept: deleted with the personal data in them. */
export async function deleteExpiredRequests(db: Kysely<Database>, before: string): Promise<number> {
  const deleted = await db.deleteFrom('accessRequests').where('createdAt', '<=', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Memorials with requests the family was not told about yet (over the day's e-mails). */
export async function memorialsWithUnmailedRequests(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('accessRequests').select('memorialId').distinct().where('mailedAt', 'is', null).orderBy('memorialId').execute();
  return rows.map((row) => row.memorialId);
}

/** Marks one memorial's untold requests as told and answers exactly those (in the summary's transaction). */
export async function takeUnmailedRequests(db: Kysely<Database>, memorialId: number, at: string) {
  const rows = await db
    .updateTable('accessRequests')
    .set({ mailedAt: at })
    .where('memorialId', '=', memorialId)
    .where('mailedAt', 'is', null)
    .returning(['id', 'name', 'email', 'message'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}
