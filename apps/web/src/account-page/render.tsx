// The server render of /account and /account/notifications (docs/decisions/028), built by
// `vite build -c vite.account.config.ts` into dist-ssr/account-render.js. It renders the SPA's own
// routes (React, React Router, TanStack Query: the same tree the browser hydrates) with the answers
// of the page's API reads in the query cache, and hands the client that cache, dehydrated.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import {
  ACCOUNT_PAGE_PATHS,
  type AccountPageName,
  type AccountPageUser,
  type AccountRead,
  type AccountRenderInput,
  type AccountRenderOutput,
} from '@recuerdos/shared/account-page';
import type { OwnerPersonData } from '@recuerdos/shared/api-types';
import { MarkLive } from '../app/mark-live';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { accountKeys } from '../lib/account/keys';
import { pageTitle } from '../lib/page-meta';
import { renderAsOwner } from '../lib/session';
import { provideSiteConfig } from '../lib/site-config';
import { accountPageReads } from './reads';

// One handler for the process: the route modules it loads lazily are kept on its routes.
const handler = createStaticHandler(routes);

export function accountReads(page: AccountPageName, user: AccountPageUser): AccountRead[] {
  return accountPageReads(page, user).map(({ url }) => ({ url }));
}

export async function renderAccountPage({ page, user, answers, config }: AccountRenderInput): Promise<AccountRenderOutput> {
  provideSiteConfig(config);
  const queryClient = createQueryClient();
  for (const read of accountPageReads(page, user)) {
    if (read.url in answers) read.store(queryClient, answers[read.url]);
  }
  const context = await handler.query(new Request(new URL(ACCOUNT_PAGE_PATHS[page], 'http://recuerdos.invalid')));
  if (context instanceof Response) throw new Error(`The account route ${page} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderAsOwner(user, () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <MarkLive />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  const person = queryClient.getQueryData<OwnerPersonData>(accountKeys.person(user.identifier));
  const title = pageTitle(page === 'home' ? (person?.fullname ?? 'Inicio') : 'Notificaciones');
  const queries = dehydrate(queryClient);
  // Nothing of this owner stays in the process (the cache's timers included).
  queryClient.clear();
  return { html, title, data: { user, queries } };
}
