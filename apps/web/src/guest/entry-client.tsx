// The guest memorial's own bundle (docs/decisions/007-guest-page-rendering.md): hydrates the markup
// the server rendered with the data it inlined. Built with Preact through its React compatibility
// layer (vite.guest.config.ts), so the page becomes interactive with a fraction of React's bytes.
import { hydrateRoot } from 'react-dom/client';
import { GUEST_DATA_ELEMENT_ID, type GuestPageData } from '@recuerdos/shared/guest-page';
import { GuestMemorial } from '../features/guest-memorial/components/guest-memorial';
import { deferHydration, hydrateInSteps } from '../lib/deferred-hydration';
import { markHydrated } from '../lib/hydrated';
import '../styles/tokens.css';
import '../styles/base.css';
import './guest-page.css';

const root = document.getElementById('root');
const json = document.getElementById(GUEST_DATA_ELEMENT_ID)?.textContent;
if (root && json) {
  const data = JSON.parse(json) as GuestPageData;
  // In the task after the bundle's own: the profile, gifts and ceremonies, then the memories' cards
  // in the tasks after that (issue 13, TBT; lib/deferred-hydration).
  setTimeout(() => {
    deferHydration();
    try {
      hydrateRoot(root, <GuestMemorial identifier={data.identifier} publicUrl={data.publicUrl} initial={data} />);
    } finally {
      void hydrateInSteps().then(markHydrated);
    }
  });
}
