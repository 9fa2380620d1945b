// Resumable video uploads (issue 13 §4) over tus 1.0: a video sent in parts, cut off by a dropped
// connection, resumed from the offset the server reports (on another instance of the same
// installation, too), and used by one submission, which stores one correct memory awaiting
// approval; the limits and permissions of the submission it serves; the sweep of abandoned uploads.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { PendingPost, Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { mediaFiles, mp4Bytes, objectNameOf, pictureBytes } from '../../../test/media-fixtures';
import type { Memorial } from '../../db/schema';
import { sweepTempMedia } from '../../jobs/temp-upload-sweep';
import type { Caller } from '../../auth/memorial-access';
import type { UserSession } from '../../auth/sessions';
import { appendToUpload, RESUMABLE_UPLOADS } from './uploads.service';

const MB = 1024 * 1024;
let clock = Date.now();
let t: TestServer;
let other: TestServer;
let memorial: Memorial;
let token: string;
let guest: string;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  // A second instance of the same installation (same database and store: the bucket, or on the
  // embedded default the same media folder).
  other = await startTestServer({ shareWith: t, now: () => new Date(clock), env: t.s3 ? {} : { MEDIA_DIR: t.config.mediaDir } });
  const owner = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'rosas', flagNotification: 0 } });
  memorial = owner.memorial;
  token = owner.token;
  guest = await makeGuestToken(t.db, memorial);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Who = { guest: string } | { token: string } | Record<string, never>;

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function create(who: Who, length: number, identifier = memorial.identifier, server = t) {
  const res = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': `identifier ${b64(identifier)},filename ${b64('misa.mp4')}`, ...who },
  });
  const body = res.status === 201 ? null : ((await res.json()) as { code: string; message: string });
  return { status: res.status, location: res.headers.get('location'), headers: res.headers, body };
}

async function head(location: string, who: Who, server = t) {
  const res = await fetch(server.url + location, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...who } });
  return { status: res.status, offset: Number(res.headers.get('upload-offset')), length: Number(res.headers.get('upload-length')), headers: res.headers };
}

async function patch(location: string, who: Who, offset: number, bytes: Buffer, server = t) {
  const res = await fetch(server.url + location, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), ...who },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, offset: Number(res.headers.get('upload-offset')), body: text ? (JSON.parse(text) as { code: string; message: string }) : null };
}

/** Sends `bytes` as a PATCH whose connection drops after `sent` of them (declaring them all). */
async function droppedPatch(location: string, who: Who, offset: number, bytes: Buffer, sent: number, server = t): Promise<void> {
  const url = new URL(server.url + location);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), 'Content-Length': String(bytes.length), ...who },
  });
  request.on('error', () => undefined);
  await new Promise<void>((resolve) => request.write(bytes.subarray(0, sent), () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 300));
  request.destroy();
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

const uploadRows = async () => (await t.db.selectFrom('resumableUploads').select('id').execute()).length;
const pieceRows = async () => (await t.db.selectFrom('resumableUploadPieces').select('tempKey').execute()).length;
const countPosts = async (m = memorial) =>
  (await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('memorialId', '=', m.id).executeTakeFirstOrThrow()).n;

