// Who is calling: the `token` header names an account holder's session, the `guest` header a
// guest session of one memorial (spec §6). The two never stand in for each other.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { unauthorized } from '../http/errors';
import { findGuestSession, findUserSession, type GuestSession, type UserSession } from './sessions';

const userCache = new WeakMap<FastifyRequest, Promise<UserSession | null>>();
const guestCache = new WeakMap<FastifyRequest, Promise<GuestSession | null>>();

function headerToken(request: FastifyRequest, name: 'token' | 'guest'): string | null {
  const value = request.headers[name];
  const token = Array.isArray(value) ? value[0] : value;
  // The client sends the literal strings 'null'/'undefined' when local storage is empty.
  if (!token || token === 'null' || token === 'undefined' || token.length > 200) return null;
  return token;
}

/** The session named by that header, looked up once per request however many guards ask. */
function sessionOf<S>(
  cache: WeakMap<FastifyRequest, Promise<S | null>>,
  request: FastifyRequest,
  header: 'token' | 'guest',
  find: (token: string) => Promise<S | null>,
): Promise<S | null> {
  let cached = cache.get(request);
  if (!cached) {
    const token = headerToken(request, header);
    cached = token ? find(token) : Promise.resolve(null);
    cache.set(request, cached);
  }
  return cached;
}

export function optionalUser(db: Kysely<Database>, request: FastifyRequest): Promise<UserSession | null> {
  return sessionOf(userCache, request, 'token', (token) => findUserSession(db, token));
}

export async function requireUser(db: Kysely<Database>, request: FastifyRequest): Promise<UserSession> {
  const session = await optionalUser(db, request);
  if (!session) throw unauthorized();
  return session;
}

export function optionalGuest(db: Kysely<Database>, request: FastifyRequest): Promise<GuestSession | null> {
  return sessionOf(guestCache, request, 'guest', (token) => findGuestSession(db, token));
}
