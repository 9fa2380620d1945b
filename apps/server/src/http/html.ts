// Text placed in HTML or SVG markup that the server writes itself (e-mails, the guest page's head,
// the archive's page, the QR code's label): never read as markup.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { jsonForHtml } from '@recuerdos/shared/site-config';
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The Content-Security-Policy source (`style-src`, `script-src`) of an inline block's text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The styles' text and CSP hashes, or none when a file is missing or could close its <style> block. */
export function readInlineStyles(distDir: string, styles: string[]): { css: string; hash: string }[] {
  const files = styles.map((style) => path.join(distDir, style));
  if (!files.every((file) => fs.existsSync(file))) return [];
  const inline = files.map((file) => fs.readFileSync(file, 'utf8')).map((css) => ({ css, hash: inlineHash(css) }));
  return inline.some(({ css }) => /<\/style/i.test(css)) ? [] : inline;
}

/** A web font face as the FontFace constructor takes it: `source` is its `src` descriptor's text. */
export interface WebFont {
  family: string;
  source: string;
  descriptors: Record<string, string>;
}

/** Where a browser notes that it holds these fonts (in its cache) since a page of ours loaded them. */
export const FONTS_SEEN_KEY = 'recuerdos:fuentes';

const fontsVersion = (fonts: readonly WebFont[]) => createHash('sha256').update(JSON.stringify(fonts)).digest('base64url').slice(0, 12);

/**
 * The account pages' head script for a browser that has loaded these very fonts before (decision 028
 * §22): they are in its cache, so they cost the first paint nothing, and it gets them as an
 * `@font-face` rule would give them, with the first layout; no swap after the paint. A first visit
 * (or another build's fonts, or storage refused) leaves them to the after-paint starter, which notes
 * them once they have come. The CSP allows exactly this text by its hash.
 */
export function earlyFontsScript(fonts: readonly WebFont[]): { code: string; hash: string } {
  const code = `(() => {
let seen = null;
try {
  seen = localStorage.getItem(${jsonForHtml(FONTS_SEEN_KEY)});
} catch {}
if (seen !== ${jsonForHtml(fontsVersion(fonts))} || typeof FontFace !== 'function') return;
for (const { family, source, descriptors } of ${jsonForHtml(fonts)}) document.fonts.add(new FontFace(family, source, descriptors));
document.documentElement.setAttribute('data-fonts-early', '');
})();`;
  return { code, hash: inlineHash(code) };
}

/**
 * The starter's choice of the faces the page shows (`fonts` in scope): for each element holding
 * text, its first family, its style and weight, matched as CSS matches a face (the nearest weight on
 * the side CSS looks first). Measured here: 1.1–1.7 ms on a home of 14 posts (~390 elements), whose
 * styles the first paint has already computed.
 */
const FONTS_IN_USE = `const fontsInUse = () => {
  const shown = new Set();
  for (const element of document.body.querySelectorAll('*')) {
    const text = element.matches('input, textarea, select') || [...element.childNodes].some((node) => node.nodeType === 3 && node.data.trim() !== '');
    if (!text) continue;
    const style = getComputedStyle(element);
    const family = style.fontFamily.split(',')[0].trim().replace(/^["']|["']$/g, '').toLowerCase();
    shown.add(JSON.stringify([family, style.fontStyle === 'normal' ? 'normal' : 'italic', Number(style.fontWeight)]));
  }
  const rank = (wanted, weight) => {
    if (Number.isNaN(weight)) return 0;
    if (wanted > 500) return weight >= wanted ? weight - wanted : 1000 + wanted - weight;
    if (wanted < 400) return weight <= wanted ? wanted - weight : 1000 + weight - wanted;
    if (weight >= wanted && weight <= 500) return weight - wanted;
    return weight < wanted ? 500 + wanted - weight : 1000 + weight - wanted;
  };
  const used = new Set();
  for (const key of shown) {
    const [family, style, weight] = JSON.parse(key);
    const named = fonts.filter((font) => font.family.toLowerCase() === family);
    const styled = named.filter((font) => (font.descriptors.style ?? 'normal') === style);
    const pool = styled.length > 0 ? styled : named;
    const best = pool.map((font) => [rank(weight, Number(font.descriptors.weight ?? 400)), font]).sort((a, b) => a[0] - b[0])[0];
    if (best) used.add(best[1]);
  }
  return used;
};
`;

/**
 * The inline module that starts a light page's bundle once its first contentful paint is on screen
 * (issue 13, LCP; docs/decisions/021): the page is whole without JavaScript, so on a phone's slow
 * link its scripts must not share the first paint's bandwidth and round trips. It asks for the entry
 * and its imports together (modulepreload, no waterfall); where paint timing is unknown, after the
 * next frame; in a background tab, where nothing paints, after a second. Adding a preload link costs
 * the main thread about a millisecond here (1-2 ms on a phone), and an account page has ~37: they are
 * added in slices of ~4 ms, each in a task of its own, not as one long task. Once they are here, each
 * import is evaluated in a task of its own and the entry in the next, so no evaluation is one long
 * task for a phone's slow CPU (TBT). If one cannot be fetched (the connection dropped), it marks
 * `<html data-scripts-failed>`, which the early-taps script (`early-taps.ts`: the account pages and
 * the QR page) answers. `fonts` (the account pages' web fonts, decision 028 §22), which a first paint
 * must not wait for, are handled first: the faces the page shows are asked for before the imports,
 * and once they have come every face is put in use at once (the others load when a later page shows
 * them): one relayout for the swap, none before it. The browser then notes that it holds them, for
 * `earlyFontsScript` on its next page; when that script has put them in use already, nothing is done
 * here. The CSP allows exactly this text by its hash.
 */
export function afterPaintStarter(script: string, preloads: readonly string[], fonts: readonly WebFont[] = []): { code: string; hash: string } {
  const faces = fonts.length > 0 ? `const fonts = ${jsonForHtml(fonts)};\n${FONTS_IN_USE}` : '';
  const loadFonts =
    fonts.length > 0
      ? `  if (typeof FontFace === 'function' && !document.documentElement.hasAttribute('data-fonts-early')) {
    const faces = fonts.map(({ family, source, descriptors }) => new FontFace(family, source, descriptors));
    const used = fontsInUse();
    Promise.allSettled(faces.filter((face, i) => used.has(fonts[i])).map((face) => face.load())).then((loaded) => {
      for (const face of faces) document.fonts.add(face);
      if (loaded.every((result) => result.status === 'fulfilled')) {
        try {
          localStorage.setItem(${jsonForHtml(FONTS_SEEN_KEY)}, ${jsonForHtml(fontsVersion(fonts))});
        } catch {}
      }
    });
  }
`
      : '';
  const code = `const [entry, ...imports] = ${jsonForHtml([script, ...preloads])};
${faces}let started = false;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const start = async () => {
  if (started) return;
  started = true;
${loadFonts}  let slice = performance.now();
  for (const href of imports) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    if (performance.now() - slice > 4) {
      await nextTask();
      slice = performance.now();
    }
  }
  try {
    for (const href of imports) {
      await import(href);
      await nextTask();
    }
    await import(entry);
  } catch {
    document.documentElement.setAttribute('data-scripts-failed', '');
  }
};
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}
setTimeout(start, 1000);
`;
  return { code, hash: inlineHash(code) };
}
