// The server-rendered guest memorial's document (docs/decisions/007-guest-page-rendering.md): the
// markup of the web build's SSR bundle, the data it used (a JSON block the bundle hydrates with),
// the guest bundle's files read from its manifest, the profile photo preloaded, and link-preview
// tags for public memorials only (nothing about the person for private ones).
import type { FastifyBaseLogger } from 'fastify';
import { profileDate } from '@recuerdos/shared/format';
import {
  GUEST_DATA_ELEMENT_ID,
  GUEST_ENTRY_SOURCE,
  GUEST_MANIFEST_FILE,
  GUEST_RENDER_FILE,
  type GuestPageData,
  type GuestRenderModule,
} from '@recuerdos/shared/guest-page';
import { pictureSrcSet } from '@recuerdos/shared/media';
import { LIMITS } from '@recuerdos/shared/limits';
import { jsonForHtml } from '@recuerdos/shared/site-config';
import { escapeHtml } from '../../http/html';
import { EARLY_TAPS_SCRIPT } from '../../http/early-taps';
import { lightPageAssets, loadLightRenderer, readBuildManifest, type LightPageAssets } from '../../http/build-manifest';

/** A generic product picture (apps/web/public) for previews of anything but a public memorial. */
export const GENERIC_PREVIEW_IMAGE = { path: '/og-recuerdos.jpg', width: 1200, height: 630 } as const;
const SITE_NAME = 'Recuerdos';
const GENERIC_TITLE = 'Recuerdos · Memoriales en línea para recordar a quienes amamos';
const GENERIC_DESCRIPTION = 'Un memorial en línea para recordar a quienes amamos: enciende una vela, deja flores y comparte un recuerdo.';
const PRIVATE_TITLE = 'Memorial privado · Recuerdos';
const PRIVATE_DESCRIPTION = 'Este memorial es privado. Ingresa el código de acceso que te compartió la familia para visitarlo.';

/** The guest bundle's files: its entry, the chunks it imports at once, their CSS. */
export type GuestAssets = LightPageAssets;

export function readGuestAssets(distDir: string): GuestAssets | null {
  const manifest = readBuildManifest(distDir, GUEST_MANIFEST_FILE);
  return manifest && lightPageAssets(distDir, manifest, GUEST_ENTRY_SOURCE);
}

export interface GuestRenderer {
  assets: GuestAssets;
  render: GuestRenderModule['renderGuestPage'];
}

/**
 * The SSR bundle and the client manifest of `npm run build`, or null when they are not built (API
 * tests, a server started before the first build): the route then serves the SPA's index.html.
 */
export function guestRendererLoader(webDistDir: string, log: FastifyBaseLogger): () => Promise<GuestRenderer | null> {
  let loading: Promise<GuestRenderer | null> | null = null;
  const load = (): Promise<GuestRenderer | null> =>
    loadLightRenderer<GuestRenderModule, 'renderGuestPage', GuestAssets>(webDistDir, GUEST_RENDER_FILE, 'renderGuestPage', readGuestAssets(webDistDir), log, 'guest page bundle not built: /guest falls back to the client-rendered app');
  return () => (loading ??= load());
}

function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

function years(data: GuestPageData): string {
  const person = data.view?.personData;
  const birth = profileDate(person?.birthdate)?.year;
  const death = profileDate(person?.deathdate)?.year;
  return birth && death ? `${birth} – ${death}` : (birth ?? death ?? '');
}

interface PreviewTags {
  title: string;
  description: string;
  url: string | null;
  image: { url: string; width: number; height: number; alt: string };
}

