// The locale-data calls (Intl formatters, toLocale*, localeCompare…) a signed-in account page makes
// while it loads and hydrates, each with its cost and caller. The first Intl formatter of a page
// loads the locale's data on the main thread (18–44 ms for `new Intl.NumberFormat('es-PE')` on this
// machine, ×4 in Lighthouse's simulation): a page load should make none (issue 27). Prints figures;
// never passes or fails.
//   npx tsx bench/web/intl-calls.ts [/account | /account/notifications]
import puppeteer from 'puppeteer-core';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { seedDemoLike, signIn } from './account-pages';

const path = process.argv[2] ?? '/account';
const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error', TRUST_PROXY: '1' });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
try {
  const memorial = await seedDemoLike(server);
  for (let run = 0; run < 2; run++) {
    await signIn(browser, server, memorial, true);
    const page = await browser.newPage();
    // A string, not a function: tsx would add helpers the page does not have.
    await page.evaluateOnNewDocument(`(() => {
      const log = [];
      window.__icu = log;
      const wrap = (owner, key, label, ctor) => {
        const original = owner[key];
        const wrapped = function (...args) {
          const t0 = performance.now();
          const result = ctor ? Reflect.construct(original, args, new.target ?? original) : original.apply(this, args);
          const ms = performance.now() - t0;
          const where = (new Error().stack ?? '').split('\\n').slice(2, 4).map((l) => l.trim().replace(/https?:\\/\\/[^/]+\\//, '')).join(' < ');
          log.push(ms.toFixed(2).padStart(7) + ' ms  ' + label + '(' + JSON.stringify(args).slice(0, 60) + ')  ' + where);
          return result;
        };
        Object.defineProperty(owner, key, { value: wrapped, configurable: true, writable: true });
      };
      for (const k of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) wrap(Intl, k, 'Intl.' + k, true);
      wrap(String.prototype, 'toLocaleUpperCase', 'toLocaleUpperCase', false);
      wrap(String.prototype, 'toLocaleLowerCase', 'toLocaleLowerCase', false);
      wrap(String.prototype, 'localeCompare', 'localeCompare', false);
      wrap(String.prototype, 'normalize', 'normalize', false);
      wrap(Number.prototype, 'toLocaleString', 'Number.toLocaleString', false);
      for (const k of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) wrap(Date.prototype, k, 'Date.' + k, false);
    })()`);
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForSelector('html[data-hydrated]');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const log = await page.evaluate(() => (window as unknown as { __icu?: string[] }).__icu ?? []);
    console.log(`${path}, load ${run + 1}: ${log.length} locale-data calls${log.length > 0 ? '\n' : ''}${log.slice(0, 40).join('\n')}`);
    await page.close();
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
}
