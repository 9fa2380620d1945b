// User and guest sessions: rows keyed by the hash of an opaque token (DESIGN §4). Rotation keeps
// the old token usable for a short grace period, so two tabs renewing at once do not log out.
//
// The tokens of one login form a family (docs/decisions/011-abuse-limits.md): a user token is
// `<family>.<secret>`, renewal issues the next token of the same family, logout deletes the whole
// family, and a replaced token presented after the grace period — someone replaying an old copy —
// ends the family as well (reuse detection, as refresh-token rotation does). The family travels in
// the token, so reuse is recognised even after the replaced row itself has been pruned.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { hashToken, newToken } from './tokens';

export const USER_SESSION_TTL_MS = 30 * 24 * 3600_000;
export const GUEST_SESSION_TTL_MS = 30 * 24 * 3600_000;
export const ROTATION_GRACE_MS = 60_000;

export interface UserSession {
  sessionId: number;
  familyId: string;
  accountId: number;
  email: string;
  name: string;
  lastname: string;
  /** The memorial the session is on (spec §4 'person switch'), or null when the account has none. */
  memorialId: number | null;
}

export interface GuestSession {
  sessionId: number;
  memorialId: number;
  /** The personal link it came from (issue 29), or null when the access code opened it. */
  grantId: number | null;
}

function graceCutoff(now: Date): string {
  return nowIso(new Date(now.getTime() - ROTATION_GRACE_MS));
}

/** The family a token names, or null (tokens issued before families existed, or malformed ones). */
export function familyOfToken(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match?.[1] ?? null;
}

/** Starts a family (a login) unless `familyId` continues one (a renewal). */
export async function createUserSession(
  db: Kysely<Database>,
  accountId: number,
  memorialId: number | null,
  now = new Date(),
  familyId: string = newToken(16),
): Promise<string> {
  const token = `${familyId}.${newToken()}`;
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      familyId,
      accountId,
      memorialId,
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + USER_SESSION_TTL_MS)),
      replacedAt: null,
    })
    .execute();
  return token;
}

/**
 * The session of a token: live, or replaced within the grace period (two tabs renewing at once).
 * A replaced token presented later is a replay: its whole family ends, and the answer is null.
 */
export async function findUserSession(db: Kysely<Database>, token: string, now = new Date()): Promise<UserSession | null> {
  const row = await sessionRow(db, token, now);
  if (row) {
    const { replacedAt, ...session } = row;
    if (replacedAt === null || replacedAt > graceCutoff(now)) return session;
    await revokeUserFamily(db, row.familyId);
    return null;
  }
  // Not a stored token: one of a family whose replaced rows were pruned is a replay as well.
  const family = familyOfToken(token);
  if (family) await revokeUserFamily(db, family);
  return null;
}

/**
 * The session of a token as findUserSession sees it, without ending anything: for the session
 * cookie of a document request (docs/decisions/028), which is never an API client's replay.
 */
export async function peekUserSession(db: Kysely<Database>, token: string, now = new Date()): Promise<UserSession | null> {
  const row = await sessionRow(db, token, now);
  if (!row) return null;
  const { replacedAt, ...session } = row;
  return replacedAt === null || replacedAt > graceCutoff(now) ? session : null;
}

function sessionRow(db: Kysely<Database>, token: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.accountId')
    .select([
      'sessions.id as sessionId',
      'sessions.familyId',
      'sessions.accountId',
      'sessions.memorialId',
      'sessions.replacedAt',
      'accounts.email',
      'accounts.name',
      'accounts.lastname',
    ])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.expiresAt', '>', nowIso(now))
    .executeTakeFirst();
}

/** Replaces the session with the next token of its family (optionally on another memorial). */
export async function rotateUserSession(
  db: Kysely<Database>,
  session: UserSession,
  memorialId: number | null,
  now = new Date(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ replacedAt: nowIso(now) })
      .where('id', '=', session.sessionId)
      .where('replacedAt', 'is', null)
      .execute();
    return createUserSession(trx, session.accountId, memorialId, now, session.familyId);
  });
}

/** Ends every token of one login (logout, or a replay detected). */
export async function revokeUserFamily(db: Kysely<Database>, familyId: string): Promise<void> {
  await db.deleteFrom('sessions').where('familyId', '=', familyId).execute();
}

/** Ends every session of the account, except the family `keepFamilyId` when given (the caller's own login). */
export async function revokeAccountSessions(db: Kysely<Database>, accountId: number, keepFamilyId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('accountId', '=', accountId);
  if (keepFamilyId !== undefined) query = query.where('familyId', '!=', keepFamilyId);
  await query.execute();
}

export async function createGuestSession(
  db: Kysely<Database>,
  memorialId: number,
  accessCodeVersion: number,
  now = new Date(),
  grantId: number | null = null,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('guestSessions')
    .values({
      tokenHash: hashToken(token),
      memorialId,
      accessCodeVersion,
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + GUEST_SESSION_TTL_MS)),
      replacedAt: null,
      grantId,
    })
    .execute();
  return token;
}

/**
 * A guest session is valid while unexpired and issued for the memorial's current access code, or
 * opened with a personal link (issue 29): those survive a new code, and are deleted with the grant.
 */
export async function findGuestSession(db: Kysely<Database>, token: string, now = new Date()): Promise<GuestSession | null> {
  const row = await db
    .selectFrom('guestSessions')
    .innerJoin('memorials', 'memorials.id', 'guestSessions.memorialId')
    .select(['guestSessions.id as sessionId', 'guestSessions.memorialId', 'guestSessions.grantId'])
    .where('guestSessions.tokenHash', '=', hashToken(token))
    .where('guestSessions.expiresAt', '>', nowIso(now))
    .where((eb) => eb.or([eb('guestSessions.grantId', 'is not', null), eb('guestSessions.accessCodeVersion', '=', eb.ref('memorials.accessCodeVersion'))]))
    .where((eb) =>
      eb.or([eb('guestSessions.replacedAt', 'is', null), eb('guestSessions.replacedAt', '>', graceCutoff(now))]),
    )
    .executeTakeFirst();
  return row ?? null;
}

export async function rotateGuestSession(db: Kysely<Database>, session: GuestSession, now = new Date()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const memorial = await trx
      .selectFrom('memorials')
      .select('accessCodeVersion')
      .where('id', '=', session.memorialId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('guestSessions')
      .set({ replacedAt: nowIso(now) })
      .where('id', '=', session.sessionId)
      .where('replacedAt', 'is', null)
      .execute();
    return createGuestSession(trx, session.memorialId, memorial.accessCodeVersion, now, session.grantId);
  });
}

/** Ends the guest sessions a memorial's old access code opened (its code changed); personal links' stay. */
export async function revokeGuestSessions(db: Kysely<Database>, memorialId: number): Promise<void> {
  await db.deleteFrom('guestSessions').where('memorialId', '=', memorialId).where('grantId', 'is', null).execute();
}

/** Ends the session a personal link opened (the family took the access back, or the link was opened again). */
export async function revokeGrantSessions(db: Kysely<Database>, grantId: number): Promise<void> {
  await db.deleteFrom('guestSessions').where('grantId', '=', grantId).execute();
}

/** Housekeeping at start: expired rows are useless. */
export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<void> {
  const cutoff = nowIso(now);
  await db.deleteFrom('sessions').where('expiresAt', '<=', cutoff).execute();
  await db.deleteFrom('guestSessions').where('expiresAt', '<=', cutoff).execute();
}
