// GET /person/guest-view?id= (beyond spec §7): the memorial's data, gifts and both post lists in one
// read (401 for a private memorial without this memorial's guest token).
// With `paged`, the first page of each list and where the next starts (issue 13 §1).
import type { GuestViewData } from '@recuerdos/shared/api-types';
import { GUEST_PAGE_SIZE } from '@recuerdos/shared/guest-page';
import { contentApi } from '../../../lib/api';

export function getGuestView(identifier: string, options: { paged?: boolean } = {}): Promise<GuestViewData> {
  const query: Record<string, string> = { id: identifier };
  if (options.paged) query.size = String(GUEST_PAGE_SIZE);
  return contentApi.get<GuestViewData>('/person/guest-view', { query });
}
