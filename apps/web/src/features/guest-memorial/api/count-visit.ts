// POST /visit/count-visit (issue 29 §4; docs/decisions/030): after the memorial has shown, once per
// page load, the page tells the server it was opened. The sessions travel in the headers as on every
// call, so the family's own visit is recognised (and not counted); robots that only fetch the HTML
// never send it. Its answer says nothing and is not waited for.
import { contentApi } from '../../../lib/api';

const counted = new Set<string>();

export function countVisit(identifier: string): void {
  if (counted.has(identifier)) return;
  counted.add(identifier);
  const send = () => {
    contentApi.post('/visit/count-visit', { identifier }).catch(() => undefined);
  };
  // A page the browser renders ahead of the person (prerender) counts when it is shown, if ever.
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) doc.addEventListener('prerenderingchange', send, { once: true });
  else send();
}

/** Tests start each "page load" afresh. */
export function resetCountedVisitsForTests(): void {
  counted.clear();
}
