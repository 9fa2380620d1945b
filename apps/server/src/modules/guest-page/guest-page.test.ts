// GET /api/person/guest-view (the guest page's one read) per role, and GET /guest: redirects, the
// SPA fallback without a built guest bundle, and the server-rendered document (with a test double
// of the SSR bundle): data block, assets (the bundle started after the first paint), photo preload,
// link previews for public memorials only.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import { FIXTURE_WEB_DIST, startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { startedScripts } from '../../../test/inline-starter';
import { EVERYONE, OWNER_OR_GUEST, testRoles, type RoleCase } from '../../../test/roles';
import { insertPost } from '../content/content.repository';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { EARLY_TAPS_SCRIPT } from '../../http/early-taps';

const GUEST_SSR_FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/guest-ssr/web');

let t: TestServer;
let rendered: TestServer;

beforeAll(async () => {
  [t, rendered] = await Promise.all([startTestServer(), startTestServer({ env: { WEB_DIST_DIR: GUEST_SSR_FIXTURE } })]);
});
afterAll(async () => {
  await Promise.all([t.close(), rendered.close()]);
});

async function addPosts(db: Kysely<Database>, memorialId: number) {
  const base = { memorialId, authorEmail: null, mediaKey: null, mediaKind: null } as const;
  await insertPost(db, { ...base, authorKind: 'owner', authorName: 'Familia', text: 'Primera de la familia', state: 'approved', approvedAt: null });
  await insertPost(db, { ...base, authorKind: 'guest', authorName: 'Carmen', authorEmail: 'carmen@mail.pe', text: 'Aprobado', state: 'approved', approvedAt: null });
  await insertPost(db, { ...base, authorKind: 'guest', authorName: 'Pedro', text: 'Pendiente', state: 'pending', approvedAt: null });
}

