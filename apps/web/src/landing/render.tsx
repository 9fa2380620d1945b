// The landing's server render (built by vite.config.ts in SSR mode into dist-ssr/landing-render.js,
// imported by the server for GET /): the SPA's own route tree at '/', rendered with React, so the
// first screen paints from the HTML while the SPA's JavaScript loads and then hydrates it
// (docs/decisions/009-landing-server-render.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { LandingRenderModule, SiteConfig } from '@recuerdos/shared/site-config';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { provideSiteConfig } from '../lib/site-config';

export const renderLanding: LandingRenderModule['renderLanding'] = async (config: SiteConfig) => {
  provideSiteConfig(config);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The landing route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        {/* No hydration data script: the strict CSP allows no inline script, and '/' loads nothing. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
};
