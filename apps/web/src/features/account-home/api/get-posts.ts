// GET /content/get-admin-posts and /content/get-guest-approved-posts ?identifier → data.posts: the
// family's posts (in their places) and the visitors' approved memories (spec §2 'Owner home').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { useAccountUser } from '../../../lib/account/account-user';

export async function getAdminPosts(identifier: string): Promise<Post[]> {
  return (await contentApi.get<{ posts: Post[] }>('/content/get-admin-posts', { query: { identifier } })).posts;
}

export async function getGuestApprovedPosts(identifier: string): Promise<Post[]> {
  return (await contentApi.get<{ posts: Post[] }>('/content/get-guest-approved-posts', { query: { identifier } })).posts;
}

/** While a video converts (issue 26) the list is asked again every few seconds: its progress, then the video. */
export const CONVERTING_REFETCH_MS = 4000;
const refetchWhileConverting = (query: { state: { data: Post[] | undefined } }) =>
  query.state.data?.some((post) => post.processing) ? CONVERTING_REFETCH_MS : false;

export function adminPostsQueryOptions(identifier: string) {
  return queryOptions({ queryKey: accountKeys.adminPosts(identifier), queryFn: () => getAdminPosts(identifier), refetchInterval: refetchWhileConverting });
}

export function guestApprovedPostsQueryOptions(identifier: string) {
  return queryOptions({ queryKey: accountKeys.guestPosts(identifier), queryFn: () => getGuestApprovedPosts(identifier), refetchInterval: refetchWhileConverting });
}

export function useAdminPosts() {
  const { identifier } = useAccountUser();
  return useQuery(adminPostsQueryOptions(identifier));
}

export function useGuestApprovedPosts() {
  const { identifier } = useAccountUser();
  return useQuery(guestApprovedPostsQueryOptions(identifier));
}
