// /api/content/*: permissions per role, the guest post life cycle with its media and e-mails, the
// owner's posts and their order, and epitaph ideas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type RequestOptions } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { EVERYONE, OWNER_ONLY, OWNER_OR_GUEST, testRoles, type RoleCase, type RoleSet } from '../../../test/roles';
import { file, mediaFiles, mp4Bytes, objectNameOf, pictureBytes, SIGNED_PATH } from '../../../test/media-fixtures';
import type { Post, PendingPost } from '@recuerdos/shared/api-types';
import type { NewPost, PostRow } from '../../db/schema';
import { EPITAPHS } from '../../db/migrations/0003-epitaphs';
import { insertPost } from './content.repository';
import { SUBMISSION_LIMIT } from './content.service';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

function addPost(memorialId: number, values: Partial<Omit<NewPost, 'memorialId'>> = {}): Promise<PostRow> {
  return insertPost(t.db, {
    memorialId,
    authorKind: 'owner',
    authorName: 'Familia',
    authorEmail: null,
    text: 'Un recuerdo',
    mediaKey: null,
    mediaKind: null,
    state: 'approved',
    approvedAt: null,
    ...values,
  });
}

const pendingGuestPost = (memorialId: number, values: Partial<Omit<NewPost, 'memorialId'>> = {}) =>
  addPost(memorialId, { authorKind: 'guest', authorName: 'Lucía', authorEmail: 'lucia@ejemplo.pe', text: 'Pendiente secreto', state: 'pending', ...values });

const postRow = (id: number) => t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
const countPosts = async (memorialId: number) =>
  (await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('memorialId', '=', memorialId).executeTakeFirstOrThrow()).n;

