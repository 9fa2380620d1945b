// The account pages arrive with their content (issue 27, docs/decisions/028): the first HTML of
// /account holds the memorial's name, its first posts and the pending count, and that of
// /account/notifications the pending memories — read without running any JavaScript — and never
// for anyone but the owner whose session cookie it is. In the browser the SPA hydrates that markup
// (no node replaced, no second request for what the HTML holds) and the page works.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { DESKTOP, PHONE, openPage, watchRemovals } from './support/browser';
import { accountLive, api, guestToken, logIn, makeOwner, type Owner } from './support/owner';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const COOKIE = 'recuerdos-sesion';

interface Session {
  token: string;
  cookie: string;
}

/** An API login as the browser makes it: the token, and the session cookie set with it. */
async function logInByApi(owner: Owner): Promise<Session> {
  const res = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  const body = (await res.json()) as { data: { token: string } };
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${COOKIE}=`)) ?? '';
  return { token: body.data.token, cookie: line.split(';', 1)[0] ?? '' };
}

async function firstHtml(path: string, cookie?: string): Promise<{ html: string; headers: Headers }> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return { html: await res.text(), headers: res.headers };
}

async function ownerWithContent(prefix: string, person: string): Promise<{ owner: Owner; identifier: string; session: Session }> {
  const owner = await makeOwner(server, prefix, [person]);
  const memorial = owner.memorials[0];
  if (!memorial) throw new Error('no memorial');
  const session = await logInByApi(owner);
  for (const message of ['Te extrañamos cada día', 'Gracias por enseñarnos a reír']) {
    const saved = await api(server, 'POST', '/content/save-admin-message', { token: session.token, body: { identifier: memorial.identifier, message } });
    expect(saved.code, saved.message).toBe('200');
  }
  const guest = await guestToken(server, memorial.identifier, memorial.accessCode, '10.27.0.1');
  for (const [fullname, message] of [
    ['Lucía Torres', 'Siempre te recordaremos, tía'],
    ['Pedro Huamán', 'Un abrazo hasta el cielo'],
  ]) {
    const form = new FormData();
    form.append('identifier', memorial.identifier);
    form.append('fullname', fullname ?? '');
    form.append('message', message ?? '');
    const sent = await api(server, 'POST', '/content/save-guest-message', { guest, form, ip: '10.27.0.2' });
    expect(sent.code, sent.message).toBe('200');
  }
  return { owner, identifier: memorial.identifier, session };
}

/** The visible text of the server's markup (what a browser without JavaScript shows). */
async function textWithoutJavaScript(path: string, cookie: string, viewport = PHONE): Promise<string> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, javaScriptEnabled: false, locale: 'es-PE' });
  try {
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    const page = await context.newPage();
    await page.goto(path);
    return await page.locator('body').innerText();
  } finally {
    await context.close();
  }
}

describe('the first HTML of the account pages', () => {
  it("holds the memorial's name, its first posts and the pending count, and the pending list", async () => {
    const { session } = await ownerWithContent('primera', 'Rosa Mamani Huamán');
    const home = await firstHtml('/account', session.cookie);
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    expect(home.headers.get('vary')).toMatch(/Cookie/);
    expect(home.html).toContain('<title>Rosa Mamani Huamán · Recuerdos</title>');

    const text = await textWithoutJavaScript('/account', session.cookie);
    expect(text).toContain('Rosa Mamani Huamán');
    expect(text).toContain('Te extrañamos cada día');
    expect(text).toContain('Gracias por enseñarnos a reír');
    expect(text).toContain('Permisos');
    expect(text).toMatch(/\b2\b/);
    expect(home.html).toMatch(/data-testid="notification-badge">2</);

    const notifications = await textWithoutJavaScript('/account/notifications', session.cookie);
    expect(notifications).toContain('2 mensajes pendientes por aprobar');
    expect(notifications).toContain('Siempre te recordaremos, tía');
    expect(notifications).toContain('Un abrazo hasta el cielo');
  });

  it('is never served to anyone else: another owner, a logged-out browser, a visitor, a stale cookie', async () => {
    const { session } = await ownerWithContent('privada', 'Julio César Quispe');
    const other = await makeOwner(server, 'otra', ['Carmen Rojas Villa']);
    const otherSession = await logInByApi(other);

    const asOther = await firstHtml('/account', otherSession.cookie);
    expect(asOther.html).toContain('Carmen Rojas Villa');
    expect(asOther.html).not.toContain('Julio César Quispe');

    for (const cookie of [undefined, `${COOKIE}=`, `${COOKIE}=${'a'.repeat(22)}.${'b'.repeat(43)}`, `otra=${session.cookie.slice(COOKIE.length + 1)}`]) {
      for (const path of ['/account', '/account/notifications']) {
        const page = await firstHtml(path, cookie);
        expect(page.html, `${path} ${cookie}`).toContain('<div id="root"></div>');
        expect(page.html).not.toContain('Julio César Quispe');
        expect(page.html).not.toContain('Te extrañamos cada día');
        expect(page.headers.get('cache-control')).toBe('private, no-store');
      }
    }

    // After logout the same cookie (kept by a browser that lost the reply) opens nothing.
    const out = await api(server, 'POST', '/user/logout', { token: session.token });
    expect(out.code).toBe('200');
    const after = await firstHtml('/account', session.cookie);
    expect(after.html).toContain('<div id="root"></div>');
    expect(after.html).not.toContain('Julio César Quispe');
  });
});

/** Every stylesheet the page fetches (its path). */
function recordStylesheets(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') fetched.push(new URL(request.url()).pathname);
  });
  return fetched;
}

/** Every API read the page makes while it loads and settles. */
function recordApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') reads.push(url.pathname);
  });
  return reads;
}

const FONTS_SEEN = 'recuerdos:fuentes';

/**
 * As on a first visit: the browser's cache emptied (the fonts' requests then go to the network) and
 * no note that it holds the fonts (decision 028 §22).
 */
async function asOnAFirstVisit(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.evaluate((key) => localStorage.removeItem(key), FONTS_SEEN);
}

/**
 * The web fonts were asked for after the page's first paint (decision 028 §22), only those it shows,
 * and its headings and text are drawn in the brand's faces once they came.
 */
async function expectFontsAfterFirstPaint(page: Page): Promise<void> {
  const timing = await page.evaluate(async () => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const fonts = () => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2'));
    while (fonts().length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await document.fonts.ready;
    const loaded = (family: string, weight: string) => {
      let found = false;
      document.fonts.forEach((face) => {
        found ||= face.family.replace(/"/g, '') === family && face.weight === weight && face.status === 'loaded';
      });
      return found;
    };
    return {
      paint,
      fontsAsked: Math.min(...fonts().map((entry) => entry.startTime)),
      // Fetched over the network (the test empties the cache first): Chrome also lists a face it
      // finds in its memory cache when the starter names it, without putting it in use.
      files: fonts()
        .filter((entry) => (entry as PerformanceResourceTiming).transferSize > 0)
        .map((entry) => entry.name),
      lora: loaded('Lora', '600'),
      sans: loaded('Source Sans 3', '400'),
    };
  });
  // Only the faces the page shows: no account page sets text in Lora's upright 400.
  expect(timing.files.filter((file) => /lora-latin-400-normal/.test(file))).toEqual([]);
  expect(timing.paint).not.toBeNull();
  expect(timing.fontsAsked).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
  expect(await page.locator('html[data-fonts-early]').count()).toBe(0);
  expect(timing).toMatchObject({ lora: true, sans: true });
}

describe.each([
  { name: 'escritorio (1280 px)', viewport: DESKTOP },
  { name: 'teléfono (390 px)', viewport: PHONE },
])('the hydrated account pages at $name', ({ viewport }) => {
  it('hydrate the server markup in place, ask nothing they hold, and work', async () => {
    const { owner } = await ownerWithContent('hidrata', 'Rosa Mamani Huamán');
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await logIn(page, owner);
      const removals = await watchRemovals(page, '.home');
      const reads = recordApiReads(page);
      const stylesheets = recordStylesheets(page);
      await asOnAFirstVisit(page);
      const response = await page.reload();
      const firstHtml = (await response?.text()) ?? '';
      expect(firstHtml).toContain('Te extrañamos cada día');
      // The private memorial's access requests panel arrives with its answer, not loading.
      expect(firstHtml).toContain('No tienes solicitudes pendientes.');
      expect(firstHtml).not.toContain('Cargando las solicitudes');
      await page.getByRole('heading', { level: 1, name: 'Rosa Mamani Huamán' }).waitFor();
      // Its styles came as one stylesheet (decision 028 §18), not twelve; the web fonts only after
      // the first paint (§22), and in use once they came.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(stylesheets).toEqual([expect.stringMatching(/^\/assets\/account-styles\/home-[\w-]+\.css$/)]);
      await expectFontsAfterFirstPaint(page);
      // The page is live: a tap opens the add dialog.
      await page.getByRole('button', { name: 'Deja tu mensaje ...' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await removals()).toBe(0);
      for (const held of ['/api/person/get-person', '/api/content/get-admin-posts', '/api/content/get-guest-approved-posts', '/api/content/get-guest-pending-posts', '/api/gift/get-gifts', '/api/visit/get-visits', '/api/events/list', '/api/access-requests/list']) {
        expect(reads, held).not.toContain(held);
      }
      await expectAccessible(page, `/account rendered by the server at ${viewport.width} px`);

      // The stylesheets that one holds are not fetched when a tool or a later page needs them, nor
      // put after that page's rules.
      const bundled = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(bundled.length).toBeGreaterThan(3);
      await page.getByRole('link', { name: 'Editar datos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Editar datos' }).waitFor();
      expect(stylesheets.filter((href) => bundled.includes(href))).toEqual([]);
      const linkedThen = await page.locator('link[rel="stylesheet"]:not([disabled])').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(linkedThen.filter((href) => bundled.includes(href))).toEqual([]);
      // The fields' rules, held in the home's stylesheet, apply on the later page.
      expect(await page.locator('.field__control').first().evaluate((input) => getComputedStyle(input).minHeight)).toBe('48px');

      // Notifications, opened as a document: the pending list is there and its buttons work.
      stylesheets.length = 0;
      await asOnAFirstVisit(page);
      await page.goto('/account/notifications');
      await page.getByRole('heading', { level: 1, name: '2 mensajes pendientes por aprobar' }).waitFor();
      // Its styles came inside the document (decision 028 §18): the load fetched no stylesheet. The
      // web fonts came after the first paint.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(stylesheets).toEqual([]);
      await expectFontsAfterFirstPaint(page);
      const lucia = page.getByRole('article', { name: 'Recuerdo de Lucía Torres' });
      await lucia.getByRole('button', { name: /^Aprobar/ }).click();
      await page.getByRole('heading', { level: 1, name: '1 mensaje pendiente por aprobar' }).waitFor();
      await expectAccessible(page, `/account/notifications rendered by the server at ${viewport.width} px`);

      // The stylesheets it holds are not fetched when a later page needs them, nor put after that
      // page's rules: back on the home, its own stylesheet arrived and the held ones still apply.
      const inlined = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(inlined.length).toBeGreaterThan(3);
      await page.locator('#root a[href="/account"]').first().click();
      await page.getByRole('heading', { level: 1, name: 'Rosa Mamani Huamán' }).waitFor();
      expect(stylesheets.filter((href) => inlined.includes(href))).toEqual([]);
      expect(stylesheets.some((href) => /account-home-page/.test(href))).toBe(true);
      const linked = await page.locator('link[rel="stylesheet"]:not([disabled])').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(linked.filter((href) => inlined.includes(href))).toEqual([]);
      expect(await page.locator('.home').evaluate((home) => getComputedStyle(home).display)).toBe('grid');
      expect(await page.getByRole('link', { name: 'Editar datos' }).evaluate((link) => getComputedStyle(link).minHeight)).toBe('44px');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

it('a browser that has the web fonts from an earlier page gets them with the first layout, not after the paint', async () => {
  const { owner } = await ownerWithContent('fuentes', 'Rosa Mamani Huamán');
  const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
  try {
    await logIn(page, owner);
    // The first page loaded the fonts after its paint, and noted that this browser holds them.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), FONTS_SEEN)).toMatch(/^[\w-]{12}$/);
    await page.reload();
    await accountLive(page);
    const timing = await page.evaluate(async () => {
      await document.fonts.ready;
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const asked = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2'));
      let lora = false;
      document.fonts.forEach((face) => {
        lora ||= face.family === 'Lora' && face.weight === '600' && face.status === 'loaded';
      });
      return { early: document.documentElement.hasAttribute('data-fonts-early'), asked: asked.map((entry) => entry.startTime), paint, lora };
    });
    expect(timing.early).toBe(true);
    expect(timing.lora).toBe(true);
    expect(timing.asked.length).toBeGreaterThan(0);
    for (const at of timing.asked) expect(at).toBeLessThan(timing.paint);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});

it('a page rendered for a session this browser no longer holds ends it and goes to /login', async () => {
  const { owner } = await ownerWithContent('perdida', 'Rosa Mamani Huamán');
  const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
  try {
    await logIn(page, owner);
    // 'Cerrar sesión' made offline: local storage is empty, the cookie still names the session.
    await page.evaluate(() => window.localStorage.removeItem('user'));
    const ended = page.waitForResponse((r) => r.url().endsWith('/api/user/logout'));
    await page.reload();
    await page.waitForURL('**/login');
    expect((await ended).status()).toBe(200);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    await page.goto('/account');
    await page.waitForURL('**/login');
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});

describe('a tap made before the page is live (issue 27; decision 028 §12)', () => {
  it('is kept: the control shows it is on its way, and the add dialog opens once the page is live', async () => {
    const { owner } = await ownerWithContent('temprano', 'Rosa Mamani Huamán');
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await logIn(page, owner);
      // The page's scripts are held back until the test lets them go: the server's page shows, not yet live.
      let release: () => void = () => undefined;
      const scripts = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
        async (route) => {
          await scripts;
          await route.continue();
        },
      );
      await page.reload({ waitUntil: 'domcontentloaded' });
      const prompt = page.getByRole('button', { name: 'Deja tu mensaje ...' });
      await prompt.scrollIntoViewIfNeeded();
      const before = await prompt.boundingBox();
      await prompt.click();
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      expect(await prompt.getAttribute('aria-busy')).toBe('true');
      // Marked busy without moving anything.
      expect(await prompt.boundingBox()).toEqual(before);
      expect(await page.getByRole('dialog').count()).toBe(0);

      release();
      await accountLive(page);
      await page.getByRole('dialog', { name: 'Nuevo mensaje' }).or(page.getByRole('dialog')).first().waitFor();
      expect(await prompt.getAttribute('aria-busy')).toBeNull();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // Live now: a tap goes straight through, as before.
      await prompt.click();
      await page.getByRole('dialog').waitFor();
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('is let go when the scripts cannot arrive: a notice says so and loads the page again', async () => {
    const { owner } = await ownerWithContent('sin-red', 'Rosa Mamani Huamán');
    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await logIn(page, owner);
      // The connection drops after the document: every script of the page fails.
      let failing = true;
      let release: () => void = () => undefined;
      const tapped = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
        async (route) => {
          if (!failing) return route.continue();
          await tapped;
          return route.abort('internetdisconnected');
        },
      );
      await page.reload({ waitUntil: 'domcontentloaded' });
      const prompt = page.getByRole('button', { name: 'Deja tu mensaje ...' });
      await prompt.click();
      expect(await prompt.getAttribute('aria-busy')).toBe('true');
      release();
      const notice = page.getByRole('alert').filter({ hasText: 'No pudimos terminar de cargar la página' });
      await notice.waitFor();
      expect(await prompt.getAttribute('aria-busy')).toBeNull();
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      await expectAccessible(page, '/account when its scripts could not arrive');

      failing = false;
      await notice.getByRole('button', { name: 'Volver a cargar' }).click();
      await accountLive(page);
      expect(await page.getByRole('alert').filter({ hasText: 'No pudimos terminar' }).count()).toBe(0);
      await prompt.click();
      await page.getByRole('dialog').waitFor();
    } finally {
      await close();
    }
  });
});
