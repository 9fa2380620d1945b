// The server-rendered account documents (docs/decisions/028): the SPA's index.html with the page's
// markup in #root, its data as a JSON block, its title, and the styles and modules of the page's
// lazy route chunks (from the SPA's build manifest): their styles with the document — without them
// the browser would learn of them only after the entry ran, and the page would paint bare — and
// their modules with the entry, after the first paint. Notifications' styles come inside the
// document, the home's as one stylesheet (§18); their web fonts come after the first paint (§22).
import {
  ACCOUNT_DATA_ELEMENT_ID,
  ACCOUNT_PAGE_NAMES,
  ACCOUNT_PAGE_SOURCES,
  type AccountPageName,
  type AccountRenderOutput,
} from '@recuerdos/shared/account-page';
import { jsonForHtml } from '@recuerdos/shared/site-config';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterPaintStarter, earlyFontsScript, escapeHtml, inlineHash, readInlineStyles } from '../../http/html';
import { webFontOf, type WebFont } from '../../http/web-fonts';
import { readBuildManifest, type BuildManifest } from '../../http/build-manifest';
import { EARLY_TAPS_HASH, EARLY_TAPS_SCRIPT } from '../../http/early-taps';

export interface AccountPageAssets {
  /** The page's route stylesheets (the SPA's own, linked by index.html, not among them). */
  styles: string[];
  modules: string[];
  /**
   * The SPA's stylesheets and then the page's, in the cascade's order, as `<style>` text with their
   * CSP hashes; empty (the document links them instead) when a file is missing or unsafe to inline.
   */
  inline: { href: string; css: string; hash: string }[];
  /** The SPA's stylesheets and then the page's as one stylesheet, or null (see STYLES_INSIDE). */
  bundle: StyleBundle | null;
  /**
   * The web fonts' faces, left out of `inline` and `bundle` and loaded by the starter after the first
   * paint (§22); empty when the styles hold none, or name a font by a relative address.
   */
  fonts: WebFont[];
}

/** Several stylesheets as one, served from memory (account-page.routes.ts) at `href`. */
export interface StyleBundle {
  href: string;
  /** The stylesheets it holds, in the cascade's order. */
  parts: string[];
  css: string;
  br: Buffer;
  gzip: Buffer;
}

export const STYLE_BUNDLE_PREFIX = '/assets/account-styles/';

function styleBundle(page: AccountPageName, parts: string[], styles: { css: string }[]): StyleBundle | null {
  if (styles.length === 0) return null;
  const css = styles.map((style) => style.css).join('\n');
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 12);
  return {
    href: `${STYLE_BUNDLE_PREFIX}${page}-${hash}.css`,
    parts,
    css,
    // Once per process, for a file served to every owner: the smallest Brotli is worth its 0.1 s.
    br: zlib.brotliCompressSync(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(css, { level: 9 }),
  };
}

const SPA_MANIFEST_FILE = '.vite/manifest.json';

function assetsOf(manifest: BuildManifest, sources: readonly string[]): Pick<AccountPageAssets, 'styles' | 'modules'> | null {
  const seen = new Set<string>();
  const styles: string[] = [];
  const modules: string[] = [];
  const visit = (key: string, root: boolean): boolean => {
    const chunk = manifest[key];
    if (!chunk) return !root;
    if (seen.has(key)) return true;
    seen.add(key);
    chunk.imports?.forEach((imported) => visit(imported, false));
    styles.push(...(chunk.css ?? []).map((file) => `/${file}`));
    modules.push(`/${chunk.file}`);
    return true;
  };
  for (const source of sources) if (!visit(source, true)) return null;
  return { styles: [...new Set(styles)], modules };
}

/**
 * The pages whose styles come inside the document (decision 028 §18); the others get them as one
 * stylesheet. Measured in turns on the same machine: on /account/notifications the first paint came
 * 0.29 s sooner with the blocking time unchanged; on /account it came 0.14 s sooner but its blocking
 * time rose by 0.29 s (the long home's first layout and paint then fall after the first paint, and
 * its document outgrew the first round trip's ~14 KB): one request instead of twelve there.
 */
const STYLES_INSIDE: readonly AccountPageName[] = ['notifications'];

const FONT_FACE = /@font-face\s*\{[^}]*\}/g;

/**
 * The styles without their `@font-face` rules, and those rules as faces for the starter (§22). A face
 * in the first styles is fetched with the first layout: on a fast link its ~80 KB end before the first
 * paint, and Lighthouse's slow-4G replay then makes that paint wait for them (LCP ~1.5 s instead of
 * ~0.95 s); on a phone's slow link they share the first paint's bandwidth. Loaded after the first
 * paint, they swap in together when they have come. The rules stay in place when one names its file
 * by a relative address (the starter would resolve it from the page, not from the stylesheet) or
 * cannot be read.
 */
