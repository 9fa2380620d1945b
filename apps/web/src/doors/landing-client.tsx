// The landing's bundle (docs/decisions/015): the server sent the whole page; the carousel is its
// only interactive part, so it is the only island hydrated. The page module is imported for its
// styles (its components stay static HTML).
import { hydrateRoot } from 'react-dom/client';
import { FlyerCarousel } from '../features/landing/components/flyer-carousel';
import { FLYERS_ISLAND_ID } from '../features/landing/components/landing-page';
import { FLYERS } from '../features/landing/media/catalog';
import { markHydrated } from '../lib/hydrated';
import './door-styles';

// In the task after the bundle's own evaluation, so neither is one long task (decision 021).
setTimeout(() => {
  const island = document.getElementById(FLYERS_ISLAND_ID);
  if (island) hydrateRoot(island, <FlyerCarousel images={FLYERS} />);
  markHydrated();
});
