// `<html data-hydrated>` once the SPA's first render is committed: a page the server rendered
// (docs/decisions/028) is live from then on. The server's render places it at the same spot, so
// both trees keep one shape (and the same ids).
import { useEffect } from 'react';
import { markHydrated } from '../lib/hydrated';

export function MarkLive() {
  useEffect(markHydrated, []);
  return null;
}
