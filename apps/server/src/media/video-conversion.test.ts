// Issue 26: what phones record is accepted by what ffprobe reads in it, converted once on the jobs
// engine to H.264/AAC stereo in a fast-start MP4 of at most 1280 px, upright; the owner sees it
// converting, visitors only once it plays; a failed conversion tells why and leaves nothing; two
// instances share the queue and one killed mid-way leaves its conversion to the other.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingPost, Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeGuestToken, makeOwner } from '../../test/factories';
import { file, mediaFiles, mp4Bytes, objectNameOf, phoneVideo, type PhoneVideo } from '../../test/media-fixtures';
import type { Memorial } from '../db/schema';
import { CONVERSION_ATTEMPTS, drainConversions, videoConvertJob } from './video-conversion';
import { convertVideo, probeVideo, topLevelBoxes, VIDEO_MESSAGES } from './video-processing';
import { newMediaKey } from './media-keys';
import { hashToken } from '../auth/tokens';
import { insertPost } from '../modules/content/content.repository';
import { runAdmin } from '../../test/admin-cli';
import { mailOutboxJob } from '../jobs/mail-outbox';

const run = promisify(execFile);
let clock = Date.now();
let t: TestServer;
let other: TestServer;
let memorial: Memorial;
let token: string;
let guest: string;
let scratch: string;

// The queue is drained when an upload asks for it and by the tests; never by the minute's schedule mid-test.
const jobs = [mailOutboxJob, { ...videoConvertJob, cron: '0 0 1 1 *' }];

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock), jobs });
  other = await startTestServer({ shareWith: t, now: () => new Date(clock), jobs, env: t.s3 ? {} : { MEDIA_DIR: t.config.mediaDir } });
  // A private memorial: visitors come in with its code.
  const owner = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'rosas', flagNotification: 0 } });
  memorial = owner.memorial;
  token = owner.token;
  guest = await makeGuestToken(t.db, memorial);
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-conversion-test-'));
});
afterAll(async () => {
  await other.close();
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

const NAMES: Record<PhoneVideo, string> = { 'hevc-mov': 'IMG_0001.MOV', 'mpeg4-3gp': 'VID0001.3gp', 'vp9-webm': 'video.webm', 'undecodable-hevc': 'IMG_0002.MOV' };
const TYPES: Record<PhoneVideo, string> = { 'hevc-mov': 'video/quicktime', 'mpeg4-3gp': 'video/3gpp', 'vp9-webm': 'video/webm', 'undecodable-hevc': 'video/quicktime' };

const ownerPost = (kind: PhoneVideo, message = '') =>
  t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message, postVideo: file(phoneVideo(kind), NAMES[kind], TYPES[kind]) }, { token });
const guestPost = (kind: PhoneVideo) =>
  t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', message: '', postVideo: file(phoneVideo(kind), NAMES[kind], TYPES[kind]) }, { guest });

