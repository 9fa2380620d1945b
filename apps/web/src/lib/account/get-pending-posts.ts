// GET /content/get-guest-pending-posts?identifier → data.posts (spec §3 'Pending guest post'). Each
// gets the id 'identifier|reg' of spec §3. The layout's badge and the notifications page share it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingPost } from '@recuerdos/shared/api-types';
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

export function pendingPostsQueryOptions(identifier: string) {
  return queryOptions({ queryKey: accountKeys.pendingPosts(identifier), queryFn: () => getPendingPosts(identifier) });
}

export function usePendingPosts() {
  const { identifier } = useAccountUser();
  return useQuery(pendingPostsQueryOptions(identifier));
}
