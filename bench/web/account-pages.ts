// Lighthouse (mobile preset) on the family's signed-in pages (issue 27): /account and
// /account/notifications of a demo-sized memorial, each run signed in (a fresh login's session
// cookie and local storage) with an empty HTTP cache, in turns with the floor page. Each page is
// measured twice: as the server renders it (the session cookie on the document, decision 028) and
// as the SPA alone renders it (no cookie: the document is the empty shell, as before issue 27).
// Median of 5 runs by default. Beside Lighthouse's figures, per page: the JavaScript the page load
// transferred (the report's network requests: each script's compressed transfer size, as the
// browser fetched it, br or gzip), what the build's manifest says the page imports before the first
// tap (gzip -9, ./bundle-sizes.ts), and the floor any such page has: React, React Router and TanStack
// Query alone. Prints figures; never passes or fails.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { OWNER_PASSWORD, api, seedMemorial, type SeededMemorial } from '../../e2e/support/memorial';
import { startServer, type TestServer } from '../../e2e/support/server';
import { measureBundles, type BundleReport } from './bundle-sizes';
import { FIGURES_HEADER, FLOOR_PAGE, audit, printFigures, staticPage, type LighthouseFigures } from './guest-page';

const COOKIE = 'recuerdos-sesion';
let address = 0;

/** A fresh login (the page's own renewal rotates each run's token), from its own address. */
async function logIn(server: TestServer, memorial: SeededMemorial): Promise<{ token: string; user: Record<string, string> }> {
  address += 1;
  const res = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': `10.77.${address >> 8}.${address & 255}` },
    body: JSON.stringify({ email: memorial.email, password: OWNER_PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string; user: Record<string, string> } };
  return body.data;
}

