// A light page's files (the QR page, the landing, /login), read from the Vite manifest of its
// build: its entry, the chunks it imports at once, their CSS, inlined when every file is there.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterPaintStarter, readInlineStyles } from './html';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** What the chunk loads only when asked (a dialog's code). */
  dynamicImports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export interface LightPageAssets {
  script: string;
  modulePreloads: string[];
  /** The inline module that asks for `script` and `modulePreloads` after the first paint. */
  starter: { code: string; hash: string };
  styles: string[];
  /**
   * The same styles' text, inlined in the page: on a phone's slow link a stylesheet is one more
   * round trip before the first paint (issue 13, LCP). The CSP allows exactly these by hash.
   */
  inlineStyles: { css: string; hash: string }[];
}

/** The manifest in `distDir`, or null when that build is not there. */
export function readBuildManifest(distDir: string, manifestFile: string): BuildManifest | null {
  const file = path.join(distDir, manifestFile);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest) : null;
}

/** The files of the entry built from `entrySource`, or null when the manifest has no such entry. */
export function lightPageAssets(distDir: string, manifest: BuildManifest, entrySource: string): LightPageAssets | null {
  const entry = manifest[entrySource];
  if (!entry) return null;
  const seen = new Set<string>();
  const chunks: ManifestChunk[] = [];
  // Each chunk after the chunks it imports, the entry last: the starter evaluates them in this
  // order, one a task, so each task evaluates one chunk's own code; and the shared styles (tokens,
  // base) come before a page's own.
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    chunks.push(chunk);
  };
  visit(entrySource);
  const url = (name: string) => `/${name}`;
  const styleFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const script = url(entry.file);
  const modulePreloads = chunks.slice(0, -1).map((chunk) => url(chunk.file));
  return {
    script,
    modulePreloads,
    starter: afterPaintStarter(script, modulePreloads),
    styles: styleFiles.map(url),
    inlineStyles: readInlineStyles(distDir, styleFiles),
  };
}

/**
 * A light page's server renderer: its files (`assets`, null when that build is not there) and the
 * function `name` of the web build's SSR module dist-ssr/`renderFile`. Null, with `notBuilt` logged,
 * when either is missing (API tests, a server started before the first build).
 */
export async function loadLightRenderer<M, K extends keyof M & string, A>(
  webDistDir: string,
  renderFile: string,
  name: K,
  assets: A | null,
  log: FastifyBaseLogger,
  notBuilt: string,
): Promise<{ assets: A; render: M[K] } | null> {
  const moduleFile = path.join(path.dirname(webDistDir), 'dist-ssr', renderFile);
  if (!assets || !fs.existsSync(moduleFile)) {
    log.warn({ moduleFile }, notBuilt);
    return null;
  }
  const module = (await import(pathToFileURL(moduleFile).href)) as Partial<M>;
  const render = module[name];
  if (typeof render !== 'function') throw new Error(`${moduleFile} does not export ${name}`);
  return { assets, render: render as M[K] };
}