describe('permissions per role', () => {
  const ownerOnly = { P: OWNER_ONLY, U: OWNER_ONLY };
  const guestRead = { P: OWNER_OR_GUEST, U: EVERYONE };
  const read = (path: string, param: 'id' | 'identifier') => async (roles: RoleSet, options: RequestOptions) => {
    await addPost(roles.owner.memorial.id);
    await pendingGuestPost(roles.owner.memorial.id);
    const res = await t.get(`/api/content/${path}?${param}=${roles.owner.memorial.identifier}`, options);
    return { status: res.status, data: res.body.data };
  };
  const cases: RoleCase[] = [
    { name: 'GET get-admin-posts', expect: ownerOnly, run: read('get-admin-posts', 'identifier') },
    { name: 'GET get-guest-approved-posts', expect: ownerOnly, run: read('get-guest-approved-posts', 'identifier') },
    { name: 'GET get-guest-pending-posts', expect: ownerOnly, run: read('get-guest-pending-posts', 'identifier') },
    { name: 'GET count-guest-pending-posts', expect: ownerOnly, run: read('count-guest-pending-posts', 'identifier') },
    { name: 'GET get-admin-posts-for-guest', expect: guestRead, run: read('get-admin-posts-for-guest', 'id') },
    { name: 'GET get-guest-approved-posts-for-guest', expect: guestRead, run: read('get-guest-approved-posts-for-guest', 'id') },
    {
      name: 'POST save-admin-message',
      expect: ownerOnly,
      run: async (roles, options) => {
        const before = await countPosts(roles.owner.memorial.id);
        const res = await t.post('/api/content/save-admin-message', { identifier: roles.owner.memorial.identifier, message: 'Te extrañamos' }, options);
        return { status: res.status, data: res.body.data, changed: (await countPosts(roles.owner.memorial.id)) !== before };
      },
    },
    {
      name: 'POST save-guest-message',
      expect: {
        P: { anonymous: 401, guest: 200, otherGuest: 401, owner: 401, otherOwner: 401 },
        U: { anonymous: 401, guest: 403, otherGuest: 403, owner: 401, otherOwner: 401 },
      },
      run: async (roles, options) => {
        const before = await countPosts(roles.owner.memorial.id);
        const res = await t.post(
          '/api/content/save-guest-message',
          { identifier: roles.owner.memorial.identifier, fullname: 'Lucía', email: '', message: 'Gracias por todo' },
          options,
        );
        return { status: res.status, data: res.body.data, changed: (await countPosts(roles.owner.memorial.id)) !== before };
      },
    },
    {
      // Issue 26 (decision 032): how a visitor's own videos are converting, by their receipts.
      name: 'POST guest-video-states',
      expect: {
        P: { anonymous: 401, guest: 200, otherGuest: 401, owner: 401, otherOwner: 401 },
        U: { anonymous: 401, guest: 200, otherGuest: 403, owner: 401, otherOwner: 401 },
      },
      run: async (roles, options) => {
        const res = await t.postJson('/api/content/guest-video-states', { identifier: roles.owner.memorial.identifier, receipts: ['r'.repeat(43)] }, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'POST delete-message',
      expect: ownerOnly,
      run: async (roles, options) => {
        const post = await addPost(roles.owner.memorial.id);
        const res = await t.post('/api/content/delete-message', { identifier: roles.owner.memorial.identifier, date: post.reg }, { ...options, as: 'json' });
        return { status: res.status, data: res.body.data, changed: !(await postRow(post.id)) };
      },
    },
    {
      name: 'POST approve-message',
      expect: ownerOnly,
      run: async (roles, options) => {
        const post = await pendingGuestPost(roles.owner.memorial.id);
        const res = await t.post('/api/content/approve-message', { identifier: roles.owner.memorial.identifier, date: post.reg }, { ...options, as: 'json' });
        return { status: res.status, data: res.body.data, changed: (await postRow(post.id))?.state === 'approved' };
      },
    },
    {
      name: 'POST deny-message',
      expect: ownerOnly,
      run: async (roles, options) => {
        const post = await pendingGuestPost(roles.owner.memorial.id);
        const res = await t.post('/api/content/deny-message', { identifier: roles.owner.memorial.identifier, date: post.reg }, { ...options, as: 'json' });
        return { status: res.status, data: res.body.data, changed: !(await postRow(post.id)) };
      },
    },
    {
      name: 'POST update-cards-order',
      expect: ownerOnly,
      run: async (roles, options) => {
        const a = await addPost(roles.owner.memorial.id);
        const b = await addPost(roles.owner.memorial.id);
        const cards = JSON.stringify([{ reg: a.reg, place: b.place }, { reg: b.reg, place: a.place }]);
        const res = await t.post('/api/content/update-cards-order', { identifier: roles.owner.memorial.identifier, cards }, options);
        return { status: res.status, data: res.body.data, changed: (await postRow(a.id))?.place === b.place };
      },
    },
    {
      name: 'GET epitafio/random',
      expect: { P: EVERYONE, U: EVERYONE },
      run: async (_roles, options) => {
        const res = await t.get('/api/content/epitafio/random', options);
        return { status: res.status, data: res.body.data };
      },
    },
  ];

  testRoles(() => t.db, cases);
});

describe('guest post life cycle', () => {
  it('a picture waits pending, unseen by guests, then the owner approves it and the guest is told', async () => {
    const { memorial, token, account } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'flores' } });
    const login = await t.post<{ token: string }>('/api/user/guest/login', { identifier: memorial.identifier, accessCode: 'flores' });
    const guest = login.body.data.token;
    const sent = await t.post(
      '/api/content/save-guest-message',
      {
        identifier: memorial.identifier,
        fullname: 'Lucía Torres',
        email: 'lucia.torres@ejemplo.pe',
        message: 'Siempre en mi corazón',
        postPicture: file(await pictureBytes(), 'blob', 'image/jpeg'),
      },
      { guest },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ code: '200', message: 'Su memoria ha sido enviada', data: {} });

    // The owner is told a memory awaits approval.
    const notice = await t.mail((m) => m.to.includes(account.email));
    expect(notice.subject).toBe('Un nuevo recuerdo de Lucía Torres espera tu aprobación');
    expect(findLink(notice.text, 'http://recuerdos.test/account/notifications')).toBe('http://recuerdos.test/account/notifications');
    expect(notice.text).not.toContain('lucia.torres@ejemplo.pe');

    // Guests see nothing of it.
    for (const path of ['get-guest-approved-posts-for-guest', 'get-admin-posts-for-guest']) {
      const res = await t.get<{ posts: Post[] }>(`/api/content/${path}?id=${memorial.identifier}`, { guest });
      expect(res.body.data.posts).toEqual([]);
    }

    const pending = await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token });
    expect(pending.body.data.posts).toHaveLength(1);
    // The bell's count alone (issue 28 §4): the same number, nothing else.
    const pendingCount = async () => (await t.get(`/api/content/count-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data;
    expect(await pendingCount()).toEqual({ count: 1 });
    const [item] = pending.body.data.posts;
    expect(item).toEqual({ reg: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/) as unknown, date: item?.reg, fullname: 'Lucía Torres', text: 'Siempre en mi corazón', path: expect.stringMatching(/^\/media\/s\/[^/]+\/pending\/[A-Za-z0-9_-]{22}\.jpg$/) as unknown });
    const pendingPath = item?.path ?? '';
    const pendingMedia = await fetch(t.url + pendingPath);
    expect(pendingMedia.status).toBe(200);
    expect(pendingMedia.headers.get('cache-control')).toBe('private, no-store');

    const approved = await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: item?.reg ?? '' }, { token, as: 'json' });
    expect(approved.status).toBe(200);
    expect((await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data.posts).toEqual([]);
    expect(await pendingCount()).toEqual({ count: 0 });

    const visible = await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`, { guest });
    expect(visible.body.data.posts).toHaveLength(1);
    const post = visible.body.data.posts[0];
    expect(post).toMatchObject({ identifier: memorial.identifier, reg: item?.reg, date: item?.reg, fullname: 'Lucía Torres', text: 'Siempre en mi corazón' });
    // The memorial is private: its links are signed, and name the published object.
    expect(post?.path).toMatch(SIGNED_PATH);
    expect(objectNameOf(post?.path ?? '')).toBe(objectNameOf(pendingPath).replace('pending/', ''));
    expect(JSON.stringify(visible.body)).not.toContain('lucia.torres@ejemplo.pe');
    expect((await fetch(t.url + pendingPath)).status).toBe(404);
    const publicMedia = await fetch(t.url + (post?.path ?? ''));
    expect(publicMedia.status).toBe(200);
    expect(publicMedia.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    for (const width of [240, 480, 800]) expect((await fetch(t.url + (post?.path ?? '').replace('.jpg', `-${width}.webp`))).status).toBe(200);

    const thanks = await t.mail((m) => m.to.includes('lucia.torres@ejemplo.pe'));
    expect(thanks.subject).toBe(`Tu recuerdo ya está en el memorial de ${memorial.fullname}`);
    expect(findLink(thanks.text, 'http://recuerdos.test/guest?id=')).toBe(`http://recuerdos.test/guest?id=${memorial.identifier}`);

    // Approving twice finds nothing pending.
    const again = await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: item?.reg ?? '' }, { token, as: 'json' });
    expect(again.status).toBe(404);
  });

  it('a denied video is deleted with its file', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'velas', flagNotification: 0 } });
    const guest = await makeGuestToken(t.db, memorial);
    const before = await mediaFiles(t.ctx.media);
    const sent = await t.post(
      '/api/content/save-guest-message',
      { identifier: memorial.identifier, fullname: 'Pedro', message: ' ', postVideo: file(mp4Bytes(200_000), 'video.mp4', 'video/mp4') },
      { guest },
    );
    expect(sent.status).toBe(200);
    const pending = await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token });
    const item = pending.body.data.posts[0];
    expect(item).toMatchObject({ fullname: 'Pedro', text: '', path: expect.stringMatching(/^\/media\/s\/[^/]+\/pending\/[A-Za-z0-9_-]{22}\.mp4$/) as unknown });
    const added = (await mediaFiles(t.ctx.media)).filter((f) => !before.includes(f));
    // The video and its poster frame.
    expect(added.sort()).toEqual([objectNameOf(item?.path ?? ''), objectNameOf(item?.poster ?? '')].sort());
    expect(item?.poster).toBe((item?.path ?? '').replace(/\.mp4$/, '-poster.jpg'));

    const denied = await t.post('/api/content/deny-message', { identifier: memorial.identifier, date: item?.reg ?? '' }, { token, as: 'json' });
    expect(denied.status).toBe(200);
    expect(await mediaFiles(t.ctx.media)).toEqual(before);
    expect(await countPosts(memorial.id)).toBe(0);
    expect((await fetch(t.url + (item?.path ?? ''))).status).toBe(404);
    // No e-mail to anyone: notifications are off and the guest left no address.
    await t.mailsSent();
    expect(t.smtp.messages.filter((m) => m.text.includes(memorial.fullname) && m.subject.includes('Pedro'))).toEqual([]);
  });

  it('deny refuses a post that is not pending, and delete removes any post with its media', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const guest = await makeGuestToken(t.db, memorial);
    await t.db.updateTable('memorials').set({ type: 'P' }).where('id', '=', memorial.id).execute();
    await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', postPicture: file(await pictureBytes(), 'a.jpg') }, { guest });
    const [pending] = (await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: pending?.reg ?? '' }, { token, as: 'json' });
    const deny = await t.post('/api/content/deny-message', { identifier: memorial.identifier, date: pending?.reg ?? '' }, { token, as: 'json' });
    expect(deny.status).toBe(404);
    expect(deny.body.message).toBe('Este mensaje ya no está pendiente de aprobación');

    const [approved] = (await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    const key = objectNameOf(approved?.path ?? '').slice(0, -'.jpg'.length);
    expect((await mediaFiles(t.ctx.media)).filter((f) => f.startsWith(key))).toHaveLength(4);
    const del = await t.post('/api/content/delete-message', { identifier: memorial.identifier, date: approved?.reg ?? '' }, { token, as: 'json' });
    expect(del.status).toBe(200);
    expect((await mediaFiles(t.ctx.media)).filter((f) => f.startsWith(key))).toEqual([]);
    const missing = await t.post('/api/content/delete-message', { identifier: memorial.identifier, date: approved?.reg ?? '' }, { token, as: 'json' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No encontramos esta publicación');
  });

  it('respects the memorial’s flags: messages and pictures each need their own', async () => {
    const { memorial, account } = await makeOwner(t.db, { memorial: { type: 'P', flagMessage: 0, flagPicture: 1, flagNotification: 0 } });
    const guest = await makeGuestToken(t.db, memorial);
    const text = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', message: 'Hola' }, { guest });
    expect(text.status).toBe(403);
    expect(text.body.message).toBe('Este perfil no admite mensajes de los visitantes');
    const pictureWithText = await t.post(
      '/api/content/save-guest-message',
      { identifier: memorial.identifier, fullname: 'Ana', message: 'Hola', postPicture: file(await pictureBytes(), 'a.jpg') },
      { guest },
    );
    expect(pictureWithText.status).toBe(403);
    const pictureOnly = await t.post(
      '/api/content/save-guest-message',
      { identifier: memorial.identifier, fullname: 'Ana', message: ' ', postPicture: file(await pictureBytes(), 'a.jpg') },
      { guest },
    );
    expect(pictureOnly.status).toBe(200);
    expect(await countPosts(memorial.id)).toBe(1);

    await t.db.updateTable('memorials').set({ flagMessage: 1, flagPicture: 0 }).where('id', '=', memorial.id).execute();
    const video = await t.post(
      '/api/content/save-guest-message',
      { identifier: memorial.identifier, fullname: 'Ana', message: 'Hola', postVideo: file(mp4Bytes(), 'v.mp4') },
      { guest },
    );
    expect(video.status).toBe(403);
    expect(video.body.message).toBe('Este perfil no admite fotos ni videos de los visitantes');
    expect((await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', message: 'Hola' }, { guest })).status).toBe(200);
    expect(await countPosts(memorial.id)).toBe(2);
    // Notifications off: the owner gets no e-mail.
    await t.mailsSent();
    expect(t.smtp.to(account.email)).toEqual([]);
  });
});

describe('guest submission limit', () => {
  it('refuses more than 20 memories an hour from one visitor on one memorial', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', flagNotification: 0 } });
    const guest = await makeGuestToken(t.db, memorial);
    const send = () => t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', message: 'Hola' }, { guest });
    for (let i = 0; i < SUBMISSION_LIMIT.max; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Ya compartiste varios recuerdos en poco tiempo. Inténtalo de nuevo más tarde');
    expect(await countPosts(memorial.id)).toBe(SUBMISSION_LIMIT.max);
  });
});

describe('owner posts', () => {
  it('answers the new post at once, shows the newest first, and reorders in JSON or bracket form', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const first = await t.post<{ data: { path: string; date: string; reg: string } }>(
      '/api/content/save-admin-message',
      { identifier: memorial.identifier, message: '  Primer recuerdo  ' },
      { token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data.data).toEqual({ path: '', date: first.body.data.data.reg, reg: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/) as unknown });
    const second = await t.post<{ data: { path: string; reg: string } }>(
      '/api/content/save-admin-message',
      { identifier: memorial.identifier, message: ' ', postPicture: file(await pictureBytes({ format: 'png' }), 'blob', 'image/png') },
      { token },
    );
    expect(second.body.data.data.path).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.jpg$/);
    const third = await t.post<{ data: { path: string; reg: string } }>(
      '/api/content/save-admin-message',
      { identifier: memorial.identifier, message: 'Su canción', postVideo: file(mp4Bytes(), 'cancion.mp4', 'video/mp4') },
      { token },
    );
    expect(third.body.data.data.path).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.mp4$/);

    const list = async () => (await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    const posts = await list();
    expect(posts.map((p) => [p.text, p.place, p.fullname])).toEqual([
      ['Su canción', 3, 'Familia'],
      ['', 2, 'Familia'],
      ['Primer recuerdo', 1, 'Familia'],
    ]);
    expect((await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`)).body.data.posts).toEqual(posts);

    const regs = posts.map((p) => p.reg);
    const asJson = JSON.stringify([{ reg: regs[2], place: 3 }, { reg: regs[0], place: 2 }, { reg: regs[1], place: 1 }]);
    expect((await t.post('/api/content/update-cards-order', { identifier: memorial.identifier, cards: asJson }, { token })).status).toBe(200);
    expect((await list()).map((p) => p.text)).toEqual(['Primer recuerdo', 'Su canción', '']);

    const brackets = {
      identifier: memorial.identifier,
      'cards[0][reg]': regs[1] ?? '',
      'cards[0][place]': '3',
      'cards[1][reg]': regs[2] ?? '',
      'cards[1][place]': '2',
      'cards[2][reg]': regs[0] ?? '',
      'cards[2][place]': '1',
    };
    expect((await t.post('/api/content/update-cards-order', brackets, { token })).status).toBe(200);
    expect((await list()).map((p) => p.text)).toEqual(['', 'Primer recuerdo', 'Su canción']);

    // An empty list does nothing; a malformed one is refused.
    expect((await t.post('/api/content/update-cards-order', { identifier: memorial.identifier, cards: '[]' }, { token })).status).toBe(200);
    const bad = await t.post('/api/content/update-cards-order', { identifier: memorial.identifier, cards: '{oops' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('El orden de las publicaciones no es válido');
    expect((await list()).map((p) => p.text)).toEqual(['', 'Primer recuerdo', 'Su canción']);

    // A new post still lands on top: the highest place + 1.
    await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Último' }, { token });
    expect((await list())[0]).toMatchObject({ text: 'Último', place: 4 });
  });

  it('keeps reg unique within a memorial, even for posts saved in the same millisecond', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const at = new Date('2026-11-02T15:00:00.000Z');
    const rows = [];
    for (let i = 0; i < 3; i++) {
      rows.push(await insertPost(t.db, { memorialId: memorial.id, authorKind: 'guest', authorName: 'A', authorEmail: null, text: 'x', mediaKey: null, mediaKind: null, state: 'pending', approvedAt: null }, at));
    }
    expect(rows.map((r) => r.reg)).toEqual(['2026-11-02 10:00:00.000', '2026-11-02 10:00:00.001', '2026-11-02 10:00:00.002']);
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post<{ data: { reg: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'a la vez' }, { token }),
      ),
    );
    expect(concurrent.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(concurrent.map((r) => r.body.data.data.reg)).size).toBe(20);
    expect(await countPosts(memorial.id)).toBe(23);
  });

  it('guest-approved posts come newest first', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const older = await addPost(memorial.id, { authorKind: 'guest', authorName: 'Primera', text: 'a' });
    const newer = await addPost(memorial.id, { authorKind: 'guest', authorName: 'Segunda', text: 'b' });
    const res = await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts?identifier=${memorial.identifier}`, { token });
    expect(res.body.data.posts.map((p) => p.reg)).toEqual([newer.reg, older.reg]);
  });
});

describe('epitaph ideas', () => {
  it('gives one of at least 40 seeded epitaphs', async () => {
    expect(EPITAPHS.length).toBeGreaterThanOrEqual(40);
    const count = await t.db.selectFrom('epitaphs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(count.n).toBe(EPITAPHS.length);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await t.get<{ epitafio: { description: string } }>('/api/content/epitafio/random');
      expect(res.status).toBe(200);
      expect(EPITAPHS).toContain(res.body.data.epitafio.description);
      seen.add(res.body.data.epitafio.description);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
