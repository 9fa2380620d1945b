// The account pages rendered by the server (docs/decisions/028): /account and
// /account/notifications arrive with their content. The web build's account render
// (apps/web/dist-ssr/account-render.js) names the API reads a page needs and renders the SPA's own
// routes around their answers; the server makes those reads with the owner's session, as the
// browser would, and writes the document around the markup.
import type { UserPayload } from './api-types';
import type { SiteConfig } from './site-config';

export const ACCOUNT_PAGE_NAMES = ['home', 'notifications'] as const;
export type AccountPageName = (typeof ACCOUNT_PAGE_NAMES)[number];

export const ACCOUNT_PAGE_PATHS: Record<AccountPageName, string> = {
  home: '/account',
  notifications: '/account/notifications',
};

export const ACCOUNT_RENDER_FILE = 'account-render.js';
/** The JSON block the client hydrates from. */
export const ACCOUNT_DATA_ELEMENT_ID = 'account-data';

/** The sources (SPA manifest keys) whose chunks and styles a page needs before it can hydrate. */
export const ACCOUNT_PAGE_SOURCES: Record<AccountPageName, string[]> = {
  home: ['src/features/account-shell/components/account-layout.tsx', 'src/features/account-home/components/account-home-page.tsx'],
  notifications: [
    'src/features/account-shell/components/account-layout.tsx',
    'src/features/notifications/components/notifications-page.tsx',
  ],
};

/** The owner as the render and the client see it (no token: the document never carries one). */
export type AccountPageUser = UserPayload;

/** One API read the page needs: an /api path with its query, answered with the owner's session. */
export interface AccountRead {
  url: string;
}

export interface AccountRenderInput {
  page: AccountPageName;
  user: AccountPageUser;
  /** The `data` of each read's answer, by its url; a read that failed is absent. */
  answers: Record<string, unknown>;
  config: SiteConfig;
}

export interface AccountRenderOutput {
  /** The markup of the root element. */
  html: string;
  title: string;
  /** What the client hydrates from: the owner and the query cache. */
  data: AccountPageData;
}

export interface AccountPageData {
  user: AccountPageUser;
  /** TanStack Query's dehydrated state. */
  queries: unknown;
}

export interface AccountRenderModule {
  accountReads(page: AccountPageName, user: AccountPageUser): AccountRead[];
  renderAccountPage(input: AccountRenderInput): Promise<AccountRenderOutput>;
}