/** Signs the browser in (or only its local storage, `withCookie` false) and empties its HTTP cache. */
export async function signIn(browser: Browser, server: TestServer, memorial: SeededMemorial, withCookie: boolean): Promise<void> {
  const session = await logIn(server, memorial);
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${server.baseUrl}/api/health`);
    await page.evaluate((user: string) => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('user', user);
    }, JSON.stringify({ ...session.user, token: session.token }));
    if (withCookie) {
      await cdp.send('Network.setCookie', { name: COOKIE, value: session.token, url: server.baseUrl, httpOnly: true, sameSite: 'Strict', path: '/' });
    }
  } finally {
    await page.close();
  }
}

export async function seedDemoLike(server: TestServer): Promise<SeededMemorial> {
  const memorial = await seedMemorial(server, {
    type: 'P',
    accessCode: 'flores2024',
    person: 'María Elena Torres Salazar',
    photo: true,
    candles: 12,
    flowers: 5,
    ownerPosts: [
      { text: 'Gracias a todos los que nos acompañaron en la misa.' },
      { text: 'Su jardín en primavera, como a ella le gustaba.', picture: true },
      { text: 'Cantando en su cumpleaños 80.', video: true },
      { text: 'Encontramos tus cartas de cuando eras maestra en Huancayo.', picture: true },
      { text: 'Hoy preparamos tu ají de gallina, como nos enseñaste.' },
    ],
    guestPosts: [
      { name: 'Carmen Rojas', text: 'Profesora María Elena, gracias por enseñarme a leer y a creer en mí.' },
      { name: 'Jorge Villanueva', text: 'Vecina querida, siempre con una sonrisa y un cafecito.', picture: true },
    ],
  });
  // Three memories waiting for the family (the badge and the notifications page).
  const guest = await api<{ token: string }>(server.baseUrl, 'POST', '/user/guest/login', { json: { identifier: memorial.identifier, accessCode: 'flores2024' } });
  for (const [index, text] of ['Te recordamos siempre, tía.', 'Un abrazo hasta el cielo.', 'Gracias por tanto cariño.'].entries()) {
    await api(server.baseUrl, 'POST', '/content/save-guest-message', {
      guest: guest.data.token,
      fields: { identifier: memorial.identifier, fullname: `Visitante ${index + 1}`, email: '', message: text },
      ip: `10.78.0.${index + 1}`,
    });
  }
  return memorial;
}

/** The scripts a saved Lighthouse report's page load fetched: how many, and their transfer bytes. */
function scriptsTransferred(reportFile: string): { count: number; bytes: number } {
  const lhr = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { audits: Record<string, { details?: { items?: { resourceType?: string; transferSize?: number }[] } }> };
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return { count: scripts.length, bytes: scripts.reduce((total, item) => total + (item.transferSize ?? 0), 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The gzip size of the runtime every account page needs before any page code (the entry's vendor chunks). */
function runtimeFloor(bundles: BundleReport): { bytes: number; files: string[] } {
  const files = bundles.entry.files.filter(({ file }) => /^assets\/(react|router|query)-/.test(file));
  return { bytes: files.reduce((total, { gzip }) => total + gzip, 0), files: files.map(({ file, gzip }) => `${file.replace(/^assets\//, '')} ${kb(gzip)}`) };
}

export async function runAccountLighthouse(
  runs = 5,
  tasks = false,
  dist = path.resolve(import.meta.dirname, '../../apps/web/dist'),
  saveDir?: string,
): Promise<void> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error', TRUST_PROXY: '1' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROMIUM_ARGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const floor = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(FLOOR_PAGE);
  });
  try {
    const memorial = await seedDemoLike(server);
    const floorUrl = await staticPage(floor);
    const targets: { name: string; url: string; cookie: boolean | null }[] = [
      { name: 'floor (static two-line page)', url: floorUrl, cookie: null },
      { name: '/account (server-rendered)', url: `${server.baseUrl}/account`, cookie: true },
      { name: '/account (SPA only, before)', url: `${server.baseUrl}/account`, cookie: false },
      { name: '/account/notifications (server)', url: `${server.baseUrl}/account/notifications`, cookie: true },
      { name: '/account/notifications (SPA)', url: `${server.baseUrl}/account/notifications`, cookie: false },
    ];
    const results = new Map<string, LighthouseFigures[]>(targets.map((target) => [target.name, []]));
    const overFloor = new Map<string, number[]>(targets.map((target) => [target.name, []]));
    const transferred = new Map<string, { count: number; bytes: number }[]>(targets.map((target) => [target.name, []]));
    // Kept where --save-reports names a folder (`<round>-<page>.json`, pages in the order above).
    const reports = saveDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-account-lighthouse-'));
    fs.mkdirSync(reports, { recursive: true });
    // In turns: each round audits every page once, so a busy moment of the machine falls on all.
    for (let round = 0; round < runs; round++) {
      let floorTbt = Number.NaN;
      for (const [index, target] of targets.entries()) {
        if (target.cookie !== null) await signIn(browser, server, memorial, target.cookie);
        const report = path.join(reports, `${round}-${index}.json`);
        const figures = await audit(target.url, chrome.port, report, tasks, target.cookie !== null);
        if (!figures) continue;
        results.get(target.name)?.push(figures);
        transferred.get(target.name)?.push(scriptsTransferred(report));
        if (target.cookie === null) floorTbt = figures.tbtMs;
        else if (Number.isFinite(floorTbt)) overFloor.get(target.name)?.push(figures.tbtMs - floorTbt);
      }
    }
    if (!saveDir) fs.rmSync(reports, { recursive: true, force: true });
    console.log(`\nSigned-in pages (issue 27): Lighthouse 12 mobile preset, median of ${runs} runs in turns with the floor page`);
    console.log('targets: Performance ≥ 95, LCP ≤ 1500 ms, TBT ≤ floor + 100 ms, JavaScript ≤ 100 KB gzip\n');
    console.log(FIGURES_HEADER);
    for (const target of targets) printFigures(target.name, results.get(target.name) ?? [], tasks, target.cookie === null ? undefined : overFloor.get(target.name));

    // The JavaScript, three ways: what the page load fetched, what the page imports, the runtime's floor.
    const bundles = measureBundles(dist);
    const floorJs = runtimeFloor(bundles);
    const closure = (route: string) => {
      const row = bundles.routes.find((one) => one.route === route);
      return row && !('missing' in row) ? row.js : Number.NaN;
    };
    console.log('\nJavaScript per page (goal ≤ 100 KB gzip):');
    console.log(`${'page'.padEnd(32)} ${'load (LH)'.padStart(10)} ${'files'.padStart(6)} ${'imports'.padStart(10)}`);
    for (const target of targets) {
      if (target.cookie === null) continue;
      const runsOfPage = transferred.get(target.name) ?? [];
      const route = target.url.endsWith('/notifications') ? '/account/notifications' : '/account';
      console.log(
        `${target.name.padEnd(32)} ${kb(median(runsOfPage.map((one) => one.bytes))).padStart(10)} ${String(median(runsOfPage.map((one) => one.count))).padStart(6)} ${kb(closure(route)).padStart(10)}`,
      );
    }
    console.log('  load (LH): the scripts the page load transferred (Lighthouse network requests, compressed transfer size, median)');
    console.log("  imports:   the entry and the page's static imports before the first tap (build manifest, gzip -9)");
    console.log(`  floor:     React + React Router + TanStack Query alone, ${kb(floorJs.bytes)} gzip -9 (${floorJs.files.join(', ')})`);
  } finally {
    await browser.disconnect();
    chrome.kill();
    floor.close();
    await server.stop();
  }
}
