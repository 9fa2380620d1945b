// The back office's session (issue 15): kept in this tab's sessionStorage (gone when the tab
// closes; never shared with the owner's 'user' or the visitor's 'guest' keys), sent in the
// `operator` header. Only the back office's chunks import this file.
import { useSyncExternalStore } from 'react';
import type { OperatorMe } from '@recuerdos/shared/admin-api-types';

export const OPERATOR_STORAGE_KEY = 'operator';

export interface OperatorSession {
  token: string;
  /** Null between the password and the second factor. */
  operator: OperatorMe | null;
}

function read(): OperatorSession | null {
  try {
    const raw = window.sessionStorage.getItem(OPERATOR_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<OperatorSession>) : null;
    if (!value || typeof value.token !== 'string' || !value.token) return null;
    return { token: value.token, operator: value.operator ?? null };
  } catch {
    return null;
  }
}

let state: OperatorSession | null = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();

export function getOperatorSession(): OperatorSession | null {
  return state;
}

export function setOperatorSession(next: OperatorSession | null): void {
  state = next;
  try {
    if (next) window.sessionStorage.setItem(OPERATOR_STORAGE_KEY, JSON.stringify(next));
    else window.sessionStorage.removeItem(OPERATOR_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lives in this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, getOperatorSession, getOperatorSession);
}
