// POST /content/delete-message, JSON {identifier, date = reg} (spec §7). Spec §4 removed the post
// even when the call failed; a memory the server still shows is not hidden from its owner: it
// leaves its list once deleted, and a failure is said (issue 14 §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { reportFailure } from '../../../lib/failure';

export type PostListName = 'admin' | 'guest';

export function deletePost(identifier: string, reg: string): Promise<unknown> {
  return contentApi.post('/content/delete-message', { identifier, date: reg }, { json: true });
}

export function useDeletePost(identifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post }: { post: Post; list: PostListName }) => deletePost(identifier, post.reg),
    onSuccess: (_data, { post, list }) => {
      const key = list === 'admin' ? accountKeys.adminPosts(identifier) : accountKeys.guestPosts(identifier);
      queryClient.setQueryData<Post[]>(key, (posts) => posts?.filter((p) => p.reg !== post.reg));
    },
    onError: (error) => reportFailure('No pudimos eliminar la publicación', error),
  });
}
