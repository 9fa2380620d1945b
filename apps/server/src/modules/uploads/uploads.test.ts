// Resumable video uploads (issue 13 §4) over tus 1.0: a video sent in parts, cut off by a dropped
// connection, resumed from the offset the server reports (on another instance of the same
// installation, too), and used by one submission, which stores one correct memory awaiting
// approval; the limits and permissions of the submission it serves; the sweep of abandoned uploads;
// what unfinished uploads may hold of a visitor's daily budget, of an address and of a memorial.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { PendingPost, Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { mediaFiles, mp4Bytes, objectNameOf, pictureBytes } from '../../../test/media-fixtures';
import { LIMITS } from '@recuerdos/shared/limits';
import type { Memorial } from '../../db/schema';
import { sweepTempMedia } from '../../jobs/temp-upload-sweep';
import type { Caller } from '../../auth/memorial-access';
import type { UserSession } from '../../auth/sessions';
import { releaseAtOnce } from '../../../test/burst';
import { ipSequence } from '../../../test/roles';
import { GUEST_UPLOAD_BUDGET, uploadBudgetKey } from '../content/content.service';
import { appendToUpload, RESUMABLE_UPLOADS, UPLOAD_MESSAGES } from './uploads.service';

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

/** The session's header (`guest` or `token`), and the client's address behind a trusted proxy. */
type Who = Record<string, string>;

const b64 = (text: string) => Buffer.from(text).toString('base64');

const creation = (who: Who, length: number, identifier: string) => ({
  'Tus-Resumable': '1.0.0',
  'Upload-Length': String(length),
  'Upload-Metadata': `identifier ${b64(identifier)},filename ${b64('misa.mp4')}`,
  ...who,
});

async function create(who: Who, length: number, identifier = memorial.identifier, server = t) {
  const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: creation(who, length, identifier) });
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

