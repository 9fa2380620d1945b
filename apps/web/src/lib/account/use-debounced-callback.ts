// Calls `callback` once, `delayMs` after the last call (spec §9: the access code saves 1 s after
// typing stops). A call still waiting when the component goes away is made at once, not lost.
import { useCallback, useEffect, useRef } from 'react';

export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number): (...args: A) => void {
  const latest = useRef(callback);
  const waiting = useRef<{ timer: number; args: A } | null>(null);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () => () => {
      const pending = waiting.current;
      if (!pending) return;
      window.clearTimeout(pending.timer);
      waiting.current = null;
      latest.current(...pending.args);
    },
    [],
  );
  return useCallback(
    (...args: A) => {
      if (waiting.current) window.clearTimeout(waiting.current.timer);
      const timer = window.setTimeout(() => {
        waiting.current = null;
        latest.current(...args);
      }, delayMs);
      waiting.current = { timer, args };
    },
    [delayMs],
  );
}
