// The API reads each server-rendered account page needs for its first screen (docs/decisions/028),
// and where each answer goes in TanStack Query's cache: the same keys and shapes the page's hooks
// use, so the hydrated page asks for none of them again.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AccountPageName, AccountPageUser } from '@recuerdos/shared/account-page';
import type { PendingPost } from '@recuerdos/shared/api-types';
import { accountKeys } from '../lib/account/keys';
import type { PendingItem } from '../lib/account/get-pending-posts';
import { remembranceKeys } from '../features/remembrance/api/events';
import { accessRequestKeys } from '../features/access-requests/api/access-requests';

interface AccountPageRead {
  url: string;
  /** Puts the answer's `data` into the cache. */
  store(client: QueryClient, data: unknown): void;
}

/** The answer's field `name` under `key` (typed by the key's own query options where they are read). */
function field(key: QueryKey, name: string) {
  return (client: QueryClient, data: unknown) => {
    client.setQueryData(key, (data as Record<string, unknown>)[name]);
  };
}

function url(path: string, query: Record<string, string>): string {
  return `/api${path}?${new URLSearchParams(query).toString()}`;
}

export function accountPageReads(page: AccountPageName, user: AccountPageUser): AccountPageRead[] {
  const { email, identifier } = user;
  const frame: AccountPageRead[] = [
    { url: url('/person/get-persons', { email }), store: field(accountKeys.persons(), 'persons') },
    { url: url('/contract/get-disclaimers', { identifier }), store: field(accountKeys.disclaimers(identifier), 'disclaimers') },
    {
      url: url('/content/get-guest-pending-posts', { identifier }),
      store: (client, data) => {
        const posts = (data as { posts: PendingPost[] }).posts.map((post): PendingItem => ({ ...post, id: `${identifier}|${post.reg}` }));
        client.setQueryData(accountKeys.pendingPosts(identifier), posts);
        client.setQueryData(accountKeys.pendingCount(identifier), posts.length);
      },
    },
  ];
  if (page === 'notifications') return frame;
  return [
    ...frame,
    { url: url('/person/get-person', { email, identifier }), store: field(accountKeys.person(identifier), 'personData') },
    { url: url('/gift/get-gifts', { email, identifier }), store: field(accountKeys.gifts(identifier), 'gifts') },
    { url: url('/content/get-admin-posts', { identifier }), store: field(accountKeys.adminPosts(identifier), 'posts') },
    { url: url('/content/get-guest-approved-posts', { identifier }), store: field(accountKeys.guestPosts(identifier), 'posts') },
    {
      url: url('/events/list', { identifier }),
      store: (client, data) => {
        const { events, funeral } = data as { events: unknown; funeral?: unknown };
        client.setQueryData(remembranceKeys.events(identifier), events);
        // The funeral phase (issue 30 §4), shown in the ceremonies panel.
        client.setQueryData(remembranceKeys.funeral(identifier), funeral ?? null);
      },
    },
    // The key of features/account-home/api/get-visits.ts (issue 29).
    { url: url('/visit/get-visits', { email, identifier }), store: field(accountKeys.visits(identifier), 'visits') },
    {
      url: url('/reminders/settings', { identifier }),
      store: (client, data) => void client.setQueryData(remembranceKeys.reminders(identifier), data),
    },
    // The side panel's access requests (issue 29 §2): on a private memorial it would otherwise say
    // "Cargando las solicitudes…" until the page is live, then ask for them.
    {
      url: url('/access-requests/list', { identifier }),
      store: (client, data) => void client.setQueryData(accessRequestKeys.list(identifier), data),
    },
  ];
}
