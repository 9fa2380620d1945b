// The partner area's session (issue 30): this tab's sessionStorage, apart from the owner's 'user',
// the visitor's 'guest' and the operator's 'operator', sent in the `partner` header. Only the
// partner area's chunks import this file.
import { useSyncExternalStore } from 'react';
import type { PartnerMe } from '@recuerdos/shared/partner-api-types';

export const PARTNER_STORAGE_KEY = 'partner';

export interface PartnerSessionState {
  token: string;
  /** Null between an admin's password and the second factor. */
  user: PartnerMe | null;
}

function read(): PartnerSessionState | null {
  try {
    const raw = window.sessionStorage.getItem(PARTNER_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PartnerSessionState>) : null;
    if (!value || typeof value.token !== 'string' || !value.token) return null;
    return { token: value.token, user: value.user ?? null };
  } catch {
    return null;
  }
}

let state: PartnerSessionState | null = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();

export function getPartnerSession(): PartnerSessionState | null {
  return state;
}

export function setPartnerSession(next: PartnerSessionState | null): void {
  state = next;
  try {
    if (next) window.sessionStorage.setItem(PARTNER_STORAGE_KEY, JSON.stringify(next));
    else window.sessionStorage.removeItem(PARTNER_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lives in this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePartnerSession(): PartnerSessionState | null {
  return useSyncExternalStore(subscribe, getPartnerSession, getPartnerSession);
}
