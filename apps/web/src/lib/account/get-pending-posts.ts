// GET /content/get-guest-pending-posts?identifier → data.posts (spec §3 'Pending guest post'). Each
// gets the id 'identifier|reg' of spec §3. The layout's badge and the notifications page share it.
// While the family's page is open, the bell asks for the count alone (GET
// /content/count-guest-pending-posts, issue 28 §4): every minute while the page is visible (nothing
// while hidden) and when it is shown again; only a count that differs from the list reloads it.
// While a visitor's video converts, the list itself is asked again every few seconds.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingCount, PendingPost } from '@recuerdos/shared/api-types';
import { contentApi } from '../api';
import { accountKeys } from './keys';
import { useAccountUser } from './account-user';

export interface PendingItem extends PendingPost {
  id: string;
}

export async function getPendingPosts(identifier: string): Promise<PendingItem[]> {
  const data = await contentApi.get<{ posts: PendingPost[] }>('/content/get-guest-pending-posts', { query: { identifier } });
  return data.posts.map((post) => ({ ...post, id: `${identifier}|${post.reg}` }));
}

export async function getPendingCount(identifier: string): Promise<number> {
  return (await contentApi.get<PendingCount>('/content/count-guest-pending-posts', { query: { identifier } })).count;
}

export const PENDING_POLL_MS = 60_000;
/** A return to the page within this long of the last answer asks nothing. */
const PENDING_FRESH_MS = 10_000;

/** While a visitor's video converts (issue 26) the list is asked again every few seconds: its progress, then the video. */
export const PENDING_CONVERTING_REFETCH_MS = 4000;
const refetchWhileConverting = (query: { state: { data: PendingItem[] | undefined } }) =>
  query.state.data?.some((post) => post.processing) ? PENDING_CONVERTING_REFETCH_MS : false;

export function pendingPostsQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: accountKeys.pendingPosts(identifier),
    refetchInterval: refetchWhileConverting,
    queryFn: async ({ client }) => {
      const posts = await getPendingPosts(identifier);
      // The list's length is a count as fresh as any: the bell need not ask right after it.
      client.setQueryData(accountKeys.pendingCount(identifier), posts.length);
      return posts;
    },
  });
}

export function pendingCountQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: accountKeys.pendingCount(identifier),
    queryFn: async ({ client }) => {
      const count = await getPendingCount(identifier);
      const list = client.getQueryData<PendingItem[]>(accountKeys.pendingPosts(identifier));
      if (list && list.length !== count) void client.invalidateQueries({ queryKey: accountKeys.pendingPosts(identifier) });
      return count;
    },
    staleTime: PENDING_FRESH_MS,
    refetchInterval: PENDING_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function usePendingPosts() {
  const { identifier } = useAccountUser();
  return useQuery(pendingPostsQueryOptions(identifier));
}

/** Keeps the pending list current while the page is open (the bell's job). */
export function useWatchPendingCount(): void {
  const { identifier } = useAccountUser();
  useQuery(pendingCountQueryOptions(identifier));
}
