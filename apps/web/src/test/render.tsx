// Test helpers: render the real route table in a memory router, and answer API calls from a table.
import { cleanup, configure, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { OwnerPersonData } from '@recuerdos/shared/api-types';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { resetSessionForTests } from '../lib/session';

// Lazy routes are compiled on first import: on a busy machine that can take longer than Testing
// Library's 1 s default for findBy*/waitFor. The tests wait for what the page shows, not for a time.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetSessionForTests();
});

/** The messages the page's fields show now, in order. */
export function errorsShown(): string[] {
  return Array.from(document.querySelectorAll('.field__error'), (el) => el.textContent);
}

export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...view };
}

export interface ApiCall {
  method: string;
  path: string;
  body: Record<string, string>;
  headers: Record<string, string>;
}

type Handler = (call: ApiCall) => { code: string; message?: string; data?: unknown } | Promise<never>;

/** Answers fetch calls by 'METHOD /path' (query string ignored); records every call. */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
      const body: Record<string, string> = {};
      if (init.body instanceof FormData) init.body.forEach((value, key) => (body[key] = typeof value === 'string' ? value : '[file]'));
      else if (typeof init.body === 'string') Object.assign(body, JSON.parse(init.body) as Record<string, string>);
      const call = { method, path, body, headers: (init.headers ?? {}) as Record<string, string> };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      if (!handler) return new Response(JSON.stringify({ code: '404', message: `No handler for ${method} ${path}`, data: {} }), { status: 404 });
      const envelope = await handler(call);
      return new Response(JSON.stringify({ message: '', data: {}, ...envelope }), { status: Number(envelope.code) || 200 });
    }),
  );
  return calls;
}

export const SAMPLE_USER = {
  email: 'ana@mail.com',
  name: 'Ana',
  lastname: 'Paz',
  identifier: 'mem-1',
  profilepath: '',
  token: 'tok-1',
};

/** The owner's view of SAMPLE_USER's memorial (GET /person/get-person), private, everything allowed. */
export const SAMPLE_PERSON: OwnerPersonData = {
  identifier: 'mem-1',
  fullname: 'Rosa',
  profilepath: '',
  birthdate: '',
  deathdate: '',
  description: '',
  location: '',
  type: 'P',
  entercode: 'rosas',
  flagpic: '1',
  flagmsg: '1',
  flagnotification: '1',
  flagsharecode: '0',
};

export function storeUser(user = SAMPLE_USER): void {
  localStorage.setItem('user', JSON.stringify(user));
  resetSessionForTests();
}
