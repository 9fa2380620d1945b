// One more page of a guest list (issue 13 §1): GET /content/get-admin-posts-for-guest (the family's)
// or /content/get-guest-approved-posts-for-guest (visitors') with `size` and the cursor `after`.
import type { PostPageData } from '@recuerdos/shared/api-types';
import { GUEST_PAGE_SIZE } from '@recuerdos/shared/guest-page';
import { contentApi } from '../../../lib/api';

export type GuestList = 'family' | 'visitors';

const PATHS: Record<GuestList, string> = {
  family: '/content/get-admin-posts-for-guest',
  visitors: '/content/get-guest-approved-posts-for-guest',
};

export function getPostPage(identifier: string, list: GuestList, after: string): Promise<PostPageData> {
  return contentApi.get<PostPageData>(PATHS[list], { query: { id: identifier, size: String(GUEST_PAGE_SIZE), after } });
}
