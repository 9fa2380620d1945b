// The light doors' documents (docs/decisions/015-light-doors.md): '/' and '/login' rendered by the
// web build's doors render, written around the markup with the door's own small bundle (read from
// the doors' client manifest), its styles, the pictures of the first screen, and the site
// configuration as a JSON block the islands read. Each document is made once per site configuration
// and kept with its compressed forms; without a built render (API tests, a server started before the
// first build), or if it fails, the door is the SPA's client-rendered index.html.
import type { FastifyBaseLogger } from 'fastify';
import {
  DOOR_ENTRY_SOURCES,
  DOOR_NAMES,
  DOORS_MANIFEST_FILE,
  DOORS_RENDER_FILE,
  type DoorName,
  type DoorPage,
  type DoorsRenderModule,
} from '@recuerdos/shared/doors';
import { SITE_CONFIG_ELEMENT_ID, jsonForHtml, type SiteConfig } from '@recuerdos/shared/site-config';
import { escapeHtml } from '../../http/html';
import { lightPageAssets, loadLightRenderer, readBuildManifest, type LightPageAssets } from '../../http/build-manifest';
import { compressHtml, type CompressedHtml } from '../../plugins/web';

/** A door's files: its entry, the chunks it imports at once, their CSS. */
export type DoorAssets = LightPageAssets;

export function readDoorAssets(distDir: string): Record<DoorName, DoorAssets> | null {
  const manifest = readBuildManifest(distDir, DOORS_MANIFEST_FILE);
  if (!manifest) return null;
  const result: Partial<Record<DoorName, DoorAssets>> = {};
  for (const door of DOOR_NAMES) {
    const assets = lightPageAssets(distDir, manifest, DOOR_ENTRY_SOURCES[door]);
    if (!assets) return null;
    result[door] = assets;
  }
  return result as Record<DoorName, DoorAssets>;
}

export function doorDocument(page: DoorPage, assets: DoorAssets, config: SiteConfig): string {
  const head = [
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    '<meta name="theme-color" content="#4a3b6b">',
    '<meta name="color-scheme" content="light">',
    // Requested in this order: the styles that block the first paint, the largest picture of the
    // first screen (Lighthouse's LCP element on a phone and a desktop); the scripts after the paint.
    ...(assets.inlineStyles.length > 0
      ? assets.inlineStyles.map(({ css }) => `<style>${css}</style>`)
      : assets.styles.map((style) => `<link rel="stylesheet" href="${escapeHtml(style)}">`)),
    ...page.preloadImages.map((image) => `<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`),
    `<script type="module">${assets.starter.code}</script>`,
    // The raster icon only: Chrome draws an SVG favicon as a document of its own on the page's main
    // thread (parse, layout, fonts, paint: 10–25 ms right after the first paint; decision 021).
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    '<link rel="manifest" href="/manifest.webmanifest">',
  ];
  return [
    '<!doctype html>',
    '<html lang="es-PE">',
    `<head>${head.join('')}</head>`,
    `<body><div id="root">${page.html}</div>`,
    `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`,
    '</body></html>',
  ].join('\n');
}

interface DoorRenderer {
  assets: Record<DoorName, DoorAssets>;
  render: DoorsRenderModule['renderDoor'];
}

/**
 * The doors' documents, each made once per site configuration (the demo memorial is seeded after
 * start; the footer's year turns). Null when the render is not built or fails: the caller then
 * serves the SPA's index.html.
 */
export function doorPages(webDistDir: string, siteConfig: () => SiteConfig, log: FastifyBaseLogger) {
  let loading: Promise<DoorRenderer | null> | null = null;
  const cache = new Map<DoorName, { key: string; page: Promise<CompressedHtml | null> }>();

  const load = (): Promise<DoorRenderer | null> =>
    loadLightRenderer<DoorsRenderModule, 'renderDoor', DoorRenderer['assets']>(webDistDir, DOORS_RENDER_FILE, 'renderDoor', readDoorAssets(webDistDir), log, 'doors render not built: / and /login fall back to the client-rendered app');

  const make = async (door: DoorName, config: SiteConfig): Promise<CompressedHtml | null> => {
    const renderer = await (loading ??= load());
    if (!renderer) return null;
    return compressHtml(doorDocument(renderer.render(door, config), renderer.assets[door], config));
  };

  /** The CSP hashes of a door's inline blocks: its styles (none when linked) and its starter. */
  const inlineHashes = async (door: DoorName): Promise<{ styles: string[]; scripts: string[] }> => {
    const renderer = await (loading ??= load());
    if (!renderer) return { styles: [], scripts: [] };
    const assets = renderer.assets[door];
    return { styles: assets.inlineStyles.map(({ hash }) => hash), scripts: [assets.starter.hash] };
  };

  const page = (door: DoorName): Promise<CompressedHtml | null> => {
    const config = siteConfig();
    const key = `${new Date().getFullYear()}|${JSON.stringify(config)}`;
    const cached = cache.get(door);
    if (cached?.key === key) return cached.page;
    const made = make(door, config).catch((err: unknown) => {
      log.error({ err, door }, 'door render failed: it falls back to the client-rendered app');
      return null;
    });
    cache.set(door, { key, page: made });
    return made;
  };
  return { page, inlineHashes };
}
