// Chromium through playwright-core (no browser download), and pages that record every problem a
// visitor would not see: console errors (including CSP violations), uncaught exceptions, and
// failed requests for the app's own files.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const WIDTHS = [
  { name: 'escritorio (1280 px)', viewport: DESKTOP },
  { name: 'teléfono (390 px)', viewport: PHONE },
] as const;

/** Headless Debian Chromium as root in a container, quiet: no background traffic to skew a test or a measurement. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Problems seen so far; tests assert it stays empty. */
  problems: string[];
  close: () => Promise<void>;
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
  options: { reducedMotion?: boolean } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  // Chromium reports a CSP violation as an event, not through the console: log each one as an error
  // so it becomes a problem like any other (even when the page caught the error, as zod's eval probe did).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // An API refusal (401, 404…) is an expected answer the page handles; Chromium still logs it.
    if (message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/')) return;
    problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const url = request.url();
    const reason = request.failure()?.errorText ?? '';
    // ERR_ABORTED: the page navigated away while the file was loading (redirects do that).
    if (url.startsWith(baseUrl) && !url.includes('/api/') && !reason.includes('ERR_ABORTED')) problems.push(`request failed: ${url} ${reason}`);
  });
  page.on('response', (response) => {
    const url = response.url();
    if (url.startsWith(baseUrl) && !url.includes('/api/') && response.status() >= 400) problems.push(`HTTP ${response.status()}: ${url}`);
  });
  return { page, context, problems, close: () => context.close() };
}

/**
 * The light pages (QR page, landing, /login) start their script after the first paint: a test waits
 * for `<html data-hydrated>` (apps/web/src/lib/hydrated.ts) before it taps what the script runs.
 */
export async function pageHydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Counts, from the page's first byte on, every removal of an element matching `selector` (or
 * holding one): a client render that replaces the server's markup instead of hydrating it shows up
 * here. Call before `goto`; read the count with the returned function.
 */
export async function watchRemovals(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.addInitScript((watched: string) => {
    const w = window as unknown as { removedServerNodes: number };
    w.removedServerNodes = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches(watched) || node.querySelector(watched))) w.removedServerNodes += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { removedServerNodes: number }).removedServerNodes);
}

/** The page does not scroll sideways (nothing wider than the screen). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Texts of the field errors shown, in page order. */
export async function fieldErrors(page: Page): Promise<string[]> {
  return page.locator('.field__error').allTextContents();
}

/**
 * The visible controls smaller than 44 × 44 px, described (WCAG 2.2 target size, enhanced; issue 28
 * §13): buttons, links, selects, role=button, and radios and checkboxes measured with their labels
 * (the box and its label are one clickable area). Left out: links inside running text, which WCAG
 * exempts ("inline": the sentence sets their height, and making them 44 px would break the line
 * spacing); elements hidden, inert or visually hidden (the skip link until focused).
 */
export async function smallTargets(page: Page, least = 44): Promise<string[]> {
  return page.evaluate((least) => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], select, [role="button"], input[type="radio"], input[type="checkbox"]');
    for (const control of Array.from(controls)) {
      if (control.closest('[inert], [aria-hidden="true"]')) continue;
      if (!(control instanceof HTMLInputElement) && control.closest('.visually-hidden')) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || control.getClientRects().length === 0) continue;
      if (control instanceof HTMLAnchorElement && style.display === 'inline') {
        const sentence = control.parentElement?.textContent.trim() ?? '';
        if (sentence.length > control.textContent.trim().length) continue;
      }
      const parts = [control, ...(control instanceof HTMLInputElement ? Array.from(control.labels ?? []) : [])];
      const rects = parts.map((part) => part.getBoundingClientRect()).filter((rect) => rect.width > 1 && rect.height > 1);
      if (rects.length === 0) continue;
      const width = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
      const height = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
      if (width + 0.5 < least || height + 0.5 < least) {
        const name = control.getAttribute('aria-label') ?? (control.textContent.trim() || control.getAttribute('value') || '');
        small.push(`${control.tagName.toLowerCase()}.${control.className} «${name.slice(0, 40)}» ${Math.round(width)}×${Math.round(height)}`);
      }
    }
    return small;
  }, least);
}
