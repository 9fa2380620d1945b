// The client side of the server-rendered account pages (docs/decisions/028): the data the server
// embedded, and the route modules the page needs before React can hydrate the server's markup.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { ACCOUNT_DATA_ELEMENT_ID, type AccountPageData } from '@recuerdos/shared/account-page';
import { usersApi } from '../lib/api';
import { adoptServerSession, getSessionState } from '../lib/session';
import { isRecord } from '../lib/storage';

function readAccountPageData(): AccountPageData | null {
  const element = document.getElementById(ACCOUNT_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const value = JSON.parse(element.textContent) as unknown;
    if (!isRecord(value) || !isRecord(value.user) || typeof value.user.email !== 'string' || typeof value.user.identifier !== 'string') return null;
    return value as unknown as AccountPageData;
  } catch {
    return null;
  }
}

/**
 * Ends the current task: the steps before hydration (the data, each route module, the router) each
 * run in a task of their own instead of one long chain of microtasks, which a phone's CPU makes a
 * long task (TBT, issue 27). A tap meanwhile is held by the early-taps script (decision 028).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/** The lazy routes of this URL, loaded and set in place (a router made now renders them at once). */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  // The starter has fetched and evaluated their chunks already: one at a time, each in its own task.
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const module = await route.lazy();
    Object.assign(route, { ...module, lazy: undefined });
    await nextTask();
  }
}

/**
 * 'hydrate' when the server rendered this page for the local session: its data is in the cache and
 * the page's route modules are loaded. 'render' otherwise (no server render, or one for another
 * session): the markup is replaced by the SPA's own render. A page rendered for a session this
 * browser no longer holds (a logout made offline) ends the cookie's session as well.
 */
export async function prepareAccountPage(queryClient: QueryClient, routes: RouteObject[]): Promise<'hydrate' | 'render'> {
  const data = readAccountPageData();
  if (!data) return 'render';
  if (!adoptServerSession(data.user)) {
    if (!getSessionState().user) void usersApi.post('/user/logout').catch(() => undefined);
    return 'render';
  }
  hydrate(queryClient, data.queries as DehydratedState);
  await nextTask();
  try {
    await loadMatchedRoutes(routes);
  } catch {
    // A chunk that did not arrive: the router loads it again and shows its own error if it fails.
    return 'render';
  }
  return 'hydrate';
}
