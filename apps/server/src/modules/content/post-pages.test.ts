// Issue 13 §1: the guest lists in pages. The spec's calls keep answering whole lists; with `size`
// (and `after`) they answer one page and where the next starts, in order, with no post repeated or
// skipped while new ones are added; the server-rendered page carries the first page of each list
// and plain `?page=` links; a private memorial pages the same after the code.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestViewData, Post, PostPageData } from '@recuerdos/shared/api-types';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { insertPost } from './content.repository';

const GUEST_SSR_FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/guest-ssr/web');

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { WEB_DIST_DIR: GUEST_SSR_FIXTURE } });
});
afterAll(async () => {
  await t.close();
});

async function addOwnerPosts(memorialId: number, texts: string[]): Promise<void> {
  for (const text of texts) {
    await insertPost(t.db, { memorialId, authorKind: 'owner', authorName: 'Familia', authorEmail: null, text, mediaKey: null, mediaKind: null, state: 'approved', approvedAt: null });
  }
}

async function addGuestPosts(memorialId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await insertPost(t.db, { memorialId, authorKind: 'guest', authorName: `Visita ${i}`, authorEmail: null, text: `Visita ${i}`, mediaKey: null, mediaKind: null, state: 'approved', approvedAt: null });
  }
}

const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Recuerdo ${from + i}`);

function guestData(html: string): GuestPageData {
  const match = /<script type="application\/json" id="guest-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no guest-data block');
  return JSON.parse(match[1]) as GuestPageData;
}

describe('the guest lists in pages', () => {
  it('answer whole lists without size, as spec §7 says', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    await addOwnerPosts(memorial.id, numbered(1, 30));
    const whole = await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`);
    expect(whole.body.data.posts).toHaveLength(30);
    expect(whole.body.data).not.toHaveProperty('next');
  });

  it('walk the family list page by page, in order, without repeating or skipping a post while new ones are added', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    await addOwnerPosts(memorial.id, numbered(1, 30));
    const seen: string[] = [];
    let after: string | null = null;
    let added = 0;
    do {
      const query: string = `/api/content/get-admin-posts-for-guest?id=${memorial.identifier}&size=12${after ? `&after=${after}` : ''}`;
      const res = await t.get<PostPageData>(query);
      expect(res.status).toBe(200);
      expect(res.body.data.posts.length).toBeLessThanOrEqual(12);
      seen.push(...res.body.data.posts.map((p) => p.text));
      after = res.body.data.next;
      // The family keeps posting while the visitor scrolls: new posts go on top.
      added += 1;
      await addOwnerPosts(memorial.id, [`Nuevo ${added}`]);
    } while (after);
    expect(seen).toEqual(numbered(1, 30).reverse());
  });

  it('walk the visitors’ list newest first, and refuse a damaged cursor with a clear message', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    await addGuestPosts(memorial.id, 15);
    const first = await t.get<PostPageData>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}&size=10`);
    expect(first.body.data.posts.map((p) => p.fullname)).toEqual(Array.from({ length: 10 }, (_, i) => `Visita ${14 - i}`));
    const second = await t.get<PostPageData>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}&size=10&after=${first.body.data.next ?? ''}`);
    expect(second.body.data.posts.map((p) => p.fullname)).toEqual(Array.from({ length: 5 }, (_, i) => `Visita ${4 - i}`));
    expect(second.body.data.next).toBeNull();
    const damaged = await t.get(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}&size=10&after=roto`);
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toBe('El punto desde el que seguir la lista no es válido. Vuelve a cargar la página');
  });

  it('page a private memorial the same after the code, and nothing before it', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    await addOwnerPosts(memorial.id, numbered(1, 14));
    const guest = await makeGuestToken(t.db, memorial);
    const view = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}&size=12`, { guest });
    expect(view.body.data.adminPosts).toHaveLength(12);
    const rest = await t.get<PostPageData>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}&size=12&after=${view.body.data.adminNext ?? ''}`, { guest });
    expect(rest.body.data.posts.map((p) => p.text)).toEqual(['Recuerdo 2', 'Recuerdo 1']);
    expect((await t.get(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}&size=12&after=${view.body.data.adminNext ?? ''}`)).status).toBe(401);
  });
});

describe('the server-rendered page in pages', () => {
  it('carries the first page of each list and plain links to the next pages; past the last it goes back to the first', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    await addOwnerPosts(memorial.id, numbered(1, 30));
    await addGuestPosts(memorial.id, 5);
    const url = `${t.url}/guest?id=${memorial.identifier}`;
    const first = guestData(await (await fetch(url)).text());
    expect(first.view?.adminPosts.map((p) => p.text)).toEqual(numbered(19, 30).reverse());
    expect(first.view?.guestPosts).toHaveLength(5);
    expect(first.view?.adminNext).toBeTruthy();
    expect(first.view?.guestNext).toBeNull();
    expect([first.page, first.nextPage]).toEqual([1, 2]);

    const second = guestData(await (await fetch(`${url}&page=2`)).text());
    expect(second.view?.adminPosts.map((p) => p.text)).toEqual(numbered(7, 18).reverse());
    expect(second.view?.guestPosts).toEqual([]);
    expect([second.page, second.nextPage]).toEqual([2, 3]);
    const third = guestData(await (await fetch(`${url}&page=3`)).text());
    expect(third.view?.adminPosts.map((p) => p.text)).toEqual(numbered(1, 6).reverse());
    expect(third.nextPage).toBeNull();

    const past = await fetch(`${url}&page=9`, { redirect: 'manual' });
    expect(past.status).toBe(302);
    expect(past.headers.get('location')).toBe(`/guest?id=${memorial.identifier}`);
    // Nonsense is the first page.
    expect(guestData(await (await fetch(`${url}&page=abc`)).text()).page).toBe(1);
  });
});

describe('the JSON the pages use (issue 13 §2)', () => {
  it('answers 304 to a browser that holds the same answer, and the new one after a change', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'U' } });
    await addOwnerPosts(memorial.id, numbered(1, 3));
    for (const path of [`/api/person/guest-view?id=${memorial.identifier}&size=12`, `/api/content/get-admin-posts-for-guest?id=${memorial.identifier}&size=12`]) {
      const first = await fetch(t.url + path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"g[\w-]+"$/);
      await first.arrayBuffer();
      const again = await fetch(t.url + path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      // Another page of the same list is another answer.
      const other = await fetch(`${t.url}${path.replace('size=12', 'size=2')}`, { headers: { 'if-none-match': etag } });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
    }
    const before = (await fetch(`${t.url}/api/person/guest-view?id=${memorial.identifier}&size=12`)).headers.get('etag') ?? '';
    expect((await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Nuevo' }, { token })).status).toBe(200);
    const after = await fetch(`${t.url}/api/person/guest-view?id=${memorial.identifier}&size=12`, { headers: { 'if-none-match': before } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: GuestViewData }).data.adminPosts[0]?.text).toBe('Nuevo');
  });
});
