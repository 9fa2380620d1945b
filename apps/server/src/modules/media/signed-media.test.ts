// Issue 12 §6: a private memorial's media answer only signed, expiring links of its current access
// code, cached privately; a public memorial keeps immutable plain paths, which stop answering once
// the memorial turns private. Every link is taken from the API, as a browser would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureSrcSet } from '@recuerdos/shared/media';
import type { Post } from '@recuerdos/shared/api-types';
import { startTestServer, type Fields, type TestServer } from '../../../test/helper';
import { file, mp4Bytes, pictureBytes } from '../../../test/media-fixtures';
import { makeGuestToken, makeOwner } from '../../../test/factories';

let t: TestServer;
let clock = Date.now();

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const SIGNED = /^\/media\/s\/[0-9a-z]+-[A-Za-z0-9_-]{24}\/[A-Za-z0-9_-]{22}\.(?:jpg|mp4)$/;

async function postWith(token: string, identifier: string, media: 'picture' | 'video'): Promise<string> {
  const fields: Fields =
    media === 'picture'
      ? { identifier, message: 'Foto', postPicture: file(await pictureBytes({ width: 900, height: 600 }), 'foto.jpg', 'image/jpeg') }
      : { identifier, message: 'Video', postVideo: file(mp4Bytes(20_000), 'video.mp4', 'video/mp4') };
  const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', fields, { token });
  expect(saved.status).toBe(200);
  return saved.body.data.data.path;
}

async function guestPaths(identifier: string, guest: string | null): Promise<string[]> {
  const res = await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${identifier}`, { guest });
  expect(res.status).toBe(200);
  return res.body.data.posts.map((post) => post.path).filter(Boolean);
}

/** A GET's status, its body read to the end (an unread body keeps the connection busy and the server from closing). */
async function status(path: string): Promise<number> {
  const res = await fetch(t.url + path);
  await res.arrayBuffer();
  return res.status;
}

describe('a private memorial', () => {
  it('hands out signed links that end as the media do, cached privately until they expire', async () => {
    const { memorial, token } = await makeOwner(t.ctx.db, { memorial: { type: 'P', accessCode: 'rosa2024' } });
    const picture = await postWith(token, memorial.identifier, 'picture');
    const video = await postWith(token, memorial.identifier, 'video');
    expect(picture).toMatch(SIGNED);
    expect(video).toMatch(SIGNED);
    expect(video.endsWith('.mp4')).toBe(true);

    const res = await fetch(t.url + picture);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    await res.arrayBuffer();
    const cache = /^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '');
    expect(cache).not.toBeNull();
    expect(Number(cache?.[1])).toBeGreaterThan(0);
    expect(Number(cache?.[1])).toBeLessThanOrEqual(3600);

    // The client derives WebP variants from the same signed prefix.
    const variant = pictureSrcSet(picture, 'post').split(', ')[0]?.split(' ')[0] ?? '';
    expect(variant).toMatch(/-240\.webp$/);
    expect(await status(variant)).toBe(200);

    // Video players ask for ranges through the signed link too.
    const range = await fetch(t.url + video, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    // The plain path of the same object is refused, as is a forged or altered signature.
    const plain = `/media/${picture.split('/').at(-1) ?? ''}`;
    expect(await status(plain)).toBe(404);
    const forged = picture.replace(/-([A-Za-z0-9_-])/, (_, c: string) => `-${c === 'A' ? 'B' : 'A'}`);
    expect(await status(forged)).toBe(404);
  });

  it('gives visitors with the code signed links, and nothing to those without it', async () => {
    const { memorial, token } = await makeOwner(t.ctx.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    await postWith(token, memorial.identifier, 'picture');
    const guest = await makeGuestToken(t.ctx.db, memorial);
    const [path = ''] = await guestPaths(memorial.identifier, guest);
    expect(path).toMatch(SIGNED);
    expect(await status(path)).toBe(200);
    const stranger = await t.get(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`);
    expect(stranger.status).toBe(401);
  });

  it('ends every link handed out before the access code changes, at once', async () => {
    const { memorial, token } = await makeOwner(t.ctx.db, { memorial: { type: 'P', accessCode: 'antes1' } });
    const picture = await postWith(token, memorial.identifier, 'picture');
    expect(await status(picture)).toBe(200);
    const changed = await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: 'despues2' }, { token });
    expect(changed.status).toBe(200);
    expect(await status(picture)).toBe(404);
    // The owner's page names new links that work.
    const fresh = await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts?identifier=${memorial.identifier}`, { token });
    const [path = ''] = fresh.body.data.posts.map((post) => post.path);
    expect(path).not.toBe(picture);
    expect(await status(path)).toBe(200);
  });

  it('lets a link die within the hour, and names a new one after', async () => {
    const { memorial, token } = await makeOwner(t.ctx.db, { memorial: { type: 'P', accessCode: 'hora1' } });
    const picture = await postWith(token, memorial.identifier, 'picture');
    const start = clock;
    try {
      clock = start + 44 * MINUTE;
      expect(await status(picture)).toBe(200);
      clock = start + 60 * MINUTE;
      expect(await status(picture)).toBe(404);
      const [path = ''] = await guestPaths(memorial.identifier, await makeGuestToken(t.ctx.db, memorial));
      expect(await status(path)).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('signs a link for one key only: another memorial’s key under it is refused', async () => {
    const one = await makeOwner(t.ctx.db, { memorial: { type: 'P', accessCode: 'uno1' } });
    const two = await makeOwner(t.ctx.db, { memorial: { type: 'P', accessCode: 'dos2' } });
    const mine = await postWith(one.token, one.memorial.identifier, 'picture');
    const theirs = await postWith(two.token, two.memorial.identifier, 'picture');
    const swapped = `${mine.slice(0, mine.lastIndexOf('/') + 1)}${theirs.split('/').at(-1) ?? ''}`;
    expect(await status(swapped)).toBe(404);
  });
});

describe('a public memorial', () => {
  it('keeps immutable plain links, which stop answering when it turns private', async () => {
    const { memorial, token } = await makeOwner(t.ctx.db, { memorial: { type: 'U' } });
    const picture = await postWith(token, memorial.identifier, 'picture');
    expect(picture).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.jpg$/);
    const res = await fetch(t.url + picture);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await res.arrayBuffer();

    const switched = await t.post('/api/person/update-profile-type', { identifier: memorial.identifier, type: 'P' }, { token });
    expect(switched.status).toBe(200);
    expect(await status(picture)).toBe(404);
    const [signed = ''] = await guestPaths(memorial.identifier, await makeGuestToken(t.ctx.db, memorial));
    expect(signed).toMatch(SIGNED);
    expect(await status(signed)).toBe(200);
  });
});
