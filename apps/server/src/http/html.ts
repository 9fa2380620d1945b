// Text placed in HTML or SVG markup that the server writes itself (e-mails, the guest page's head,
// the archive's page, the QR code's label): never read as markup.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { jsonForHtml } from '@recuerdos/shared/site-config';
import { earlyFontsCode, starterFonts, type WebFont } from './web-fonts';
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

/**
 * The account pages' head script that gives a browser holding the web fonts (in its cache) their
 * faces with the first layout (`earlyFontsCode`, web-fonts.ts), with its CSP hash.
 */
export function earlyFontsScript(fonts: readonly WebFont[]): { code: string; hash: string } {
  const code = earlyFontsCode(fonts);
  return { code, hash: inlineHash(code) };
}

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
  const { declarations: faces, onStart: loadFonts } = starterFonts(fonts);
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
