// Session state (spec §3, §4): the account holder's session and the guest's session, restored from
// local storage on load, kept in sync across tabs, renewed through the API and cleared when renewal
// fails. Framework-free so the small guest bundle can use it; React reads it with the hooks below.
import { useEffect, useSyncExternalStore } from 'react';
import type { LoginData, TokenData, UserPayload } from '@recuerdos/shared/api-types';
import { ApiError } from './api-client';
import { contentApi, usersApi } from './api';
import { isRecord } from './storage';
import {
  GUEST_STORAGE_KEY,
  USER_STORAGE_KEY,
  loadGuestSession,
  loadUserSession,
  saveGuestSession,
  saveUserSession,
  type GuestSession,
  type UserSession,
} from './session-storage';

export type { GuestSession, UserSession } from './session-storage';

export interface SessionState {
  user: UserSession | null;
  /**
   * The memorial whose session the server has confirmed in this page's life (by login or renewal).
   * A session restored from storage, or switched to another memorial, is unconfirmed until renewed.
   */
  confirmedIdentifier: string | null;
  guest: GuestSession | null;
}

/**
 * A login that a page load follows: the light /login page (docs/decisions/015) opens /account as a
 * new document, whose session would otherwise count as restored and wait for a renewal call before
 * the account area renders. The token was issued a moment ago, so the next page trusts it once:
 * kept in this tab's sessionStorage (where nothing else reads it) for a minute, read once.
 */
const FRESH_LOGIN_KEY = 'user-fresh-login';
const FRESH_LOGIN_MS = 60_000;

/** The light /login page calls this just before it loads /account. */
export function handOverFreshLogin(): void {
  if (!state.user) return;
  try {
    window.sessionStorage.setItem(FRESH_LOGIN_KEY, JSON.stringify({ token: state.user.token, at: Date.now() }));
  } catch {
    // No storage: the account area renews the session as for any restored one.
  }
}

function takeFreshLogin(user: UserSession | null): boolean {
  try {
    const raw = window.sessionStorage.getItem(FRESH_LOGIN_KEY);
    if (raw === null) return false;
    window.sessionStorage.removeItem(FRESH_LOGIN_KEY);
    const value = JSON.parse(raw) as unknown;
    if (!isRecord(value) || typeof value.at !== 'number') return false;
    const age = Date.now() - value.at;
    return user !== null && value.token === user.token && age >= 0 && age < FRESH_LOGIN_MS;
  } catch {
    return false;
  }
}

function initialState(): SessionState {
  const user = loadUserSession();
  return { user, confirmedIdentifier: user && takeFreshLogin(user) ? user.identifier : null, guest: loadGuestSession() };
}

/** The account holder as components read it: everything but the token, which no component needs. */
export type AccountUser = Omit<UserSession, 'token'>;

/**
 * What React reads of the session. The token rotates at every renewal (on load, on every switch),
 * and a store change re-renders each reader synchronously (useSyncExternalStore), which on the home
 * is the whole page: one long task on a phone's CPU, just after hydration (TBT, issue 27). So the
 * view leaves the token out and stays the same object until something a component shows or keys
 * on changes.
 */
export interface SessionView {
  user: AccountUser | null;
  confirmedIdentifier: string | null;
  guest: GuestSession | null;
}

function sameAccountUser(a: AccountUser, b: AccountUser): boolean {
  return a.email === b.email && a.name === b.name && a.lastname === b.lastname && a.identifier === b.identifier && a.profilepath === b.profilepath;
}

function viewOf(next: SessionState, previous: SessionView | null): SessionView {
  let user: AccountUser | null = null;
  if (next.user) {
    const { token: _token, ...rest } = next.user;
    user = previous?.user && sameAccountUser(previous.user, rest) ? previous.user : rest;
  }
  if (previous?.user === user && previous.confirmedIdentifier === next.confirmedIdentifier && previous.guest === next.guest) return previous;
  return { user, confirmedIdentifier: next.confirmedIdentifier, guest: next.guest };
}

let state: SessionState = initialState();
let view: SessionView = viewOf(state, null);
const listeners = new Set<() => void>();

