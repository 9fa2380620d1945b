// POST /content/update-cards-order {identifier, cards: [{reg, place}]} (spec §7): places count down
// from the list's length, so the first card has the highest place; an empty list is not sent (§5).
// The cards move at once; a failed reorder puts them back in the server's order and says so (spec
// §8 only logged it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@recuerdos/shared/api-types';
import type { CardOrder } from '@recuerdos/shared/post-schemas';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { reportFailure } from '../../../lib/failure';

export function cardPlaces(posts: readonly Pick<Post, 'reg'>[]): CardOrder[] {
  return posts.map((post, index) => ({ reg: post.reg, place: posts.length - index }));
}

export async function updateCardsOrder(identifier: string, posts: readonly Pick<Post, 'reg'>[]): Promise<boolean> {
  if (posts.length === 0) return false;
  await contentApi.post('/content/update-cards-order', { identifier, cards: cardPlaces(posts) });
  return true;
}

/** The posts in their new order, each with the place the server will give it. */
function placed(posts: readonly Post[]): Post[] {
  return posts.map((post, index) => ({ ...post, place: posts.length - index }));
}

export function useUpdateCardsOrder(identifier: string) {
  const queryClient = useQueryClient();
  const key = accountKeys.adminPosts(identifier);
  return useMutation({
    mutationFn: (posts: Post[]) => updateCardsOrder(identifier, posts),
    onMutate: (posts) => {
      queryClient.setQueryData<Post[]>(key, placed(posts));
    },
    onError: (error) => {
      reportFailure('No pudimos guardar el nuevo orden', error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
