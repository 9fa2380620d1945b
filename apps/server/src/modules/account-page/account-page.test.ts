// GET /account and its pages (decision 028), with a stand-in for the web build's account render
// (test/fixtures/account-ssr): a live session cookie gets the page rendered with its owner's data,
// read through the API with that owner's permissions; anyone else — another owner, a visitor, a
// logged-out browser, a header token, a stale cookie — gets the empty SPA shell; a render that fails
// still gets the shell. Whoever asks, the answer is private to that browser (never kept by a shared
// cache, never stored) and varies with the cookie.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeAccount, makeGuestToken, makeMemorial, makeOwner } from '../../../test/factories';
import { startedFonts, startedScripts } from '../../../test/inline-starter';
import { createUserSession } from '../../auth/sessions';
import { insertPost } from '../content/content.repository';
import { earlyFontsScript, inlineHash } from '../../http/html';
import { EARLY_TAPS_SCRIPT } from '../../http/early-taps';

const ACCOUNT_SSR_WEB = path.join(import.meta.dirname, '../../../test/fixtures/account-ssr/web');
const COOKIE = 'recuerdos-sesion';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { WEB_DIST_DIR: ACCOUNT_SSR_WEB } });
});
afterAll(async () => {
  await t.close();
});

async function document(pathName: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(t.url + pathName, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const withCookie = (token: string) => ({ cookie: `${COOKIE}=${token}` });

async function pendingMemory(memorialId: number, text: string): Promise<void> {
  await insertPost(t.db, {
    memorialId,
    authorKind: 'guest',
    authorName: 'Lucía',
    authorEmail: 'lucia@ejemplo.pe',
    text,
    mediaKey: null,
    mediaKind: null,
    state: 'pending',
    approvedAt: null,
  });
}

const SHELL = '<div id="root"></div>';

describe('an owner with a live session cookie', () => {
  it("gets /account with the memorial's name and the pending count, read with the owner's permissions", async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Rosa Mamani Huamán' } });
    await pendingMemory(memorial.id, 'Gracias por todo, tía');
    await pendingMemory(memorial.id, 'Un abrazo <hasta> el cielo');
    const page = await document('/account', withCookie(token));
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"><main><h1>Rosa Mamani Huamán</h1><p data-testid="pending">2 pendientes</p>');
    expect(page.html).toContain('Un abrazo &lt;hasta&gt; el cielo');
    expect(page.html).toContain('<title>Rosa Mamani Huamán · Recuerdos</title>');
    // The home's styles come as one stylesheet, the SPA's own first (decision 028 §18); each part
    // stays named by a link the browser does not fetch, for the SPA's chunk loader. No SVG icon
    // (drawn on the main thread).
    const links = [...page.html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(links.slice(1)).toEqual([
      '<link rel="stylesheet" href="/assets/app-test.css" disabled>',
      '<link rel="stylesheet" href="/assets/account-test.css" disabled>',
      '<link rel="stylesheet" href="/assets/post-card-test.css" disabled>',
      '<link rel="stylesheet" href="/assets/account-home-test.css" disabled>',
    ]);
    const bundle = /^<link rel="stylesheet" href="(\/assets\/account-styles\/home-[\w-]+\.css)">$/.exec(links[0] ?? '')?.[1] ?? '';
    expect(bundle).not.toBe('');
    expect(page.html).not.toContain('<style>');
    const css = await fetch(t.url + bundle, { headers: { 'accept-encoding': 'br' } });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('content-encoding')).toBe('br');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await css.text()).toBe('.app{color:#222}\n\n.account{margin:0}\n\n.post-card{padding:1rem}\n\n.home{display:grid}\n');
    // Only the bundles of this build are there.
    expect((await fetch(t.url + bundle.replace(/home-[\w-]+/, 'home-otro'))).status).toBe(404);
    expect((await fetch(`${t.url}/assets/account-styles/..%2F..%2Findex.html`)).status).toBe(404);
    expect(page.html).not.toContain('favicon.svg');
    // The scripts after the first paint (decision 021): the entry, then the page's route chunks; before
    // them, allowed by their hashes too, the script that gives the web fonts at once to a browser that
    // holds them (§22) and the one that keeps a tap made before the page is live.
    const earlyFonts = earlyFontsScript(startedFonts(page.html)).code;
    expect(page.html.indexOf(`<script>${earlyFonts}</script>`)).toBeLessThan(page.html.indexOf('<link rel="stylesheet"'));
    expect(startedScripts(page.html, page.headers.get('content-security-policy'), [earlyFonts, EARLY_TAPS_SCRIPT])).toEqual([
      '/assets/app-test.js',
      '/assets/react-test.js',
      '/assets/account-layout-test.js',
      '/assets/post-card-test.js',
      '/assets/account-home-page-test.js',
    ]);
    // The web fonts are not in the first styles: the starter loads their faces after the first paint
    // (decision 028 §22).
    expect(page.html).not.toContain('@font-face');
    expect(startedFonts(page.html)).toEqual([
      { family: 'Lora', source: 'url(/assets/lora-test.woff2) format("woff2")', descriptors: { style: 'normal', weight: '600', display: 'swap' } },
    ]);
    // The client's data: the owner and what was read; never the token.
    const data = /<script type="application\/json" id="account-data">(.*?)<\/script>/.exec(page.html)?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({ user: { identifier: memorial.identifier, name: 'Ana', profilepath: '' } });
    expect(page.html).not.toContain(token);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toBe('Cookie, Accept-Encoding');
  });

  it('gets /account/notifications with the pending memories, compressed when asked', async () => {
    const { memorial, token } = await makeOwner(t.db);
    await pendingMemory(memorial.id, 'Siempre te recordaremos');
    const page = await document('/account/notifications', withCookie(token));
    expect(page.html).toContain('<p data-testid="pending">1 pendientes</p><p class="pending">Siempre te recordaremos</p>');
    // Its styles come inside the document, the SPA's own first (decision 028 §18), each allowed by
    // its hash; each stays named by a link the browser does not fetch, for the SPA's chunk loader.
    const styles = [...page.html.matchAll(/<style>(.*?)<\/style>/gs)].map((match) => match[1]);
    expect(styles).toEqual(['.app{color:#222}\n', '.account{margin:0}\n', '.post-card{padding:1rem}\n', '.notifications{display:block}\n']);
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const css of styles) expect(policy).toContain(inlineHash(css ?? ''));
    expect([...page.html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0])).toEqual([
      '<link rel="stylesheet" href="/assets/app-test.css" disabled>',
      '<link rel="stylesheet" href="/assets/account-test.css" disabled>',
      '<link rel="stylesheet" href="/assets/post-card-test.css" disabled>',
      '<link rel="stylesheet" href="/assets/notifications-test.css" disabled>',
    ]);
    expect(page.html).not.toContain('favicon.svg');
    // Its web fonts, too, come after the first paint.
    expect(page.html).not.toContain('@font-face');
    expect(startedFonts(page.html).map((font) => font.family)).toEqual(['Lora']);
    const br = await fetch(`${t.url}/account/notifications`, { headers: { ...withCookie(token), 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('private, no-store');
    expect(await br.text()).toContain('Siempre te recordaremos');
  });

  it('gets the memorial the session is on after a switch', async () => {
    const account = await makeAccount(t.db);
    const first = await makeMemorial(t.db, account.id, { fullname: 'Primera Persona' });
    const second = await makeMemorial(t.db, account.id, { fullname: 'Segunda Persona' });
    const token = await createUserSession(t.db, account.id, first.id);
    const switched = await t.post<{ token: string }>('/api/user/renew-token', { identifier: second.identifier }, { token });
    const page = await document('/account', withCookie(switched.body.data.token));
    expect(page.html).toContain('<h1>Segunda Persona</h1>');
    expect(page.html).not.toContain('Primera Persona');
  });
});

describe('anyone else gets the empty shell', () => {
  it('another owner sees only their own memorial; a visitor, a header token, a stale or ended cookie see none', async () => {
    const owner = await makeOwner(t.db, { memorial: { fullname: 'Julio César Quispe' } });
    await pendingMemory(owner.memorial.id, 'Pendiente secreto');
    const other = await makeOwner(t.db, { memorial: { fullname: 'Carmen Rojas Villa' } });
    const asOther = await document('/account', withCookie(other.token));
    expect(asOther.html).toContain('<h1>Carmen Rojas Villa</h1>');
    expect(asOther.html).not.toContain('Julio César Quispe');

    const guest = await makeGuestToken(t.db, owner.memorial);
    const renewed = await t.post<{ token: string }>('/api/user/renew-token', {}, { token: owner.token });
    const attempts: [string, Record<string, string>][] = [
      ['nothing', {}],
      ['the token as a header (documents read only the cookie)', { token: renewed.body.data.token }],
      ['a guest token as the cookie', withCookie(guest)],
      ['a made-up token', withCookie(`${'a'.repeat(22)}.${'b'.repeat(43)}`)],
      ['the cookie twice', { cookie: `${COOKIE}=${renewed.body.data.token}; ${COOKIE}=${other.token}` }],
      ['another name', { cookie: `sesion=${renewed.body.data.token}` }],
    ];
    for (const [who, headers] of attempts) {
      for (const pathName of ['/account', '/account/notifications']) {
        const page = await document(pathName, headers);
        expect(page.status, who).toBe(200);
        expect(page.html, who).toContain(SHELL);
        expect(page.html, who).not.toContain('Julio César Quispe');
        expect(page.html, who).not.toContain('Pendiente secreto');
        expect(page.headers.get('cache-control'), who).toBe('private, no-store');
      }
    }

    // Logout ends the family: the cookie a browser kept opens nothing.
    expect((await document('/account', withCookie(renewed.body.data.token))).html).toContain('Julio César Quispe');
    await t.post('/api/user/logout', {}, { token: renewed.body.data.token });
    expect((await document('/account', withCookie(renewed.body.data.token))).html).toContain(SHELL);
  });

  it('a session without a memorial, and the other account pages, get the shell', async () => {
    const account = await makeAccount(t.db);
    const token = await createUserSession(t.db, account.id, null);
    expect((await document('/account', withCookie(token))).html).toContain(SHELL);
    const owner = await makeOwner(t.db);
    for (const pathName of ['/account/personal', '/account/edit-basic-data', '/account/otra-cosa']) {
      const page = await document(pathName, withCookie(owner.token));
      expect(page.html, pathName).toContain(SHELL);
      expect(page.headers.get('cache-control'), pathName).toBe('private, no-store');
      expect(page.headers.get('vary'), pathName).toMatch(/\bCookie\b/);
    }
  });

  it('a render that fails still gives the owner the page (the SPA renders it), never a 5xx', async () => {
    const { token } = await makeOwner(t.db, { account: { name: 'Falla' } });
    const page = await document('/account', withCookie(token));
    expect(page.status).toBe(200);
    expect(page.html).toContain(SHELL);
  });

  it('a POST to an account page is no document', async () => {
    const { token } = await makeOwner(t.db);
    const res = await fetch(`${t.url}/account`, { method: 'POST', headers: withCookie(token) });
    expect(res.status).toBe(404);
  });
});

describe('without the account render built', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('every account document is the shell, private to its browser', async () => {
    const { token } = await makeOwner(plain.db);
    for (const pathName of ['/account', '/account/', '/account/notifications', '/account/personal']) {
      for (const headers of [{}, withCookie(token)] as Record<string, string>[]) {
        const res = await fetch(plain.url + pathName, { headers });
        expect(res.status, pathName).toBe(200);
        expect(await res.text(), pathName).toContain(SHELL);
        expect(res.headers.get('cache-control'), pathName).toBe('private, no-store');
        expect(res.headers.get('vary') ?? '', pathName).toMatch(/\bCookie\b/i);
        expect(res.headers.get('set-cookie'), pathName).toBeNull();
      }
    }
  });

  it('other pages of the web app keep their own caching', async () => {
    const res = await fetch(`${plain.url}/complaints-book`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
