// POST /content/update-cards-order {identifier, cards: [{reg, place}]} (spec §7): places count down
// from the list's length, so the first card has the highest place; an empty list is not sent (§5).
import type { Post } from '@recuerdos/shared/api-types';
import type { CardOrder } from '@recuerdos/shared/post-schemas';
import { contentApi } from '../../../lib/api';

export function cardPlaces(posts: readonly Pick<Post, 'reg'>[]): CardOrder[] {
  return posts.map((post, index) => ({ reg: post.reg, place: posts.length - index }));
}

export async function updateCardsOrder(identifier: string, posts: readonly Pick<Post, 'reg'>[]): Promise<boolean> {
  if (posts.length === 0) return false;
  await contentApi.post('/content/update-cards-order', { identifier, cards: cardPlaces(posts) });
  return true;
}
