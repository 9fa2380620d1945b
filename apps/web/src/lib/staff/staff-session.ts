// A staff realm's session in the browser (docs/decisions/033): kept in this tab's sessionStorage
// under the realm's own key (gone when the tab closes; never the owner's 'user', the visitor's
// 'guest' or another realm's key), read through a React hook. lib/operator and lib/partner each
// make one store; only staff chunks import this file.
import { useSyncExternalStore } from 'react';

/** The token, and who is signed in under `field` (null between the password and the second factor). */
export type StaffSessionState<Field extends string, Me> = { token: string } & { [K in Field]: Me | null };

export interface StaffSessionStore<State> {
  get: () => State | null;
  set: (next: State | null) => void;
  useSession: () => State | null;
}

export function createStaffSessionStore<Field extends string, Me>(storageKey: string, field: Field): StaffSessionStore<StaffSessionState<Field, Me>> {
  type State = StaffSessionState<Field, Me>;

  function read(): State | null {
    try {
      const raw = window.sessionStorage.getItem(storageKey);
      const value = raw ? (JSON.parse(raw) as Partial<Record<string, unknown>>) : null;
      if (!value || typeof value.token !== 'string' || !value.token) return null;
      return { token: value.token, [field]: (value[field] as Me | undefined) ?? null } as State;
    } catch {
      return null;
    }
  }

  let state: State | null = typeof window === 'undefined' ? null : read();
  const listeners = new Set<() => void>();

  const get = (): State | null => state;

  const set = (next: State | null): void => {
    state = next;
    try {
      if (next) window.sessionStorage.setItem(storageKey, JSON.stringify(next));
      else window.sessionStorage.removeItem(storageKey);
    } catch {
      // Storage unavailable: the session lives in this page only.
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const useSession = (): State | null => useSyncExternalStore(subscribe, get, get);

  return { get, set, useSession };
}