function setState(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  view = viewOf(state, view);
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

export function getSessionView(): SessionView {
  return view;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The watched trigger of spec §4: the session is renewed whenever the current memorial or its picture changes. */
export function renewalKey(user: Pick<UserSession, 'identifier' | 'profilepath'>): string {
  return `${user.identifier}|${user.profilepath}`;
}

/** The key last sent to (or confirmed by) the server, so a change made by a renewal does not trigger another. */
let renewedKey: string | null = state.user && state.confirmedIdentifier ? renewalKey(state.user) : null;
let renewal: { key: string; promise: Promise<void> } | null = null;

function storeUser(user: UserSession | null, confirmed: boolean): void {
  saveUserSession(user);
  renewedKey = user ? renewalKey(user) : null;
  setState({ user, confirmedIdentifier: user && confirmed ? user.identifier : null });
}

function userFromLogin(data: LoginData): UserSession {
  return {
    email: data.user.email,
    name: data.user.name,
    lastname: data.user.lastname,
    identifier: data.user.identifier,
    profilepath: data.user.profilepath,
    token: data.token,
  };
}

/** Login succeeded: keep the session (spec §4 'logged out → logged in'). */
export function signIn(data: LoginData): void {
  storeUser(userFromLogin(data), true);
}

/** Forget the user locally (renewal failure, or after the server has revoked the token). */
export function clearUserSession(): void {
  storeUser(null, false);
}

/** 'Cerrar sesión': revoke the token on the server, then forget it whatever the reply. */
export async function signOut(): Promise<void> {
  if (state.user) {
    try {
      await usersApi.post('/user/logout');
    } catch {
      // Already expired, or offline: the local session goes anyway.
    }
  }
  clearUserSession();
}

/**
 * A document the server rendered for this owner (its session cookie, docs/decisions/028): the local
 * session takes the server's view of the account and memorial (a fresh picture link, the same the
 * markup holds) and counts as confirmed, so the page hydrates at once. False when the local session
 * is none, another account's or on another memorial: then the page does not trust the markup.
 */
export function adoptServerSession(user: UserPayload): boolean {
  const local = state.user;
  if (!local || local.email !== user.email || local.identifier !== user.identifier) return false;
  const freshLogin = state.confirmedIdentifier === local.identifier;
  storeUser({ ...user, token: local.token }, true);
  // A restored session is still renewed on load (spec §4, decision 006), only no longer waited for:
  // the page is already on screen. A login that just happened is not renewed (decision 015).
  if (!freshLogin) renewedKey = null;
  return true;
}

/**
 * The server render of the account pages: renders as this owner (no token: the render calls
 * nothing), then restores the empty state. The render is one synchronous call, so no other
 * request's render can run in between and see this owner.
 */
export function renderAsOwner<T>(user: UserPayload, render: () => T): T {
  const saved = { state, view };
  state = { user: { ...user, token: '' }, confirmedIdentifier: user.identifier, guest: null };
  view = viewOf(state, null);
  try {
    return render();
  } finally {
    ({ state, view } = saved);
  }
}

/** Person switch (spec §4): another memorial of the same account; the renewal moves the session onto it. */
export function switchPerson(identifier: string, profilepath: string): void {
  const user = state.user;
  if (!user) return;
  const next = { ...user, identifier, profilepath };
  saveUserSession(next);
  setState({ user: next, confirmedIdentifier: identifier === state.confirmedIdentifier ? identifier : null });
}

/** A new profile picture changes only the profile path (spec §4). */
export function setProfilePath(profilepath: string): void {
  const user = state.user;
  if (!user) return;
  const next = { ...user, profilepath };
  saveUserSession(next);
  setState({ user: next });
}

/** True when the stored session needs a renewal call (restored, switched, or picture changed). */
export function needsRenewal(): boolean {
  return state.user !== null && renewalKey(state.user) !== renewedKey;
}

/**
 * POST /user/renew-token with the current memorial and picture. Success stores the rotated token;
 * a refusal from the server logs the user out (spec §4, §8). When the server cannot be reached the
 * session is kept as it is: a weak connection at a cemetery must not log a family out.
 */
export function renewUserSession(): Promise<void> {
  const user = state.user;
  if (!user) return Promise.resolve();
  const key = renewalKey(user);
  // One call per memorial, picture and token: a call still on its way with a token since replaced
  // will be answered as stale, so it cannot stand in for this one.
  const callKey = `${key}|${user.token}`;
  if (renewal?.key === callKey) return renewal.promise;
  renewedKey = key;
  const promise = renewNow(user);
  renewal = { key: callKey, promise };
  void promise.then(() => {
    if (renewal?.promise === promise) renewal = null;
  });
  return promise;
}

async function renewNow(user: UserSession): Promise<void> {
  try {
    const data = await usersApi.post<LoginData>('/user/renew-token', {
      identifier: user.identifier,
      profilePath: user.profilepath,
    });
    const current = state.user;
    // Signed out (or renewed by another tab) meanwhile: this answer is stale.
    if (current?.token !== user.token) return;
    const renewed = userFromLogin(data);
    if (renewalKey(current) !== renewalKey(user)) {
      // Switched to another memorial (or picture) while this renewal was on its way: keep the rotated
      // token (the old one is replaced now) but not this answer's memorial, and renew onto the choice.
      saveUserSession({ ...renewed, identifier: current.identifier, profilepath: current.profilepath });
      setState({ user: loadUserSession() });
      void renewUserSession();
      return;
    }
    storeUser(renewed, true);
  } catch (err) {
    if (state.user?.token !== user.token) return;
    // Two tabs renewing at once: the other one rotated the token first; adopt its session.
    const stored = loadUserSession();
    if (stored && stored.token !== user.token) {
      storeUser(stored, true);
      return;
    }
    if (err instanceof ApiError && refusesSession(err)) clearUserSession();
    else setState({ confirmedIdentifier: user.identifier });
  }
}

/**
 * The server refused the session itself (spec §4: the user is logged out). A server in trouble
 * (5xx, a proxy's 502 on a weak link) or a rate limit (429) says nothing about the session: it is
 * kept, as for a lost connection.
 */
function refusesSession(err: ApiError): boolean {
  if (!err.fromServer) return false;
  const status = Number(err.code);
  return !(status === 429 || status >= 500);
}

/** Guest login with the access code succeeded: keep its token (spec §4). */
export function setGuestToken(guestToken: string): void {
  saveGuestSession({ guestToken });
  setState({ guest: { guestToken } });
}

export function clearGuestSession(): void {
  saveGuestSession(null);
  setState({ guest: null });
}

/** GET /user/guest/renew-token: stores the new token, or clears the guest session and rethrows (spec §7). */
export async function renewGuestSession(): Promise<void> {
  const guest = state.guest;
  if (!guest) return;
  try {
    const data = await contentApi.get<TokenData>('/user/guest/renew-token');
    if (state.guest?.guestToken !== guest.guestToken) return;
    setGuestToken(data.token);
  } catch (err) {
    if (state.guest?.guestToken === guest.guestToken) clearGuestSession();
    throw err;
  }
}

// Another tab logged in, out, or renewed: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) {
      const user = loadUserSession();
      if (user?.token !== state.user?.token) {
        renewedKey = user ? renewalKey(user) : null;
        setState({ user, confirmedIdentifier: user ? user.identifier : null });
      }
    }
    if (event.key === GUEST_STORAGE_KEY || event.key === null) {
      const guest = loadGuestSession();
      if (guest?.guestToken !== state.guest?.guestToken) setState({ guest });
    }
  });
}

export function useSessionState(): SessionView {
  return useSyncExternalStore(subscribeSession, getSessionView, getSessionView);
}

/** The account holder's session, and whether the server has confirmed it in this page's life. */
export function useUserSession(): { user: AccountUser | null; confirmed: boolean } {
  const { user, confirmedIdentifier } = useSessionState();
  return { user, confirmed: user !== null && confirmedIdentifier === user.identifier };
}

/** Renews the user session on load and whenever its watched trigger changes (spec §4). */
export function useUserSessionRenewal(): void {
  const { user } = useSessionState();
  const key = user ? renewalKey(user) : null;
  useEffect(() => {
    if (key !== null && needsRenewal()) void renewUserSession();
  }, [key]);
}

export function useGuestSession(): GuestSession | null {
  return useSessionState().guest;
}

/** Test support: reload the state from storage as a fresh page would. */
export function resetSessionForTests(): void {
  renewal = null;
  state = initialState();
  view = viewOf(state, null);
  renewedKey = state.user && state.confirmedIdentifier ? renewalKey(state.user) : null;
  for (const listener of listeners) listener();
}