async function fetchBytes(path: string): Promise<Buffer> {
  const res = await fetch(t.url + path);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function sendWhole(who: Who, video: Buffer): Promise<string> {
  const created = await create(who, video.length);
  expect(created.status).toBe(201);
  const location = created.location ?? '';
  expect((await patch(location, who, 0, video)).status).toBe(204);
  return location;
}

const idOf = (location: string) => location.split('/').pop() ?? '';

describe('a video whose connection drops', () => {
  it('resumes from where it stopped, on any instance, and ends as one correct memory awaiting approval', async () => {
    const video = mp4Bytes(Math.round(6.5 * MB));
    const posts = await countPosts();
    const created = await create({ guest }, video.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.location ?? '';
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{22}$/);

    // The first 3 MB arrive; then a PATCH of the rest drops after 1.5 MB more.
    expect(await patch(location, { guest }, 0, video.subarray(0, 3 * MB))).toMatchObject({ status: 204, offset: 3 * MB });
    await droppedPatch(location, { guest }, 3 * MB, video.subarray(3 * MB), 1.5 * MB);

    // What arrived before the drop is kept: the offset says where to go on, on the other instance too.
    await waitFor(async () => (await head(location, { guest }, other)).offset === 4.5 * MB);
    const state = await head(location, { guest }, other);
    expect(state).toMatchObject({ status: 200, length: video.length });
    expect(state.headers.get('cache-control')).toBe('no-store');
    // A stale offset is refused, and changes nothing.
    expect(await patch(location, { guest }, 3 * MB, video.subarray(3 * MB), other)).toMatchObject({ status: 409, body: { code: '409' } });
    expect((await head(location, { guest })).offset).toBe(4.5 * MB);

    expect(await patch(location, { guest }, state.offset, video.subarray(state.offset), other)).toMatchObject({ status: 204, offset: video.length });
    // Nothing is a memory until the submission names the finished upload.
    expect(await countPosts()).toBe(posts);

    const sent = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', message: ' ', upload: idOf(location) }, { guest });
    expect(sent).toMatchObject({ status: 200, body: { code: '200', message: 'Su memoria ha sido enviada' } });
    expect(await countPosts()).toBe(posts + 1);

    const pending = await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token });
    const post = pending.body.data.posts.find((p) => p.fullname === 'Lucía');
    expect(post?.path).toMatch(/\.mp4$/);
    expect(objectNameOf(post?.path ?? '')).toMatch(/^pending\//);
    // Byte for byte the video that was chosen (its index was already at the front), with its poster.
    expect((await fetchBytes(post?.path ?? '')).equals(video)).toBe(true);
    expect(await sharp(await fetchBytes(post?.poster ?? '')).metadata()).toMatchObject({ format: 'jpeg' });
    // Not published before the family approves it.
    const published = await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`, { guest });
    expect(published.body.data.posts.map((p) => p.fullname)).not.toContain('Lucía');

    // The upload is gone: its row, its pieces, and it cannot make a second memory.
    expect(await uploadRows()).toBe(0);
    expect(await pieceRows()).toBe(0);
    expect((await t.ctx.media.listTemp()).length).toBe(0);
    expect((await head(location, { guest })).status).toBe(404);
    const again = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', message: ' ', upload: idOf(location) }, { guest });
    expect(again).toMatchObject({ status: 404, body: { message: 'Esta subida ya no está disponible. Vuelve a enviar el video' } });
    expect(await countPosts()).toBe(posts + 1);
  });

  it('serves the owner the same way: one published post with its poster', async () => {
    const video = mp4Bytes(600_000);
    const location = await sendWhole({ token }, video);
    const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Su misa', upload: idOf(location) }, { token });
    expect(saved.status).toBe(200);
    const path = saved.body.data.data.path;
    expect((await fetchBytes(path)).equals(video)).toBe(true);
    expect(await sharp(await fetchBytes(path.replace(/\.mp4$/, '-poster.jpg'))).metadata()).toMatchObject({ format: 'jpeg' });
    expect(await uploadRows()).toBe(0);
  });

  it('keeps one copy of the bytes when a cut-off request lands its last piece after the retry started', async () => {
    const video = mp4Bytes(400_000);
    const owner = await makeOwner(t.db, { memorial: { type: 'U' } });
    const caller: Caller = { user: { accountId: owner.account.id } as UserSession, guest: null, ip: '127.0.0.1' };
    const created = await create({ token: owner.token }, video.length, owner.memorial.identifier);
    const id = idOf(created.location ?? '');
    // A request that has 150 000 bytes in hand when its connection drops, and is slow to notice…
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const stale = appendToUpload(t.ctx, caller, id, 0, (async function* () {
      yield video.subarray(0, 150_000);
      await held;
      throw new Error('aborted');
    })());
    // …while the client's retry, told offset 0, sends 100 000 bytes first.
    const retry = (async function* () {
      yield video.subarray(0, 100_000);
    })();
    expect((await appendToUpload(t.ctx, caller, id, 0, retry)).received).toBe(100_000);
    release();
    await expect(stale).rejects.toThrow('aborted');
    // The stale request kept only what was missing; the client goes on from there.
    const state = await head(created.location ?? '', { token: owner.token });
    expect(state.offset).toBe(150_000);
    expect((await patch(created.location ?? '', { token: owner.token }, 150_000, video.subarray(150_000))).status).toBe(204);
    const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: owner.memorial.identifier, message: ' ', upload: id }, { token: owner.token });
    expect(saved.status).toBe(200);
    expect((await fetchBytes(saved.body.data.data.path)).equals(video)).toBe(true);
  });

  it('answers OPTIONS with what it supports', async () => {
    const res = await fetch(`${t.url}/api/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toContain('creation');
    expect(res.headers.get('tus-max-size')).toBe(String(50 * MB));
  });
});