function splitFontFaces(styles: { css: string; hash: string }[]): { styles: { css: string; hash: string }[]; fonts: WebFont[] } {
  const rules = styles.flatMap(({ css }) => css.match(FONT_FACE) ?? []);
  const fonts = rules.map(webFontOf);
  if (rules.length === 0 || rules.some((rule) => /url\(\s*(?!['"]?\/)/.test(rule))) return { styles, fonts: [] };
  if (!fonts.every((font): font is WebFont => font !== null)) return { styles, fonts: [] };
  const rest = styles.map(({ css }) => css.replace(FONT_FACE, ''));
  return { styles: rest.map((css) => ({ css, hash: inlineHash(css) })), fonts };
}

/** Each page's chunks, or null when the SPA's manifest (or a page's source in it) is missing. */
export function readAccountPageAssets(distDir: string): Record<AccountPageName, AccountPageAssets> | null {
  const manifest = readBuildManifest(distDir, SPA_MANIFEST_FILE);
  const indexFile = path.join(distDir, 'index.html');
  if (!manifest || !fs.existsSync(indexFile)) return null;
  const spaStyles = stylesheetsOf(fs.readFileSync(indexFile, 'utf8'));
  const result: Partial<Record<AccountPageName, AccountPageAssets>> = {};
  for (const page of ACCOUNT_PAGE_NAMES) {
    const assets = assetsOf(manifest, ACCOUNT_PAGE_SOURCES[page]);
    if (!assets) return null;
    const styles = assets.styles.filter((href) => !spaStyles.includes(href));
    const inlined = [...spaStyles, ...styles];
    const { styles: read, fonts } = splitFontFaces(readInlineStyles(distDir, inlined));
    const inside = STYLES_INSIDE.includes(page);
    const inline = inside ? read.map((style, i) => ({ href: inlined[i] ?? '', ...style })) : [];
    result[page] = { ...assets, styles, inline, bundle: inside ? null : styleBundle(page, inlined, read), fonts };
  }
  return result as Record<AccountPageName, AccountPageAssets>;
}

const STYLESHEET_LINK = /\s*<link rel="stylesheet"(?: crossorigin)? href="([^"]+)"\s*\/?>/g;

function stylesheetsOf(index: string): string[] {
  return [...index.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
}

/**
 * The page's styles (§18): on the slow link each stylesheet linked was one more request before the
 * first paint (eight on notifications, twelve on /account), so they come inside the document or as
 * one stylesheet. Each stylesheet held is also named by a `disabled` link, which the browser does not
 * fetch but the SPA's chunk loader finds: when a later page needs that stylesheet it sees it as
 * loaded and does not add it again after the page's rules. Without them (a file missing), the links.
 */
function styleTags(assets: AccountPageAssets): string[] {
  const held = (hrefs: string[]) => hrefs.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" disabled>`);
  if (assets.inline.length > 0) return [...assets.inline.map(({ css }) => `<style>${css}</style>`), ...held(assets.inline.map(({ href }) => href))];
  if (assets.bundle) return [`<link rel="stylesheet" href="${escapeHtml(assets.bundle.href)}">`, ...held(assets.bundle.parts)];
  return assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
}

/**
 * `index` is the SPA's index.html with its site configuration already in place. Its entry script,
 * module preloads and font preloads give way to the light pages' after-paint starter (decision 021):
 * the page is whole before any script runs, and on a phone's slow link ~200 KB of JavaScript asked
 * for with the document would share the first paint's bandwidth. The starter asks for the entry,
 * its imports and the page's route chunks together once the first paint is on screen, after asking
 * for the web fonts (§22) — which a browser that has them in its cache from an earlier visit gets
 * at once, from the head (`earlyFontsScript`). Before both, the early taps' script (`early-taps.ts`)
 * keeps a tap made before the page is live.
 */
export function accountDocument(
  index: string,
  rendered: AccountRenderOutput,
  assets: AccountPageAssets,
): { html: string; scriptHashes: string[]; styleHashes: string[] } {
  const entry = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/.exec(index)?.[1];
  const preloads = [...index.matchAll(/<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g)].map((match) => match[1] ?? '');
  if (!entry) throw new Error('The SPA index.html has no entry script');
  const modules = [...new Set([...preloads, ...assets.modules])].filter((href) => href !== entry);
  const starter = afterPaintStarter(entry, modules, assets.fonts);
  const fonts = assets.fonts.length > 0 ? earlyFontsScript(assets.fonts) : null;
  const head = [
    ...(fonts ? [`<script>${fonts.code}</script>`] : []),
    ...styleTags(assets),
    `<script>${EARLY_TAPS_SCRIPT}</script>`,
    `<script type="module">${starter.code}</script>`,
    `<script type="application/json" id="${ACCOUNT_DATA_ELEMENT_ID}">${jsonForHtml(rendered.data)}</script>`,
  ].join('');
  const html = (assets.inline.length > 0 || assets.bundle ? index.replace(STYLESHEET_LINK, '') : index)
    .replace(/\s*<script type="module"(?: crossorigin)? src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"(?: crossorigin)? href="[^"]+">/g, '')
    .replace(/\s*<link rel="preload" href="[^"]+" as="font"[^>]*>/g, '')
    // The raster icon only: Chrome draws an SVG favicon as a document of its own on the page's main
    // thread right after the first paint (decision 021).
    .replace(/\s*<link rel="icon" href="[^"]+\.svg"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
    // Replacer functions: the owner's words may hold `$&` and the like.
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
  return { html, scriptHashes: [...(fonts ? [fonts.hash] : []), EARLY_TAPS_HASH, starter.hash], styleHashes: [...new Set(assets.inline.map(({ hash }) => hash))] };
}