async function sendWhole(who: Who, video: Buffer, identifier = memorial.identifier, server = t): Promise<string> {
  const created = await create(who, video.length, identifier, server);
  expect(created.status).toBe(201);
  const location = created.location ?? '';
  expect((await patch(location, who, 0, video, server)).status).toBe(204);
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
  it('takes the owner’s H.264 video over 50 MB (a minute of phone video is 100–130 MB) and publishes it as it came (issue 26)', async () => {
    // A playable H.264 file padded past 50 MB: its streams already play everywhere, so it is stored byte for byte.
    const video = mp4Bytes(60 * MB);
    const location = await sendWhole({ token }, video);
    const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Un minuto con ella', upload: idOf(location) }, { token });
    expect(saved.status).toBe(200);
    expect((await fetchBytes(saved.body.data.data.path)).length).toBe(60 * MB);
    expect(await uploadRows()).toBe(0);
  });

  it('refuses a visitor’s video over 50 MB, and the owner’s over 1 GB, before any byte is sent', async () => {
    expect(await create({ token }, 1024 * MB + 1)).toMatchObject({ status: 413, body: { code: '413', message: 'El video seleccionado excede 1 GB' } });
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
    expect(refused).toMatchObject({ status: 400, body: { message: 'El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)' } });
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

describe('what unfinished uploads may hold (issue 31 §3)', () => {
  const SPENT = 'Ya compartiste muchas fotos y videos hoy. Podrás compartir más mañana';
  // Behind one trusted proxy: the client's address is the last X-Forwarded-For entry, whatever it
  // writes before it.
  let v: TestServer;
  beforeAll(async () => {
    v = await startTestServer({ env: { TRUST_PROXY: '1' }, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await v.close();
  });

  const freshIp = ipSequence('10.31');

  async function openMemorial() {
    const owner = await makeOwner(v.db, { memorial: { type: 'P', accessCode: 'rosas', flagNotification: 0 } });
    return { ...owner, guest: await makeGuestToken(v.db, owner.memorial) };
  }
  /** A memorial open to visitors' videos, and one visitor of it at an address of its own. */
  async function visitor() {
    const m = await openMemorial();
    const ip = freshIp();
    return { m, ip, who: { guest: m.guest, 'x-forwarded-for': ip } };
  }
  const budgetOf = async (ip: string) => (await v.ctx.limiter.peek(uploadBudgetKey(ip))).count;
  const rowsOf = async (m: Memorial) => (await v.db.selectFrom('resumableUploads').select('id').where('memorialId', '=', m.id).execute()).length;
  const burst = (requests: { who: Who; length: number; identifier: string }[]) =>
    releaseAtOnce(
      v.url,
      requests.map((r) => ({ path: '/api/uploads', body: {}, headers: creation(r.who, r.length, r.identifier) })),
    );

  it('refuses a visitor’s seventh unfinished 50 MB upload past the daily budget, whatever address it forges, storing nothing', async () => {
    const { m, ip } = await visitor();
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push(await create({ guest: m.guest, 'x-forwarded-for': `198.51.100.${i}, ${ip}` }, 50 * MB, m.memorial.identifier, v));
    expect(answers.slice(0, 6).map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    // Not one byte sent, and still the budget is held: 6 × 50 MB is all of it.
    expect(answers[6]).toMatchObject({ status: 429, body: { code: '429', message: SPENT } });
    expect(Number(answers[6]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsOf(m.memorial)).toBe(6);
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max);
    // Another address is not held by it.
    expect((await create({ guest: m.guest, 'x-forwarded-for': freshIp() }, 50 * MB, m.memorial.identifier, v)).status).toBe(201);
  });

  it('grants 100 creations released at once from one address exactly what its budget holds', async () => {
    const { m, ip, who } = await visitor();
    const statuses = await burst(Array.from({ length: 100 }, () => ({ who, length: 50 * MB, identifier: m.memorial.identifier })));
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    expect(await rowsOf(m.memorial)).toBe(6);
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max);
  });

  it('holds a memorial to 500 MB of visitors’ unfinished uploads over 100 addresses at once; the family and other memorials go on', async () => {
    const m = await openMemorial();
    const ips = Array.from({ length: 100 }, freshIp);
    const statuses = await burst(ips.map((ip) => ({ who: { guest: m.guest, 'x-forwarded-for': ip }, length: 50 * MB, identifier: m.memorial.identifier })));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await rowsOf(m.memorial)).toBe(10);
    const refused = await create({ guest: m.guest, 'x-forwarded-for': freshIp() }, 1000, m.memorial.identifier, v);
    expect(refused).toMatchObject({ status: 409, body: { code: '409', message: 'Este perfil está recibiendo muchos videos en este momento. Inténtalo de nuevo en una hora' } });
    // A refused creation reserved nothing of its address's budget.
    expect((await Promise.all(ips.map(budgetOf))).reduce((sum, bytes) => sum + bytes, 0)).toBe(10 * 50 * MB);
    expect(await rowsOf(m.memorial)).toBe(10);

    // The owner's own video is neither budgeted nor held by the visitors' cap.
    const ownerIp = freshIp();
    expect((await create({ token: m.token, 'x-forwarded-for': ownerIp }, LIMITS.videoMaxBytes, m.memorial.identifier, v)).status).toBe(201);
    expect(await budgetOf(ownerIp)).toBe(0);
    const elsewhere = await openMemorial();
    expect((await create({ guest: elsewhere.guest, 'x-forwarded-for': ips[0] ?? '' }, 50 * MB, elsewhere.memorial.identifier, v)).status).toBe(201);
  });

  it('holds an address to 300 MB of unfinished uploads over every memorial, even once its budget’s window has passed', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      const m = await openMemorial();
      expect((await create({ guest: m.guest, 'x-forwarded-for': ip }, 50 * MB, m.memorial.identifier, v)).status).toBe(201);
    }
    // A new day's budget: the six uploads are still there, unfinished.
    await v.ctx.limiter.reset(uploadBudgetKey(ip));
    const m = await openMemorial();
    const refused = await create({ guest: m.guest, 'x-forwarded-for': ip }, 50 * MB, m.memorial.identifier, v);
    expect(refused).toMatchObject({ status: 429, body: { code: '429', message: UPLOAD_MESSAGES.addressHoldsMany } });
    expect(refused.body?.message).toBe('Tienes varios videos a medio subir. Termina de enviarlos, o espera una hora, antes de empezar otro');
    expect(await budgetOf(ip)).toBe(0);
    expect(await rowsOf(m.memorial)).toBe(0);
  });

  it('gives the reservation and the place back when an upload is deleted or expires before any byte arrived', async () => {
    const { m, ip, who } = await visitor();
    const locations = [];
    for (let i = 0; i < 6; i += 1) locations.push((await create(who, 50 * MB, m.memorial.identifier, v)).location ?? '');
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max);

    // Deleted (tus termination): its 50 MB may be sent again, once.
    const deleted = await fetch(v.url + (locations[0] ?? ''), { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...who } });
    expect(deleted.status).toBe(204);
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max - 50 * MB);
    const again = await fetch(v.url + (locations[0] ?? ''), { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...who } });
    expect(again.status).toBe(404);
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max - 50 * MB);
    expect((await create(who, 50 * MB, m.memorial.identifier, v)).status).toBe(201);
    expect((await create(who, 50 * MB, m.memorial.identifier, v)).status).toBe(429);

    // Expired and swept: all of it comes back.
    clock += RESUMABLE_UPLOADS.usableMs + 60_000;
    await sweepTempMedia(v.ctx, new Date(clock));
    expect(await rowsOf(m.memorial)).toBe(0);
    expect(await budgetOf(ip)).toBe(0);

  });

  it('keeps the bytes that arrived charged when an upload is given up, so create, send and delete cannot go round the budget', async () => {
    const { m, ip, who } = await visitor();
    const piece = Buffer.alloc(MB, 7);

    // Half sent, then given up (another file chosen): only the half never sent comes back.
    const half = (await create(who, 2 * MB, m.memorial.identifier, v)).location ?? '';
    expect((await patch(half, who, 0, piece, v)).status).toBe(204);
    expect((await fetch(v.url + half, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...who } })).status).toBe(204);
    expect(await budgetOf(ip)).toBe(MB);

    // Sent whole, then deleted, over and over: every round's bytes stay spent.
    for (let round = 1; round <= 3; round += 1) {
      const location = (await create(who, MB, m.memorial.identifier, v)).location ?? '';
      expect((await patch(location, who, 0, piece, v)).status).toBe(204);
      expect((await fetch(v.url + location, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...who } })).status).toBe(204);
      expect(await budgetOf(ip)).toBe(MB + round * MB);
    }

    // Cut off after a part and left to expire: the sweep gives back the rest only.
    const cut = (await create(who, 3 * MB, m.memorial.identifier, v)).location ?? '';
    expect((await patch(cut, who, 0, piece, v)).status).toBe(204);
    expect(await budgetOf(ip)).toBe(7 * MB);
    clock += RESUMABLE_UPLOADS.usableMs + 60_000;
    await sweepTempMedia(v.ctx, new Date(clock));
    expect(await budgetOf(ip)).toBe(5 * MB);

    // Finished but not a video: refused at the submission, removed, and its bytes stay spent.
    const picture = await pictureBytes();
    const fake = await sendWhole(who, picture, m.memorial.identifier, v);
    const refused = await v.post('/api/content/save-guest-message', { identifier: m.memorial.identifier, fullname: 'Ana', message: ' ', upload: idOf(fake) }, { guest: m.guest, headers: { 'x-forwarded-for': ip } });
    expect(refused).toMatchObject({ status: 400, body: { message: 'El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)' } });
    expect(await rowsOf(m.memorial)).toBe(0);
    expect(await budgetOf(ip)).toBe(5 * MB + picture.length);
  });

  it('charges a finished upload sent as a post once, even when its own reservation fills the budget', async () => {
    const { m, ip, who } = await visitor();
    const video = mp4Bytes(300_000);
    await v.ctx.limiter.hit(uploadBudgetKey(ip), GUEST_UPLOAD_BUDGET.windowMs, GUEST_UPLOAD_BUDGET.max - video.length);
    const location = await sendWhole(who, video, m.memorial.identifier, v);
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max);

    const sent = await v.post('/api/content/save-guest-message', { identifier: m.memorial.identifier, fullname: 'Lucía', message: ' ', upload: idOf(location) }, { guest: m.guest, headers: { 'x-forwarded-for': ip } });
    expect(sent).toMatchObject({ status: 200, body: { message: 'Su memoria ha sido enviada' } });
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max);
    expect(await rowsOf(m.memorial)).toBe(0);
    const posts = await v.db.selectFrom('posts').select('mediaBytes').where('memorialId', '=', m.memorial.id).execute();
    expect(posts).toHaveLength(1);
    // Used, it is the post's charge: the sweep gives nothing back.
    clock += RESUMABLE_UPLOADS.usableMs + 60_000;
    await sweepTempMedia(v.ctx, new Date(clock));
    expect(await budgetOf(ip)).toBe(GUEST_UPLOAD_BUDGET.max);
  });
});