describe('limits and permissions (those of the submission it serves)', () => {
  it('refuses a video over 50 MB before any byte is sent', async () => {
    expect(await create({ guest }, 50 * MB + 1)).toMatchObject({ status: 413, body: { code: '413', message: 'El video seleccionado excede los 50 MB' } });
    expect(await create({ guest }, 0)).toMatchObject({ status: 400, body: { message: 'Indica el tamaño del video que vas a subir' } });
    expect(await uploadRows()).toBe(0);
  });

  it('refuses a private memorial without its code, another memorial’s guest, and memorials closed to videos', async () => {
    expect(await create({}, 1000)).toMatchObject({ status: 401, body: { message: 'Este perfil es privado. Ingresa el código de acceso para verlo' } });
    const elsewhere = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'lirios' } });
    expect((await create({ guest: await makeGuestToken(t.db, elsewhere.memorial) }, 1000)).status).toBe(401);
    // The owner of another account is a visitor here.
    expect((await create({ token: elsewhere.token }, 1000)).status).toBe(401);
    const noPictures = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'nardos', flagPicture: 0 } });
    const refused = await create({ guest: await makeGuestToken(t.db, noPictures.memorial) }, 1000, noPictures.memorial.identifier);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Este perfil no admite fotos ni videos de los visitantes' } });
    const open = await makeOwner(t.db, { memorial: { type: 'U' } });
    expect(await create({}, 1000, open.memorial.identifier)).toMatchObject({ status: 403, body: { message: 'Este perfil no recibe recuerdos de los visitantes' } });
    expect(await create({ guest }, 1000, 'noexiste123')).toMatchObject({ status: 404, body: { message: 'No encontramos este perfil' } });
    expect(await uploadRows()).toBe(0);
  });

  it('lets nobody but its sender see, continue or use an upload', async () => {
    const video = mp4Bytes(300_000);
    const created = await create({ guest }, video.length);
    const location = created.location ?? '';
    const stranger = await makeGuestToken(t.db, memorial);
    expect((await head(location, { guest: stranger })).status).toBe(404);
    expect((await patch(location, { guest: stranger }, 0, video)).status).toBe(404);
    expect((await patch(location, {}, 0, video)).status).toBe(404);
    expect((await head(location, { guest })).offset).toBe(0);
    expect((await patch(location, { guest }, 0, video)).status).toBe(204);
    const posts = await countPosts();
    const used = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Otra', message: ' ', upload: idOf(location) }, { guest: stranger });
    expect(used.status).toBe(404);
    expect(await countPosts()).toBe(posts);
    await fetch(t.url + location, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', guest } });
    expect(await uploadRows()).toBe(0);
  });

  it('refuses bytes past the declared length, an unfinished upload and a file that is not a video, leaving nothing', async () => {
    const before = await mediaFiles(t.ctx.media);
    const posts = await countPosts();
    const video = mp4Bytes(300_000);
    const created = await create({ guest }, video.length);
    const location = created.location ?? '';
    expect(await patch(location, { guest }, 0, Buffer.concat([video, Buffer.alloc(10)]))).toMatchObject({ status: 400, body: { message: 'Llegaron más datos que el tamaño anunciado del video' } });
    expect((await patch(location, { guest }, 0, video.subarray(0, 1000))).status).toBe(204);
    const early = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', message: ' ', upload: idOf(location) }, { guest });
    expect(early).toMatchObject({ status: 409, body: { message: 'El video aún no terminó de subirse. Vuelve a intentarlo' } });
    await fetch(t.url + location, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', guest } });

    const jpeg = await pictureBytes();
    const fake = await sendWhole({ guest }, jpeg);
    const refused = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', message: ' ', upload: idOf(fake) }, { guest });
    expect(refused).toMatchObject({ status: 400, body: { message: 'El video debe estar en formato MP4' } });
    expect(await countPosts()).toBe(posts);
    expect(await uploadRows()).toBe(0);
    expect(await mediaFiles(t.ctx.media)).toEqual(before);
    expect(await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', message: ' ', upload: 'x' }, { guest })).toMatchObject({ status: 404 });
  });

  it('needs the tus protocol version', async () => {
    const res = await fetch(`${t.url}/api/uploads`, { method: 'POST', headers: { 'Upload-Length': '10', guest } });
    expect(res.status).toBe(412);
    expect(((await res.json()) as { message: string }).message).toBe('Esta subida necesita el protocolo tus 1.0.0');
  });
});

describe('an upload never finished', () => {
  it('is swept with the other temporary uploads once its window has passed, pieces and all', async () => {
    const video = mp4Bytes(3 * MB);
    const created = await create({ guest }, video.length);
    const location = created.location ?? '';
    expect((await patch(location, { guest }, 0, video.subarray(0, 2.5 * MB))).status).toBe(204);
    expect(await pieceRows()).toBeGreaterThan(0);
    expect((await t.ctx.media.listTemp()).length).toBeGreaterThan(0);

    // Still usable within its window: the sweep leaves it.
    await sweepTempMedia(t.ctx, new Date(clock));
    expect(await uploadRows()).toBe(1);

    clock += RESUMABLE_UPLOADS.usableMs + 60_000;
    expect((await head(location, { guest })).status).toBe(404);
    await sweepTempMedia(t.ctx, new Date(clock));
    expect(await uploadRows()).toBe(0);
    expect(await pieceRows()).toBe(0);
    expect((await t.ctx.media.listTemp()).length).toBe(0);
  });
});