const ownerList = async () => (await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
const ownerGuestList = async () => (await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
const pendingList = async () => (await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
const visitorLists = async () => [
  ...(await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`, { guest })).body.data.posts,
  ...(await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`, { guest })).body.data.posts,
];

/** Runs `work` with no conversion asked for by its uploads (the test drives the queue itself). */
async function unconverted<T>(work: () => Promise<T>): Promise<T> {
  const soon = t.ctx.jobs.soon.bind(t.ctx.jobs);
  t.ctx.jobs.soon = () => Promise.resolve();
  try {
    return await work();
  } finally {
    t.ctx.jobs.soon = soon;
  }
}

/** Runs the queue here until the post's conversion is over (the job asked for at upload may run it too). */
async function converted(reg: string): Promise<void> {
  for (;;) {
    const row = await t.db.selectFrom('posts').select('mediaState').where('reg', '=', reg).where('memorialId', '=', memorial.id).executeTakeFirst();
    if (row?.mediaState !== 'processing') return;
    await drainConversions(t.ctx, { perInstance: 1, threads: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Probed {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  rotation: number;
  audioCodec: string | null;
  channels: number | null;
  duration: number;
  boxes: string[];
}

/** What ffprobe reads in a stored object. */
async function probeStored(name: string): Promise<Probed> {
  const object = await t.ctx.media.get(name);
  if (!object) throw new Error(`${name} is not stored`);
  const local = path.join(scratch, `${Math.random().toString(36).slice(2)}.mp4`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  await fs.writeFile(local, Buffer.concat(chunks));
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,pix_fmt,width,height,channels:stream_side_data=rotation:format=duration', '-of', 'json', local]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; pix_fmt?: string; width?: number; height?: number; channels?: number; side_data_list?: { rotation?: number }[] }[];
    format: { duration: string };
  };
  const video = parsed.streams.find((s) => s.codec_type === 'video');
  const audio = parsed.streams.find((s) => s.codec_type === 'audio');
  return {
    codec: video?.codec_name ?? '',
    pixFmt: video?.pix_fmt ?? '',
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    rotation: video?.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? 0,
    audioCodec: audio?.codec_name ?? null,
    channels: audio?.channels ?? null,
    duration: Number(parsed.format.duration),
    boxes: await topLevelBoxes(local),
  };
}

function expectPlaysEverywhere(probed: Probed, orientation: 'portrait' | 'landscape', sound: boolean): void {
  expect(probed).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', rotation: 0, ...(sound ? { audioCodec: 'aac', channels: 2 } : {}) });
  expect(orientation === 'portrait' ? probed.height > probed.width : probed.width > probed.height).toBe(true);
  expect(Math.max(probed.width, probed.height)).toBeLessThanOrEqual(1280);
  expect(probed.boxes.indexOf('moov')).toBeLessThan(probed.boxes.indexOf('mdat'));
  expect(probed.duration).toBeGreaterThan(0.8);
  expect(probed.duration).toBeLessThan(1.2);
}

describe('what phones record (issue 26 §1, §2)', () => {
  it('converts an iPhone’s upright HEVC .MOV with 5.1 sound: the owner sees it converting, then an upright H.264/AAC stereo MP4 with its poster; no original is kept', async () => {
    const res = await ownerPost('hevc-mov', 'Su último viaje');
    expect(res.status).toBe(200);
    const saved = res.body.data as unknown as { data: { path: string; reg: string } };
    // The path still ends in .mp4 (the spec's client recognises videos by it).
    expect(saved.data.path).toMatch(/\.mp4$/);
    const reg = saved.data.reg;
    const before = (await ownerList()).find((post) => post.reg === reg);
    // Converting, or already converted by the job asked for at upload.
    if (before?.processing) expect(before.processing.progress).toBeGreaterThanOrEqual(0);
    await converted(reg);
    const post = (await ownerList()).find((p) => p.reg === reg);
    expect(post).toBeDefined();
    expect(post?.processing).toBeUndefined();
    expect(post?.failed).toBeUndefined();
    expect(post?.path).toMatch(/\.mp4$/);
    expect(post?.poster).toMatch(/-poster\.jpg$/);
    expectPlaysEverywhere(await probeStored(objectNameOf(post?.path ?? '')), 'portrait', true);
    // Visitors see it now, and nothing but the video and its poster is stored under its key.
    expect((await visitorLists()).map((p) => p.reg)).toContain(reg);
    const key = objectNameOf(post?.path ?? '').replace(/\.mp4$/, '');
    expect((await mediaFiles(t.ctx.media)).filter((name) => name.includes(key))).toEqual([`${key}-poster.jpg`, `${key}.mp4`]);
  });

  it('converts an old Android’s MPEG-4 part 2 .3gp and a VP9 .webm', async () => {
    for (const kind of ['mpeg4-3gp', 'vp9-webm'] as const) {
      const res = await ownerPost(kind);
      expect(res.status).toBe(200);
      const reg = (res.body.data as unknown as { data: { reg: string } }).data.reg;
      await converted(reg);
      const post = (await ownerList()).find((p) => p.reg === reg);
      expectPlaysEverywhere(await probeStored(objectNameOf(post?.path ?? '')), 'landscape', true);
    }
  });

  it('refuses, in Spanish and storing nothing, bytes that only look like a video and a stream ffmpeg cannot decode', async () => {
    const before = await mediaFiles(t.ctx.media);
    const posts = await t.db.selectFrom('posts').select('id').execute();
    const fake = Buffer.concat([phoneVideo('hevc-mov').subarray(0, 64), Buffer.alloc(4096, 0x20)]);
    for (const body of [fake, phoneVideo('undecodable-hevc')]) {
      const res = await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: '', postVideo: file(body, 'IMG_0003.MOV', 'video/quicktime') }, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VIDEO_MESSAGES.unreadable);
    }
    expect(await mediaFiles(t.ctx.media)).toEqual(before);
    expect(await t.db.selectFrom('posts').select('id').execute()).toEqual(posts);
  });
});

describe('while it converts (issue 26 §3)', () => {
  it('keeps a visitor’s video on a private memorial from visitors until it is approved and converted; the owner may approve it while it converts', async () => {
    // Nobody converts until the owner has approved it.
    const reg = await unconverted(async () => {
      expect((await guestPost('vp9-webm')).status).toBe(200);
      const pending = await pendingList();
      const waiting = pending.find((p) => p.processing);
      expect(waiting?.processing).toEqual({ progress: 0 });
      const reg = waiting?.reg ?? '';
      expect((await visitorLists()).map((p) => p.reg)).not.toContain(reg);
      expect((await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: reg }, { token, as: 'json' })).status).toBe(200);
      // Approved, still converting: the owner sees it so, visitors not yet.
      expect((await ownerGuestList()).find((p) => p.reg === reg)?.processing).toEqual({ progress: 0 });
      expect((await visitorLists()).map((p) => p.reg)).not.toContain(reg);
      return reg;
    });
    await converted(reg);
    const shown = (await visitorLists()).find((p) => p.reg === reg);
    expect(shown?.path).toMatch(/\.mp4/);
    // Published under its public key: nothing stays under pending/.
    expect(objectNameOf(shown?.path ?? '')).not.toMatch(/^pending\//);
    expect((await mediaFiles(t.ctx.media)).filter((name) => name.startsWith('pending/'))).toEqual([]);
    expectPlaysEverywhere(await probeStored(objectNameOf(shown?.path ?? '')), 'landscape', true);
  });

  it('retries a conversion whose instance was killed mid-way on another instance, and fails one that never succeeds with a Spanish message and nothing left', async () => {
    const regOf = (res: { body: { data: unknown } }) => (res.body.data as { data: { reg: string } }).data.reg;
    const reg = regOf(await unconverted(() => ownerPost('mpeg4-3gp')));
    const post = await t.db.selectFrom('posts').select(['id', 'mediaKey']).where('reg', '=', reg).executeTakeFirstOrThrow();
    // An instance took it and was killed: its lease holds it until it runs out.
    await t.db.updateTable('videoConversions').set({ instance: 'killed', attempts: 1, leaseUntil: new Date(clock + 60_000).toISOString() }).where('postId', '=', post.id).execute();
    expect(await drainConversions(other.ctx, { perInstance: 1, threads: 1 })).toEqual({ converted: 0, failed: 0 });
    clock += 120_000;
    expect(await drainConversions(other.ctx, { perInstance: 1, threads: 1 })).toEqual({ converted: 1, failed: 0 });
    expect((await ownerList()).find((p) => p.reg === reg)?.processing).toBeUndefined();
    expect(await t.db.selectFrom('videoConversions').select('postId').where('postId', '=', post.id).execute()).toEqual([]);

    // An original lost from the store fails every attempt: after the last, the owner is told why.
    const failing = regOf(await unconverted(() => ownerPost('vp9-webm')));
    const row = await t.db.selectFrom('posts').innerJoin('videoConversions', 'videoConversions.postId', 'posts.id').select(['posts.id', 'posts.mediaKey', 'videoConversions.source']).where('reg', '=', failing).executeTakeFirstOrThrow();
    await t.ctx.media.delete(row.source);
    for (let attempt = 1; attempt <= CONVERSION_ATTEMPTS; attempt++) {
      await drainConversions(t.ctx, { perInstance: 1, threads: 1 });
      clock += 10 * 60_000;
    }
    const failed = (await ownerList()).find((p) => p.reg === failing);
    expect(failed?.failed).toBe('No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo');
    expect((await visitorLists()).map((p) => p.reg)).not.toContain(failing);
    expect((await mediaFiles(t.ctx.media)).filter((name) => name.includes(row.mediaKey ?? '-'))).toEqual([]);
    expect(await t.db.selectFrom('videoConversions').select('postId').where('postId', '=', row.id).execute()).toEqual([]);
  });
});

describe('a visitor’s video that cannot be converted (issue 26 §3)', () => {
  it('removes the memory and its video, and tells the visitor why by e-mail', async () => {
    const before = await mediaFiles(t.ctx.media);
    const sent = await unconverted(() =>
      t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', email: 'lucia.video@ejemplo.pe', message: '', postVideo: file(phoneVideo('vp9-webm'), 'video.webm', 'video/webm') }, { guest }),
    );
    expect(sent.status).toBe(200);
    const row = await t.db.selectFrom('videoConversions').innerJoin('posts', 'posts.id', 'videoConversions.postId').select(['posts.id', 'videoConversions.source']).where('posts.authorEmail', '=', 'lucia.video@ejemplo.pe').executeTakeFirstOrThrow();
    await t.ctx.media.delete(row.source);
    for (let attempt = 1; attempt <= CONVERSION_ATTEMPTS; attempt++) {
      await drainConversions(t.ctx, { perInstance: 1, threads: 1 });
      clock += 10 * 60_000;
    }
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', row.id).execute()).toEqual([]);
    expect((await pendingList()).filter((p) => p.fullname === 'Lucía' && (p.processing || p.failed))).toEqual([]);
    expect(await mediaFiles(t.ctx.media)).toEqual(before);
    // The e-mail as queued (on PostgreSQL either instance's worker may deliver it).
    const mail = await t.db.selectFrom('mailOutbox').select(['subject', 'textBody']).where('recipient', '=', 'lucia.video@ejemplo.pe').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`No pudimos publicar tu video en el memorial de ${memorial.fullname}`);
    expect(mail.textBody).toContain('No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo.');
  });
});

describe('a visitor who left no e-mail (issue 26 §3)', () => {
  type States = { videos: { receipt: string; state: string; message?: string }[] };
  const states = (receipts: unknown, options: { guest?: string; token?: string; identifier?: string } = { guest }) =>
    t.postJson<States>('/api/content/guest-video-states', { identifier: options.identifier ?? memorial.identifier, receipts }, { ...(options.guest ? { guest: options.guest } : {}), ...(options.token ? { token: options.token } : {}) });
  const failAll = async (postId: number) => {
    const row = await t.db.selectFrom('videoConversions').select('source').where('postId', '=', postId).executeTakeFirstOrThrow();
    await t.ctx.media.delete(row.source);
    for (let attempt = 1; attempt <= CONVERSION_ATTEMPTS; attempt++) {
      await drainConversions(t.ctx, { perInstance: 1, threads: 1 });
      clock += 10 * 60_000;
    }
  };

  it('is told by their own page, through the receipt of the video they sent, that it could not be processed; nobody else learns of it', async () => {
    const mailsBefore = await t.db.selectFrom('mailOutbox').select('id').execute();
    const sent = await unconverted(() => guestPost('vp9-webm'));
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Su memoria ha sido enviada');
    const receipt = (sent.body.data as { receipt?: string }).receipt ?? '';
    expect(receipt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed: the token itself is nowhere in the database.
    expect(JSON.stringify(await t.db.selectFrom('videoReceipts').selectAll().execute())).not.toContain(receipt);

    const asked = await states([receipt]);
    expect(asked.status).toBe(200);
    expect(asked.body.data.videos).toEqual([{ receipt, state: 'processing' }]);

    // Only a visitor inside this memorial asks, and a receipt speaks only of its own memorial's video.
    expect((await states([receipt], {})).status).toBe(401);
    expect((await states([receipt], { token })).status).toBe(401);
    const elsewhere = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'lirios', flagNotification: 0 } });
    const strangerGuest = await makeGuestToken(t.db, elsewhere.memorial);
    const stranger = await states([receipt], { guest: strangerGuest });
    expect([401, 403]).toContain(stranger.status);
    expect(stranger.body.data).not.toHaveProperty('videos');
    expect((await states([receipt], { guest: strangerGuest, identifier: elsewhere.memorial.identifier })).body.data.videos).toEqual([{ receipt, state: 'gone' }]);
    // Bad input: a Spanish 400.
    for (const bad of [[], ['corto'], 'no-es-lista', Array.from({ length: 21 }, () => receipt)]) {
      const refused = await states(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('No pudimos reconocer los videos que enviaste');
    }

    const post = await t.db.selectFrom('videoReceipts').select('postId').where('tokenHash', '=', hashToken(receipt)).executeTakeFirstOrThrow();
    await failAll(post.postId ?? 0);
    const told = await states([receipt, 'x'.repeat(43)]);
    expect(told.body.data.videos).toEqual([
      { receipt, state: 'failed', message: 'No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo' },
      { receipt: 'x'.repeat(43), state: 'gone' },
    ]);
    // The memory is gone and no e-mail was queued (there was no address to send it to).
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', post.postId ?? 0).execute()).toEqual([]);
    expect(await t.db.selectFrom('mailOutbox').select('id').execute()).toHaveLength(mailsBefore.length);

    // After 30 days the receipt is forgotten: the job's housekeeping removes it.
    clock += 31 * 24 * 60 * 60_000;
    expect((await states([receipt])).body.data.videos).toEqual([{ receipt, state: 'gone' }]);
    await videoConvertJob.run({ ctx: t.ctx } as Parameters<typeof videoConvertJob.run>[0]);
    expect(await t.db.selectFrom('videoReceipts').select('tokenHash').where('memorialId', '=', memorial.id).execute()).toEqual([]);
  });

  it('says "ready" once the video is converted, and "gone" when the family denied it; a video that needs no conversion, or the owner’s, gets no receipt', async () => {
    const kept = await unconverted(() => guestPost('mpeg4-3gp'));
    const denied = await unconverted(() => guestPost('vp9-webm'));
    const keptReceipt = (kept.body.data as { receipt: string }).receipt;
    const deniedReceipt = (denied.body.data as { receipt: string }).receipt;
    // The newest first: the webm the family denies while it converts, then the 3gp.
    const [deniedPost, keptPost] = (await pendingList()).filter((p) => p.processing);
    expect((await t.post('/api/content/deny-message', { identifier: memorial.identifier, date: deniedPost?.reg ?? '' }, { token, as: 'json' })).status).toBe(200);
    await converted(keptPost?.reg ?? '');
    expect((await states([keptReceipt, deniedReceipt])).body.data.videos).toEqual([
      { receipt: keptReceipt, state: 'ready' },
      { receipt: deniedReceipt, state: 'gone' },
    ]);
    const plain = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', message: '', postVideo: file(mp4Bytes(8192), 'video.mp4', 'video/mp4') }, { guest });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toEqual({});
    const owners = await unconverted(() => ownerPost('vp9-webm'));
    expect(JSON.stringify(owners.body.data)).not.toContain('receipt');
  });
});

describe('the time limit (issue 26 §4)', () => {
  it('kills ffmpeg at the conversion’s time limit, and the attempt fails', async () => {
    const input = path.join(scratch, 'VID0001.3gp');
    await fs.writeFile(input, phoneVideo('mpeg4-3gp'));
    const probe = await probeVideo(input);
    expect(probe).not.toBeNull();
    if (!probe) return;
    await expect(convertVideo(input, path.join(scratch, 'cut.mp4'), probe, { threads: 1, timeoutMs: 1 })).rejects.toThrow('ffmpeg was stopped (SIGKILL)');
  });
});

describe('admin video-convert (issue 26 §5)', () => {
  it('converts in place the stored videos that do not play everywhere, leaves the others, and has nothing to do a second time', async () => {
    const { memorial: other } = await makeOwner(t.db, { memorial: { type: 'U' } });
    // A video an earlier version stored as it came: an iPhone's HEVC .MOV under <key>.mp4.
    const key = newMediaKey(false);
    const temp = await t.ctx.media.putTemp(phoneVideo('hevc-mov'));
    await t.ctx.media.promote(temp.tempKey, `${key}.mp4`);
    await insertPost(t.db, { memorialId: other.id, authorKind: 'owner', authorName: 'Familia', authorEmail: null, text: 'Antes', mediaKey: key, mediaKind: 'video', state: 'approved', approvedAt: null });

    const run = await runAdmin(t, ['video-convert']);
    expect(run.code).toBe(0);
    expect(run.out.join('\n')).toMatch(/^Conversions: 1 videos converted, \d+ already played everywhere, 0 left as they are\.$/);
    expectPlaysEverywhere(await probeStored(`${key}.mp4`), 'portrait', true);
    expect(await t.ctx.media.head(`${key}-poster.jpg`)).not.toBeNull();

    const again = await runAdmin(t, ['video-convert']);
    expect(again.out.join('\n')).toMatch(/^Conversions: 0 videos converted, \d+ already played everywhere, 0 left as they are\.$/);
  });
});
