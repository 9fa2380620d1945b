// The owner's session on document requests (docs/decisions/028-session-on-the-document.md): an
// HttpOnly, SameSite=Strict cookie holding the same token the `token` header carries, issued at
// login and at every renewal, cleared at logout. It is read in exactly two places: the server
// render of the account pages (a GET of a document, which changes nothing) and the logout, which
// it may only use to end its own family. Every other API call ignores it: the `token` header stays
// the only API credential (spec §6), so another site that makes the browser send the cookie can
// neither read nor change anything.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { USER_SESSION_TTL_MS, peekUserSession, type UserSession } from './sessions';

export interface SessionCookie {
  name: string;
  /** Only over HTTPS (PUBLIC_URL https://); `__Host-` needs it, and then no Domain and Path=/. */
  secure: boolean;
}

/** `__Host-` pins the cookie to this exact host over HTTPS: no subdomain can set or shadow it. */
export function sessionCookieFor(publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith('https://');
  return { name: secure ? '__Host-recuerdos-sesion' : 'recuerdos-sesion', secure };
}

function attributes(cookie: SessionCookie, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${cookie.secure ? '; Secure' : ''}`;
}

function appendSetCookie(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  // One session cookie per reply: a later call (a clear after a set) replaces the earlier one.
  const others = list.filter((line) => !line.startsWith(`${value.split('=', 1)[0]}=`));
  void reply.header('set-cookie', [...others, value]);
}

/** The token's cookie, as long-lived as the token's row (it dies with the row anyway). */
export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, token: string): void {
  appendSetCookie(reply, `${cookie.name}=${token}; ${attributes(cookie, Math.floor(USER_SESSION_TTL_MS / 1000))}`);
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  appendSetCookie(reply, `${cookie.name}=; ${attributes(cookie, 0)}`);
}

/** The token in the request's session cookie, or null (absent, malformed, or sent twice). */
export function sessionCookieToken(request: FastifyRequest, cookie: SessionCookie): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const values = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${cookie.name}=`))
    .map((part) => part.slice(cookie.name.length + 1));
  // Two cookies of one name (one planted by a sibling host on plain HTTP): trust neither.
  if (values.length !== 1) return null;
  const token = values[0] ?? '';
  return /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * The owner a document request comes from, for the read-only render of the account pages. A GET
 * only: the cookie never authorises a change. A stale cookie (a token replaced by a renewal the
 * browser did not store, or of an ended family) is no session here; it does not end the family
 * either, since a document load is not an API client replaying a token.
 */
export async function documentUser(
  db: Kysely<Database>,
  request: FastifyRequest,
  cookie: SessionCookie,
): Promise<UserSession | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const token = sessionCookieToken(request, cookie);
  return token ? peekUserSession(db, token) : null;
}
