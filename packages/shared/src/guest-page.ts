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
  /** Which page of memories this is (`?page=`, from 1) and the next one, for the plain links (issue 13 §1). */
  page?: number;
  nextPage?: number | null;
}

/** Posts per list on each page of the server-rendered memorial (the lists' `size`). */
export const GUEST_PAGE_SIZE = 12;

/** The module the web build's SSR bundle exports (apps/web/dist-ssr/guest-render.js). */
export interface GuestRenderModule {
  /** The markup of the page's root element (<div id="root">…</div> content) for this data. */
  renderGuestPage(data: GuestPageData): string;
}

/** Where the server finds the guest bundle's entry in the client build's manifest. */
export const GUEST_MANIFEST_FILE = '.vite/guest-manifest.json';
export const GUEST_ENTRY_SOURCE = 'src/guest/entry-client.tsx';
export const GUEST_RENDER_FILE = 'guest-render.js';
