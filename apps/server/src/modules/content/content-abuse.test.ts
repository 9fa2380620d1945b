// What one visitor can do to a memorial and to the service (issue 12 §9): names and messages lose
// invisible characters that change what others see; what waits for approval on a memorial is capped
// in items and bytes; an address has a daily upload budget; and approving a memory whose file is gone
// answers clearly and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingPost } from '@recuerdos/shared/api-types';
import { startTestServer, type Fields, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { file, mediaFiles, mp4Bytes, objectNameOf, pictureBytes } from '../../../test/media-fixtures';
import { objectNames } from '../../media/media-keys';
import { insertPendingPost, insertPost } from './content.repository';
import { GUEST_UPLOAD_BUDGET, PENDING_CAP, uploadBudgetKey } from './content.service';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.60.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;

async function openMemorial() {
  const owner = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'rosas', flagNotification: 0 } });
  return { ...owner, guest: await makeGuestToken(t.db, owner.memorial) };
}

type Opened = Awaited<ReturnType<typeof openMemorial>>;

const send = (m: Opened, fields: Fields, ip = freshIp()) =>
  t.post('/api/content/save-guest-message', { identifier: m.memorial.identifier, fullname: 'Lucía', ...fields }, { guest: m.guest, headers: { 'x-forwarded-for': ip } });