describe('GET /api/person/guest-view', () => {
  const cases: RoleCase[] = [
    {
      name: 'GET guest-view',
      expect: { P: OWNER_OR_GUEST, U: EVERYONE },
      run: async (roles, options) => {
        const res = await t.get(`/api/person/guest-view?id=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
  ];
  testRoles(() => t.db, cases);

  it('answers exactly what the four guest reads answer, in one reply', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U', candles: 120, flowers: 3, flagMessage: 0, photoKey: 'fotoclave1' } });
    await addPosts(t.db, memorial.id);
    const id = memorial.identifier;
    const [view, type, person, gifts, owner, approved] = await Promise.all([
      t.get<GuestViewData>(`/api/person/guest-view?id=${id}`),
      t.get(`/api/person/verify-type-account?id=${id}`),
      t.get(`/api/person/get-data-for-guest?id=${id}`),
      t.get(`/api/gift/get-gifts-for-guest?id=${id}`),
      t.get(`/api/content/get-admin-posts-for-guest?id=${id}`),
      t.get(`/api/content/get-guest-approved-posts-for-guest?id=${id}`),
    ]);
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({
      ...type.body.data,
      ...person.body.data,
      ...gifts.body.data,
      adminPosts: owner.body.data.posts,
      guestPosts: approved.body.data.posts,
      // Not among the four reads (issue 14 §1, §2).
      events: [],
      reminders: true,
    });
    expect(view.body.data).toMatchObject({ type: 'U', flagmsg: '0', flagpic: '1', gifts: { candles: 120, flowers: 3 }, personData: { profilepath: '/media/fotoclave1.jpg' } });
    expect(view.body.data.adminPosts.map((p) => p.text)).toEqual(['Primera de la familia']);
    expect(view.body.data.guestPosts.map((p) => p.text)).toEqual(['Aprobado']);
    // Nothing pending, no visitor's e-mail, no access code.
    const text = JSON.stringify(view.body);
    expect(text).not.toContain('Pendiente');
    expect(text).not.toContain('carmen@mail.pe');
    expect(text).not.toContain('entercode');
  });

  it('refuses a private memorial without its code with the access message, and names unknown and missing ids', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const refused = await t.get(`/api/person/guest-view?id=${memorial.identifier}`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Este perfil es privado. Ingresa el código de acceso para verlo');
    expect((await t.get('/api/person/guest-view?id=noexiste123')).status).toBe(404);
    expect((await t.get('/api/person/guest-view')).status).toBe(400);
  });
});

async function page(server: TestServer, query: string) {
  return fetch(`${server.url}/guest${query}`, { redirect: 'manual' });
}

function guestData(html: string): GuestPageData {
  const match = /<script type="application\/json" id="guest-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no guest-data block');
  return JSON.parse(match[1]) as GuestPageData;
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('GET /guest', () => {
  it('sends a visitor without an id, or with an unknown one, to the landing', async () => {
    for (const server of [t, rendered]) {
      for (const query of ['', '?id=', '?id=noexiste123']) {
        const res = await page(server, query);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/');
      }
    }
  });

  it('falls back to the client-rendered app when the guest bundle is not built', async () => {
    expect(t.config.webDistDir).toBe(FIXTURE_WEB_DIST);
    const { memorial } = await makeOwner(t.db);
    const res = await page(t, `?id=${memorial.identifier}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Recuerdos (test)</title>');
    expect(html).toContain('id="site-config"');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('renders a public memorial with its data, the guest bundle, the photo preloaded and link previews about the person', async () => {
    const { memorial } = await makeOwner(rendered.db, {
      memorial: { type: 'U', fullname: 'Rosa </script><b>Mamani</b>', photoKey: 'fotoclave2', description: 'Tu amor vive en cada uno de nosotros.' },
    });
    await addPosts(rendered.db, memorial.id);
    const res = await page(rendered, `?id=${memorial.identifier}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<div id="root"><main data-state="content">contenido</main></div>');
    const data = guestData(html);
    expect(data).toMatchObject({ identifier: memorial.identifier, publicUrl: 'http://recuerdos.test', account: { type: 'U' } });
    expect(data.view?.adminPosts).toHaveLength(1);
    expect(data.view?.personData.fullname).toBe('Rosa </script><b>Mamani</b>');
    // The name cannot close the data block or add markup.
    expect(html).not.toContain('<b>Mamani</b>');

    const top = head(html);
    // The bundle (entry and the chunks it imports) is asked for after the first paint, by the one
    // inline module the CSP allows, after the early taps' script (a tap before the page is live is
    // held, decision 028 §21); no web font, no app manifest (it would install the landing).
    // The chunks in the order they are evaluated, each after the chunks it imports (one a task).
    expect(startedScripts(html, res.headers.get('content-security-policy'), [EARLY_TAPS_SCRIPT])).toEqual([
      '/assets/guest-entry-client-test.js',
      '/assets/guest-shared-test.js',
      '/assets/guest-data-test.js',
    ]);
    expect(top).toContain('<link rel="stylesheet" href="/assets/entry-client-test.css">');
    expect(top).not.toContain('as="font"');
    // The raster icon only (an SVG one is drawn as a document of its own on the main thread), and
    // no opener isolation (a cold renderer process for the page that must open fastest).
    expect(top).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(top).not.toContain('favicon.svg');
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(top).not.toContain('rel="manifest"');
    expect(top).toContain(
      '<link rel="preload" as="image" href="/media/fotoclave2.jpg" imagesrcset="/media/fotoclave2-130.webp 130w, /media/fotoclave2-260.webp 260w, /media/fotoclave2-300.webp 300w" imagesizes="130px" fetchpriority="high">',
    );
    expect(top).toContain('<title>Rosa &lt;/script&gt;&lt;b&gt;Mamani&lt;/b&gt; (1941 – 2023) · Recuerdos</title>');
    expect(top).toContain('<meta property="og:title" content="Rosa &lt;/script&gt;&lt;b&gt;Mamani&lt;/b&gt; (1941 – 2023) · Recuerdos">');
    expect(top).toContain('<meta property="og:description" content="«Tu amor vive en cada uno de nosotros.» Enciende una vela, deja flores y comparte un recuerdo.">');
    expect(top).toContain('<meta property="og:image" content="http://recuerdos.test/media/fotoclave2.jpg">');
    expect(top).toContain('<meta property="og:image:width" content="300">');
    expect(top).toContain(`<meta property="og:url" content="http://recuerdos.test/guest?id=${memorial.identifier}">`);
    expect(top).toContain('<meta name="twitter:card" content="summary">');
    expect(top).toContain('<meta name="twitter:image" content="http://recuerdos.test/media/fotoclave2.jpg">');
    expect(top).not.toContain('noindex');
  });

  it('sends the document and the bundle compressed', async () => {
    const { memorial } = await makeOwner(rendered.db, { memorial: { type: 'U' } });
    const res = await fetch(`${rendered.url}/guest?id=${memorial.identifier}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(await res.text()).toContain('<main data-state="content">');
    const gz = await fetch(`${rendered.url}/guest?id=${memorial.identifier}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('<main data-state="content">');
    const script = await fetch(`${rendered.url}/assets/guest-entry-client-test.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(await script.text()).toBe('console.log("guest bundle (test)");\n');
  });

  it('uses the product picture for a public memorial without a photo', async () => {
    const { memorial } = await makeOwner(rendered.db, { memorial: { type: 'U', photoKey: null } });
    const top = head(await (await page(rendered, `?id=${memorial.identifier}`)).text());
    expect(top).toContain('<meta property="og:image" content="http://recuerdos.test/og-recuerdos.jpg">');
    expect(top).not.toContain('rel="preload" as="image"');
  });

  it('renders the access-code screen of a private memorial with nothing about the person in its tags', async () => {
    const { memorial } = await makeOwner(rendered.db, {
      memorial: { type: 'P', accessCode: 'clave1', fullname: 'Julia Privada Quispe', photoKey: 'fotoprivada', description: 'Epitafio privado', flagMessage: 0 },
    });
    await addPosts(rendered.db, memorial.id);
    const res = await page(rendered, `?id=${memorial.identifier}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<main data-state="gate">código</main>');
    const data = guestData(html);
    // Only what verify-type-account tells anyone.
    expect(data).toEqual({
      identifier: memorial.identifier,
      publicUrl: 'http://recuerdos.test',
      account: { type: 'P', fullname: 'Julia Privada Quispe', flagmsg: '0', flagpic: '1' },
      view: null,
    });
    expect(html).not.toContain('Epitafio privado');
    expect(html).not.toContain('fotoprivada');
    expect(html).not.toContain('Primera de la familia');
    const top = head(html);
    expect(top).not.toContain('Julia');
    expect(top).toContain('<title>Memorial privado · Recuerdos</title>');
    expect(top).toContain('<meta property="og:image" content="http://recuerdos.test/og-recuerdos.jpg">');
    expect(top).not.toContain('og:url');
    expect(top).toContain('<meta name="robots" content="noindex">');
  });
});

describe('GET /guest, rendered once and served many times (issue 13 §2)', () => {
  /** The page as a returning browser asks for it: with the ETag it holds. */
  async function revisit(identifier: string, etag: string | null) {
    const res = await fetch(`${rendered.url}/guest?id=${identifier}`, { headers: etag ? { 'if-none-match': etag } : {} });
    const html = await res.text();
    return { status: res.status, etag: res.headers.get('etag'), html, data: res.status === 200 ? guestData(html) : null };
  }

  it('answers 304 while nothing shown has changed, and the new page after every change that shows', async () => {
    const { memorial, token } = await makeOwner(rendered.db, { memorial: { type: 'U', fullname: 'Rosa Quispe' } });
    const id = memorial.identifier;
    const first = await revisit(id, null);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"g[\w-]+"$/);
    let etag = first.etag ?? '';
    const same = await revisit(id, etag);
    expect([same.status, same.etag, etag]).toEqual([304, etag, etag]);
    expect(same.html).toBe('');
    expect(same.etag).toBe(etag);

    let order: string[] = [];
    const changes: [string, () => Promise<unknown>, (data: GuestPageData) => void][] = [
      [
        'a post added',
        () => rendered.post('/api/content/save-admin-message', { identifier: id, message: 'Uno' }, { token }),
        (data) => expect(data.view?.adminPosts.map((p) => p.text)).toEqual(['Uno']),
      ],
      [
        'another post',
        () => rendered.post('/api/content/save-admin-message', { identifier: id, message: 'Dos' }, { token }),
        (data) => {
          order = data.view?.adminPosts.map((p) => p.text) ?? [];
          expect(order).toHaveLength(2);
        },
      ],
      [
        'the posts reordered',
        async () => {
          const [a, b] = (await rendered.db.selectFrom('posts').select(['reg', 'place']).where('memorialId', '=', memorial.id).orderBy('place').execute()).map((p) => p.reg);
          return rendered.post('/api/content/update-cards-order', { identifier: id, cards: JSON.stringify([{ reg: a, place: 2 }, { reg: b, place: 1 }]) }, { token, as: 'json' });
        },
        (data) => expect(data.view?.adminPosts.map((p) => p.text)).toEqual([...order].reverse()),
      ],
      [
        'a post deleted',
        async () => {
          const [post] = await rendered.db.selectFrom('posts').select('reg').where('memorialId', '=', memorial.id).where('text', '=', 'Uno').execute();
          return rendered.post('/api/content/delete-message', { identifier: id, date: post?.reg ?? '' }, { token, as: 'json' });
        },
        (data) => expect(data.view?.adminPosts.map((p) => p.text)).toEqual(['Dos']),
      ],
      [
        'the data edited',
        () =>
          rendered.post(
            '/api/person/update-basic-data',
            { identifier: id, fullname: 'Rosa Elvira Quispe', birthdate: '1941-03-14', deathdate: '2023-09-05', location: 'Lima', description: 'Siempre.' },
            { token },
          ),
        (data) => expect(data.view?.personData.fullname).toBe('Rosa Elvira Quispe'),
      ],
      [
        'a setting changed',
        () => rendered.post('/api/person/update-flag-message', { identifier: id, flag: '0' }, { token, as: 'json' }),
        (data) => expect(data.account.flagmsg).toBe('0'),
      ],
      [
        'a candle lit',
        () => rendered.post('/api/gift/update-gift', { identifier: id, type: 'V' }, { as: 'json' }),
        (data) => expect(data.view?.gifts.candles).toBe(1),
      ],
    ];
    for (const [change, act, shows] of changes) {
      const res = (await act()) as { status: number };
      expect(res.status, change).toBe(200);
      const after = await revisit(id, etag);
      expect(after.status, change).toBe(200);
      expect(after.etag, change).not.toBe(etag);
      if (after.data) shows(after.data);
      etag = after.etag ?? '';
      expect((await revisit(id, etag)).status, change).toBe(304);
    }
  });

  it('keeps each memorial to its own page, and a private memorial’s content to the visitor with its code', async () => {
    const one = await makeOwner(rendered.db, { memorial: { type: 'U', fullname: 'Memorial Uno' } });
    const two = await makeOwner(rendered.db, { memorial: { type: 'U', fullname: 'Memorial Dos' } });
    const [a, b] = [await revisit(one.memorial.identifier, null), await revisit(two.memorial.identifier, null)];
    expect(a.data?.view?.personData.fullname).toBe('Memorial Uno');
    expect(b.data?.view?.personData.fullname).toBe('Memorial Dos');
    expect(a.etag).not.toBe(b.etag);
    // One memorial's tag means nothing for another.
    expect((await revisit(two.memorial.identifier, a.etag)).status).toBe(200);

    const closed = await makeOwner(rendered.db, { memorial: { type: 'P', accessCode: 'clave1', fullname: 'Julia Privada' } });
    await addPosts(rendered.db, closed.memorial.id);
    const guest = await makeGuestToken(rendered.db, closed.memorial);
    const withCode = await fetch(`${rendered.url}/guest?id=${closed.memorial.identifier}`, { headers: { guest } });
    const html = await withCode.text();
    expect(guestData(html).view?.adminPosts.map((p) => p.text)).toEqual(['Primera de la familia']);
    expect(withCode.headers.get('etag')).toBeNull();
    // Its content keeps the opener isolation the public page and the code screen go without.
    expect(withCode.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // The next visitor, without the code, gets the code screen: nothing of the content was kept for them.
    const stranger = await revisit(closed.memorial.identifier, null);
    expect(stranger.data?.view).toBeNull();
    expect(stranger.html).not.toContain('Primera de la familia');
  });
});