/** Link-preview facts: the person's only for a public memorial whose content the page shows. */
export function previewOf(data: GuestPageData): PreviewTags {
  const view = data.view;
  const guestUrl = `${data.publicUrl}/guest?id=${encodeURIComponent(data.identifier)}`;
  if (!view || data.account.type !== 'U') {
    return {
      title: view ? GENERIC_TITLE : PRIVATE_TITLE,
      description: view ? GENERIC_DESCRIPTION : PRIVATE_DESCRIPTION,
      url: null,
      image: { url: data.publicUrl + GENERIC_PREVIEW_IMAGE.path, width: GENERIC_PREVIEW_IMAGE.width, height: GENERIC_PREVIEW_IMAGE.height, alt: 'Recuerdos, memoriales en línea' },
    };
  }
  const person = view.personData;
  const span = years(data);
  const epitaph = excerpt(person.description, 150);
  const photo = person.profilepath.startsWith('/media/') && person.profilepath.endsWith('.jpg');
  return {
    title: `${person.fullname}${span ? ` (${span})` : ''} · ${SITE_NAME}`,
    description: epitaph ? `«${epitaph}» Enciende una vela, deja flores y comparte un recuerdo.` : `En memoria de ${person.fullname}. Enciende una vela, deja flores y comparte un recuerdo.`,
    url: guestUrl,
    // The stored profile JPEG is 300×300 and well under 300 KB (what WhatsApp accepts).
    image: photo
      ? { url: data.publicUrl + person.profilepath, width: LIMITS.profileCanvas, height: LIMITS.profileCanvas, alt: `Foto de ${person.fullname}` }
      : { url: data.publicUrl + GENERIC_PREVIEW_IMAGE.path, width: GENERIC_PREVIEW_IMAGE.width, height: GENERIC_PREVIEW_IMAGE.height, alt: 'Recuerdos, memoriales en línea' },
  };
}

function meta(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
}

function previewTags(preview: PreviewTags, isPublic: boolean): string[] {
  const tags = [
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'es_PE'),
    meta('property', 'og:type', isPublic ? 'profile' : 'website'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:image', preview.image.url),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(preview.image.width)),
    meta('property', 'og:image:height', String(preview.image.height)),
    meta('property', 'og:image:alt', preview.image.alt),
    meta('name', 'twitter:card', isPublic ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image.url),
    meta('name', 'twitter:image:alt', preview.image.alt),
  ];
  if (preview.url) tags.push(meta('property', 'og:url', preview.url), `<link rel="canonical" href="${escapeHtml(preview.url)}">`);
  return tags;
}

function photoPreload(data: GuestPageData): string | null {
  const path = data.view?.personData.profilepath;
  if (!path) return null;
  const srcset = pictureSrcSet(path, 'profile');
  const set = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${LIMITS.profilePhotoPx}px"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(path)}"${set} fetchpriority="high">`;
}

export function guestDocument(data: GuestPageData, rootHtml: string, assets: GuestAssets): string {
  const isPublic = data.view !== null && data.account.type === 'U';
  const preview = previewOf(data);
  const head = [
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(preview.title)}</title>`,
    meta('name', 'description', preview.description),
    '<meta name="theme-color" content="#4a3b6b">',
    '<meta name="color-scheme" content="light">',
    isPublic ? null : '<meta name="robots" content="noindex">',
    photoPreload(data),
    ...(assets.inlineStyles.length > 0
      ? assets.inlineStyles.map(({ css }) => `<style>${css}</style>`)
      : assets.styles.map((style) => `<link rel="stylesheet" href="${escapeHtml(style)}">`)),
    // A tap on a gift, the form bar or a card before the page is live is held, not lost (decision 028 §21).
    `<script>${EARLY_TAPS_SCRIPT}</script>`,
    `<script type="module">${assets.starter.code}</script>`,
    // The raster icon only: Chrome draws an SVG favicon as a document of its own on the page's main
    // thread (parse, layout, fonts, paint: 10–25 ms right after the first paint; decision 021).
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    // No web app manifest: its start_url is the product's landing, and a visitor who adds this page
    // to the home screen wants this memorial.
    ...previewTags(preview, isPublic),
  ].filter((line): line is string => line !== null);
  return [
    '<!doctype html>',
    '<html lang="es-PE">',
    `<head>${head.join('')}</head>`,
    `<body><div id="root">${rootHtml}</div>`,
    `<script type="application/json" id="${GUEST_DATA_ELEMENT_ID}">${jsonForHtml(data)}</script>`,
    '</body></html>',
  ].join('\n');
}
