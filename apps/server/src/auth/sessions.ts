// User and guest sessions: rows keyed by the hash of an opaque token (DESIGN §4). Rotation keeps
// the old token usable for a short grace period, so two tabs renewing at once do not log out.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { hashToken, newToken } from './tokens';

export const USER_SESSION_TTL_MS = 30 * 24 * 3600_000;
export const GUEST_SESSION_TTL_MS = 30 * 24 * 3600_000;
export const ROTATION_GRACE_MS = 60_000;

export interface UserSession {
  sessionId: number;
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
}

function graceCutoff(now: Date): string {
  return nowIso(new Date(now.getTime() - ROTATION_GRACE_MS));
}

export async function createUserSession(
  db: Kysely<Database>,
  accountId: number,
  memorialId: number | null,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      accountId,
      memorialId,
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + USER_SESSION_TTL_MS)),
      replacedAt: null,
    })
    .execute();
  return token;
}

export async function findUserSession(db: Kysely<Database>, token: string, now = new Date()): Promise<UserSession | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.accountId')
    .select([
      'sessions.id as sessionId',
      'sessions.accountId',
      'sessions.memorialId',
      'accounts.email',
      'accounts.name',
      'accounts.lastname',
    ])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.expiresAt', '>', nowIso(now))
    .where((eb) => eb.or([eb('sessions.replacedAt', 'is', null), eb('sessions.replacedAt', '>', graceCutoff(now))]))
    .executeTakeFirst();
  return row ?? null;
}

/** Replaces the session with a new one (optionally on another memorial); returns the new token. */
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
    return createUserSession(trx, session.accountId, memorialId, now);
  });
}

export async function revokeUserSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of the account, except `keepSessionId` when given. */
export async function revokeAccountSessions(db: Kysely<Database>, accountId: number, keepSessionId?: number): Promise<void> {
  let query = db.deleteFrom('sessions').where('accountId', '=', accountId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function createGuestSession(
  db: Kysely<Database>,
  memorialId: number,
  accessCodeVersion: number,
  now = new Date(),
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
    })
    .execute();
  return token;
}

/** A guest session is valid while unexpired and issued for the memorial's current access code. */
export async function findGuestSession(db: Kysely<Database>, token: string, now = new Date()): Promise<GuestSession | null> {
  const row = await db
    .selectFrom('guestSessions')
    .innerJoin('memorials', 'memorials.id', 'guestSessions.memorialId')
    .select(['guestSessions.id as sessionId', 'guestSessions.memorialId'])
    .where('guestSessions.tokenHash', '=', hashToken(token))
    .where('guestSessions.expiresAt', '>', nowIso(now))
    .whereRef('guestSessions.accessCodeVersion', '=', 'memorials.accessCodeVersion')
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
    return createGuestSession(trx, session.memorialId, memorial.accessCodeVersion, now);
  });
}

/** Ends every guest session of a memorial (its access code changed). */
export async function revokeGuestSessions(db: Kysely<Database>, memorialId: number): Promise<void> {
  await db.deleteFrom('guestSessions').where('memorialId', '=', memorialId).execute();
}

/** Housekeeping at start: expired rows are useless. */
export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<void> {
  const cutoff = nowIso(now);
  await db.deleteFrom('sessions').where('expiresAt', '<=', cutoff).execute();
  await db.deleteFrom('guestSessions').where('expiresAt', '<=', cutoff).execute();
}
