// Issue 13 §3: every video gets a poster frame at upload, its index moved to the front when it was
// at the end (streams copied, not re-encoded), an unreadable one is refused in Spanish with nothing
// stored, and videos from before get theirs through `admin video-posters`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PendingPost, Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeGuestToken, makeOwner } from '../../test/factories';
import { file, mediaFiles, mp4Bytes, objectNameOf, realVideo } from '../../test/media-fixtures';
import { runAdmin } from '../../test/admin-cli';
import { insertPost } from '../modules/content/content.repository';
import { newMediaKey } from './media-keys';
import { topLevelBoxes } from './video-processing';

let t: TestServer;
let scratch: string;

beforeAll(async () => {
  t = await startTestServer();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-video-test-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function bytes(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(t.url + url);
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

async function boxesOf(body: Buffer): Promise<string[]> {
  const local = path.join(scratch, `${newMediaKey(false)}.mp4`);
  await fs.writeFile(local, body);
  return topLevelBoxes(local);
}

describe('a video sent by the family', () => {
  it('gets a poster frame from its first second and its index at the front, without re-encoding', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const upload = mp4Bytes(200_000, 'isom', 'end');
    expect((await boxesOf(upload)).indexOf('moov')).toBeGreaterThan((await boxesOf(upload)).indexOf('mdat'));
    const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Su risa', postVideo: file(upload, 'risa.mp4', 'video/mp4') }, { token });
    expect(saved.status).toBe(200);

    const [post] = (await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`)).body.data.posts;
    expect(post?.path).toBe(saved.body.data.data.path);
    expect(post?.poster).toBe(post?.path.replace(/\.mp4$/, '-poster.jpg'));
    const poster = await bytes(post?.poster ?? '');
    expect(poster.status).toBe(200);
    expect(poster.type).toBe('image/jpeg');
    expect(await sharp(poster.body).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 32 });

    const video = await bytes(post?.path ?? '');
    const boxes = await boxesOf(video.body);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // The same frames, only moved: the coded video data is identical.
    const original = realVideo('end');
    const mdatOf = (mp4: Buffer) => {
      const at = mp4.indexOf('mdat', 0, 'latin1');
      return mp4.subarray(at + 4, at + mp4.readUInt32BE(at - 4) - 4);
    };
    expect(mdatOf(video.body).equals(mdatOf(original))).toBe(true);
  });

  it('is stored byte for byte when its index is already at the front', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const upload = mp4Bytes(150_000);
    const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: '', postVideo: file(upload, 'v.mp4', 'video/mp4') }, { token });
    expect(saved.status).toBe(200);
    expect((await bytes(saved.body.data.data.path)).body.equals(upload)).toBe(true);
  });

  it('is refused with a clear message when it only looks like an MP4, and nothing is kept', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const before = await mediaFiles(t.ctx.media);
    const res = await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'x', postVideo: file(mp4Bytes(50_000, 'mp42'), 'falso.mp4', 'video/mp4') }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)');
    expect(await mediaFiles(t.ctx.media)).toEqual(before);
    expect(await t.ctx.media.listTemp()).toEqual([]);
    expect(await t.db.selectFrom('posts').select('id').where('memorialId', '=', memorial.id).execute()).toEqual([]);
  });
});

describe('a visitor’s video', () => {
  it('keeps its poster while it waits and after it is approved', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1', flagNotification: 0 } });
    const guest = await makeGuestToken(t.db, memorial);
    const sent = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', postVideo: file(mp4Bytes(60_000), 'v.mp4', 'video/mp4') }, { guest });
    expect(sent.status).toBe(200);
    const [pending] = (await t.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    expect(objectNameOf(pending?.poster ?? '')).toMatch(/^pending\/[\w-]{22}-poster\.jpg$/);
    expect((await bytes(pending?.poster ?? '')).status).toBe(200);
    expect((await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: pending?.reg ?? '' }, { token, as: 'json' })).status).toBe(200);
    const [post] = (await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`, { guest })).body.data.posts;
    expect(objectNameOf(post?.poster ?? '')).toMatch(/^[\w-]{22}-poster\.jpg$/);
    expect((await bytes(post?.poster ?? '')).type).toBe('image/jpeg');
  });
});

describe('admin video-posters', () => {
  it('gives the videos stored before posters existed theirs, and their index at the front; a second run has nothing to do', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    // A video as an earlier version stored it: the upload as sent, no poster.
    const key = newMediaKey(false);
    const temp = await t.ctx.media.putTemp(mp4Bytes(80_000, 'isom', 'end'));
    await t.ctx.media.promote(temp.tempKey, `${key}.mp4`);
    await insertPost(t.db, { memorialId: memorial.id, authorKind: 'owner', authorName: 'Familia', authorEmail: null, text: 'Antes', mediaKey: key, mediaKind: 'video', state: 'approved', approvedAt: null });
    const listed = async () => (await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`)).body.data.posts[0];
    expect((await listed())?.poster).toBeUndefined();

    const run = await runAdmin(t, ['video-posters']);
    expect(run.err.filter((line) => !line.includes(key))).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out.join('\n')).toMatch(/^Poster frames: \d+ videos done \(\d+ moved their index to the front\), 0 left as they are\.$/);
    const post = await listed();
    expect(post?.poster).toBe(`/media/${key}-poster.jpg`);
    expect((await bytes(post?.poster ?? '')).type).toBe('image/jpeg');
    const boxes = await boxesOf((await bytes(`/media/${key}.mp4`)).body);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    const again = await runAdmin(t, ['video-posters']);
    expect(again.out).toEqual(['Poster frames: 0 videos done (0 moved their index to the front), 0 left as they are.']);
  });
});
