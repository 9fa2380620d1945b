// The two sessions of spec §3 as kept in local storage: 'user' (account holder) and 'guest'
// (visitor of a private memorial). The API client reads the tokens from here on every request.
import { isRecord, readJson, writeJson } from './storage';

export const USER_STORAGE_KEY = 'user';
export const GUEST_STORAGE_KEY = 'guest';

export interface UserSession {
  email: string;
  name: string;
  lastname: string;
  identifier: string;
  profilepath: string;
  token: string;
}

export interface GuestSession {
  guestToken: string;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The stored user session, or null when absent or not shaped like one. */
export function loadUserSession(): UserSession | null {
  const value = readJson(USER_STORAGE_KEY);
  if (!isRecord(value) || typeof value.token !== 'string' || value.token === '') return null;
  return {
    email: str(value.email),
    name: str(value.name),
    lastname: str(value.lastname),
    identifier: str(value.identifier),
    profilepath: str(value.profilepath),
    token: value.token,
  };
}

export function saveUserSession(session: UserSession | null): void {
  writeJson(USER_STORAGE_KEY, session);
}

export function loadGuestSession(): GuestSession | null {
  const value = readJson(GUEST_STORAGE_KEY);
  if (!isRecord(value) || typeof value.guestToken !== 'string' || value.guestToken === '') return null;
  return { guestToken: value.guestToken };
}

export function saveGuestSession(session: GuestSession | null): void {
  writeJson(GUEST_STORAGE_KEY, session);
}

/** The 'token' and 'guest' request headers (spec §6, §7), read fresh for every request. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const user = loadUserSession();
  if (user) headers.token = user.token;
  const guest = loadGuestSession();
  if (guest) headers.guest = guest.guestToken;
  return headers;
}
