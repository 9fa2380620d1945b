// What the server inlines in the server-rendered guest memorial (/guest?id=) for its bundle to
// hydrate with: a JSON data block (allowed by the strict CSP because it never runs).
import type { AccountTypeData, GuestViewData } from './api-types';

export const GUEST_DATA_ELEMENT_ID = 'guest-data';

export interface GuestPageData {
  identifier: string;
  /** PUBLIC_URL without a trailing slash: the copied link is `${publicUrl}/guest?id=…`. */
  publicUrl: string;
  /** What verify-type-account reveals: enough for the access-code screen of a private memorial. */
  account: AccountTypeData;
  /** Everything a visitor may read; null when the memorial is private and the code is needed. */
  view: GuestViewData | null;
}
