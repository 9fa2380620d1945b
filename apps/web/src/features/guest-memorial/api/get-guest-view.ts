// GET /person/guest-view?id= (beyond spec §7): the memorial's data, gifts and both post lists in one
// read (401 for a private memorial without this memorial's guest token).
import type { GuestViewData } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

export function getGuestView(identifier: string): Promise<GuestViewData> {
  return contentApi.get<GuestViewData>('/person/guest-view', { query: { id: identifier } });
}
