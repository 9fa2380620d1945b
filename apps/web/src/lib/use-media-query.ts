// A CSS media query read by React (layout choices CSS alone cannot make, e.g. the badge cap).
import { useCallback, useSyncExternalStore } from 'react';
import { LIMITS } from '@recuerdos/shared/limits';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
}

/** Spec §2, §9: the account and guest pages use their desktop layout at 1100 px or more. */
export const DESKTOP_QUERY = `(min-width: ${LIMITS.desktopBreakpointPx}px)`;

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
