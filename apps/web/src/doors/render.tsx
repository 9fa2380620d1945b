// The doors' server render (built by vite.doors.config.ts into dist-ssr/doors-render.js, imported by
// the server for GET / and GET /login): the SPA's own page components, rendered with Preact to the
// same markup the doors' bundles hydrate island by island (docs/decisions/015).
import { renderToString } from 'preact-render-to-string';
import type { DoorName, DoorPage, DoorsRenderModule } from '@recuerdos/shared/doors';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import { LoginPage, LOGIN_META } from '../features/auth/components/login-page';
import { LANDING_META, LandingPage } from '../features/landing/components/landing-page';
import { FLYERS } from '../features/landing/media/catalog';
import { pageTitle } from '../lib/page-meta';
import { provideSiteConfig } from '../lib/site-config';

const signedInOnServer = () => undefined;

export const renderDoor: DoorsRenderModule['renderDoor'] = (door: DoorName, config: SiteConfig): DoorPage => {
  // The components read the configuration as the browser does from the page's JSON block.
  provideSiteConfig(config);
  switch (door) {
    case 'landing':
      return {
        html: renderToString(<LandingPage />),
        title: pageTitle(LANDING_META.title),
        description: LANDING_META.description,
        // The first flyer is the largest picture of the first screen (the LCP element on a phone and a desktop).
        preloadImages: FLYERS[0] ? [FLYERS[0].src] : [],
      };
    case 'login':
      return {
        html: renderToString(<LoginPage onSignedIn={signedInOnServer} />),
        title: pageTitle(LOGIN_META.title),
        description: LOGIN_META.description,
        preloadImages: [],
      };
  }
};
