// The light doors (docs/decisions/015): '/' and '/login', rendered by the server with the web
// build's doors render and hydrated island by island by the doors' own small bundles.
import type { SiteConfig } from './site-config';

export const DOOR_NAMES = ['landing', 'login'] as const;
export type DoorName = (typeof DOOR_NAMES)[number];

/** What the server needs to write a door's document around its markup. */
export interface DoorPage {
  /** The markup of the page's root element (<div id="root">…</div> content). */
  html: string;
  title: string;
  description: string;
  /** Images of the first screen, fetched with the document. */
  preloadImages: string[];
}

/** The module the web build's doors render exports (apps/web/dist-ssr/doors-render.js). */
export interface DoorsRenderModule {
  renderDoor(door: DoorName, config: SiteConfig): DoorPage;
}

export const DOORS_RENDER_FILE = 'doors-render.js';
/** Where the server finds each door's entry in the doors' client build manifest. */
export const DOORS_MANIFEST_FILE = '.vite/doors-manifest.json';
export const DOOR_ENTRY_SOURCES: Record<DoorName, string> = {
  landing: 'src/doors/landing-client.tsx',
  login: 'src/doors/login-client.tsx',
};
