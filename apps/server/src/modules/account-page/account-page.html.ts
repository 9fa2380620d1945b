// The server-rendered account documents (docs/decisions/028): the SPA's index.html with the page's
// markup in #root, its data as a JSON block, its title, and the styles and modules of the page's
// lazy route chunks requested with the document (from the SPA's build manifest) — without them the
// browser would learn of the page's styles only after the entry ran, and the page would paint bare.
import {
  ACCOUNT_DATA_ELEMENT_ID,
  ACCOUNT_PAGE_NAMES,
  ACCOUNT_PAGE_SOURCES,
  type AccountPageName,
  type AccountRenderOutput,
} from '@recuerdos/shared/account-page';
import { jsonForHtml } from '@recuerdos/shared/site-config';
import { escapeHtml } from '../../http/html';
import { readBuildManifest, type BuildManifest } from '../../http/build-manifest';

export interface AccountPageAssets {
  styles: string[];
  modules: string[];
}

const SPA_MANIFEST_FILE = '.vite/manifest.json';

function assetsOf(manifest: BuildManifest, sources: readonly string[]): AccountPageAssets | null {
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

/** Each page's chunks, or null when the SPA's manifest (or a page's source in it) is missing. */
export function readAccountPageAssets(distDir: string): Record<AccountPageName, AccountPageAssets> | null {
  const manifest = readBuildManifest(distDir, SPA_MANIFEST_FILE);
  if (!manifest) return null;
  const result: Partial<Record<AccountPageName, AccountPageAssets>> = {};
  for (const page of ACCOUNT_PAGE_NAMES) {
    const assets = assetsOf(manifest, ACCOUNT_PAGE_SOURCES[page]);
    if (!assets) return null;
    result[page] = assets;
  }
  return result as Record<AccountPageName, AccountPageAssets>;
}

/** `index` is the SPA's index.html with its site configuration already in place. */
export function accountDocument(index: string, rendered: AccountRenderOutput, assets: AccountPageAssets): string {
  const links = [
    ...assets.styles.filter((href) => !index.includes(`href="${href}"`)).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.modules.filter((href) => !index.includes(`"${href}"`)).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    `<script type="application/json" id="${ACCOUNT_DATA_ELEMENT_ID}">${jsonForHtml(rendered.data)}</script>`,
  ].join('');
  return index
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
    // Replacer functions: the owner's words may hold `$&` and the like.
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
}