const pendingOf = async (m: Opened) =>
  (await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${m.memorial.identifier}`, { token: m.token })).body.data.posts;

const parkPending = (memorialId: number, count: number, mediaBytes = 0) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      insertPost(
        t.db,
        { memorialId, authorKind: 'guest', authorName: 'Otro', authorEmail: null, text: `espera ${i}`, mediaKey: null, mediaKind: null, state: 'pending', approvedAt: null, mediaBytes },
        new Date(Date.now() + i),
      ),
    ),
  );

describe('names and messages', () => {
  it('lose bidi overrides, NUL and control characters, keep the message\'s line breaks, and are NFC', async () => {
    const m = await openMemorial();
    const res = await send(m, { fullname: 'Jose\u0301 \u202Eazor\u202C Pérez\u0000', message: 'Te extrañamos\r\nabuelo\u0007 \u2066querido\u2069\u2028siempre' });
    expect(res.status).toBe(200);
    const [post] = await pendingOf(m);
    expect(post?.fullname).toBe('José azor Pérez');
    expect(post?.text).toBe('Te extrañamos\nabuelo querido\nsiempre');
  });

  it('refuses a name made only of invisible characters, as an empty one', async () => {
    const m = await openMemorial();
    const res = await send(m, { fullname: '\u202E\u0000\u2066', message: 'hola' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Ingresa tu nombre');
    expect(await pendingOf(m)).toEqual([]);
  });
});

describe('what waits for approval on one memorial', () => {
  const FULL = 'Este perfil ya tiene muchos recuerdos esperando la aprobación de la familia. Inténtalo de nuevo en unos días';

  it(`holds at most ${PENDING_CAP.items} memories, whatever addresses send them`, async () => {
    const m = await openMemorial();
    await parkPending(m.memorial.id, PENDING_CAP.items - 1);
    expect((await send(m, { message: 'la última que cabe' })).status).toBe(200);
    const files = await mediaFiles(t.ctx.media);
    const refused = await send(m, { message: 'una más', postPicture: file(await pictureBytes({ width: 200, height: 200 }), 'a.jpg', 'image/jpeg') });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: '409', message: FULL, data: {} });
    expect(await pendingOf(m)).toHaveLength(PENDING_CAP.items);
    expect(await mediaFiles(t.ctx.media)).toEqual(files);
    // Once the family approves or denies, there is room again.
    const oldest = (await pendingOf(m)).at(-1)?.reg ?? '';
    expect((await t.post('/api/content/deny-message', { identifier: m.memorial.identifier, date: oldest }, { token: m.token, as: 'json' })).status).toBe(200);
    expect((await send(m, { message: 'ahora sí' })).status).toBe(200);
  });

  it('lets exactly one of 20 memories sent at once into the last place; the others are told so and leave no file', async () => {
    const m = await openMemorial();
    await parkPending(m.memorial.id, PENDING_CAP.items - 1);
    const before = await mediaFiles(t.ctx.media);
    const picture = file(await pictureBytes({ width: 200, height: 200 }), 'a.jpg', 'image/jpeg');
    // Every submission has looked at the waiting list and staged its picture before any of them
    // writes its row: the worst overlap of 20 requests over several instances, made certain
    // instead of left to timing. The store itself is the real one; only its first calls wait.
    const store = t.ctx.media;
    const putTemp = store.putTemp.bind(store);
    const waiting: (() => void)[] = [];
    store.putTemp = async (...args) => {
      const staged = await putTemp(...args);
      if (waiting.length < 20) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 20) waiting.forEach((go) => go());
        });
      }
      return staged;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(m, { message: `a la vez ${i}`, postPicture: picture }))).finally(() => {
      store.putTemp = putTemp;
    });
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    for (const res of answers.filter((res) => res.status === 409)) expect(res.body).toEqual({ code: '409', message: FULL, data: {} });
    const pending = await pendingOf(m);
    expect(pending).toHaveLength(PENDING_CAP.items);
    // The one accepted keeps its picture's objects; nothing else was added, not even a temporary.
    const accepted = await t.db.selectFrom('posts').select('mediaKey').where('memorialId', '=', m.memorial.id).where('mediaKey', 'is not', null).execute();
    expect(accepted).toHaveLength(1);
    const added = (await mediaFiles(t.ctx.media)).filter((name) => !before.includes(name));
    expect(added).toEqual(objectNames(accepted[0]?.mediaKey ?? '', { kind: 'picture', picture: 'post' }).sort());
  });

  it('takes memories of the same millisecond one after the other, each under its own reg', async () => {
    const m = await openMemorial();
    const at = new Date('2026-11-02T15:00:00.000Z');
    const values = { memorialId: m.memorial.id, authorKind: 'guest', authorName: 'Lucía', authorEmail: null, text: 'x', mediaKey: null, mediaKind: null, state: 'pending', approvedAt: null } as const;
    const regs = [];
    for (let i = 0; i < 3; i++) regs.push((await insertPendingPost(t.db, t.ctx.dialect, values, PENDING_CAP, at))?.reg);
    expect(regs).toEqual(['2026-11-02 10:00:00.000', '2026-11-02 10:00:00.001', '2026-11-02 10:00:00.002']);
  });

  it('holds at most 500 MB of uploads waiting, while text still fits', async () => {
    const m = await openMemorial();
    await parkPending(m.memorial.id, 1, PENDING_CAP.bytes - 1000);
    const video = await send(m, { postVideo: file(mp4Bytes(4096), 'v.mp4', 'video/mp4') });
    expect(video.status).toBe(409);
    expect(video.body.message).toBe(FULL);
    expect((await send(m, { message: 'solo palabras' })).status).toBe(200);
  });
});

describe('the daily upload budget of an address', () => {
  const SPENT = 'Ya compartiste muchas fotos y videos hoy. Podrás compartir más mañana';

  it('refuses uploads past the budget with a clear message, still takes words, and leaves other addresses alone', async () => {
    const m = await openMemorial();
    const ip = freshIp();
    await t.ctx.limiter.hit(uploadBudgetKey(ip), GUEST_UPLOAD_BUDGET.windowMs, GUEST_UPLOAD_BUDGET.max - 1000);
    const files = await mediaFiles(t.ctx.media);
    const refused = await send(m, { postVideo: file(mp4Bytes(4096), 'v.mp4', 'video/mp4') }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SPENT);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mediaFiles(t.ctx.media)).toEqual(files);
    expect((await send(m, { message: 'solo palabras' }, ip)).status).toBe(200);
    expect((await send(m, { postVideo: file(mp4Bytes(4096), 'v.mp4', 'video/mp4') })).status).toBe(200);
  });

  it('counts every byte accepted, and refuses an upload larger than what is left', async () => {
    const m = await openMemorial();
    const ip = freshIp();
    expect((await send(m, { postVideo: file(mp4Bytes(8192), 'v.mp4', 'video/mp4') }, ip)).status).toBe(200);
    expect((await t.ctx.limiter.peek(uploadBudgetKey(ip))).count).toBe(8192);
    await t.ctx.limiter.hit(uploadBudgetKey(ip), GUEST_UPLOAD_BUDGET.windowMs, GUEST_UPLOAD_BUDGET.max - 8192 - 1024 * 1024);
    const big = await send(m, { postVideo: file(mp4Bytes(3 * 1024 * 1024), 'v.mp4', 'video/mp4') }, ip);
    expect(big.status).toBe(429);
    expect(big.body.message).toBe(SPENT);
  });
});

describe('approving a memory whose file is gone', () => {
  it('answers a clear Spanish 409 and changes nothing; the owner can still delete it', async () => {
    const m = await openMemorial();
    expect((await send(m, { message: 'con foto', postPicture: file(await pictureBytes({ width: 300, height: 300 }), 'a.jpg', 'image/jpeg') })).status).toBe(200);
    const [item] = await pendingOf(m);
    const key = objectNameOf(item?.path ?? '').replace(/\.jpg$/, '');
    // Lose the main picture file (a restore without media, a manual clean-up).
    await t.ctx.media.delete(`${key}.jpg`);
    const before = await mediaFiles(t.ctx.media);

    const res = await t.post('/api/content/approve-message', { identifier: m.memorial.identifier, date: item?.reg ?? '' }, { token: m.token, as: 'json' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: '409',
      message: 'No pudimos publicar este recuerdo porque su foto o video ya no está disponible. Puedes eliminarlo',
      data: {},
    });
    expect(await pendingOf(m)).toHaveLength(1);
    expect(await mediaFiles(t.ctx.media)).toEqual(before);

    const removed = await t.post('/api/content/deny-message', { identifier: m.memorial.identifier, date: item?.reg ?? '' }, { token: m.token, as: 'json' });
    expect(removed.status).toBe(200);
    expect(await pendingOf(m)).toEqual([]);
  });
});
