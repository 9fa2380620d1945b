// Two instances behind a load balancer (issue 11 §5): one database, one Redis (on PostgreSQL runs),
// one bucket, each with its own DATA_DIR and MEDIA_DIR. What one is sent, the other serves; what
// one deletes, the other no longer has; and no media file is written to either disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeGuestToken, makeOwner } from '../../test/factories';
import { file, mp4Bytes, objectNameOf, pictureBytes } from '../../test/media-fixtures';
import { startS3rver, type TestS3 } from '../../test/s3';
import { readZip } from '../../test/zip-reader';

let s3: TestS3;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  s3 = await startS3rver();
  one = await startTestServer({ s3 });
  two = await startTestServer({ shareWith: one });
});
afterAll(async () => {
  await two.close();
  await one.close();
  await s3.close();
});

interface PendingPost {
  reg: string;
  fullname: string;
  path: string | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function bytesOf(server: TestServer, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(server.url + url, { headers });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

describe('two instances, one database, one bucket', () => {
  it('use separate disks and one store', () => {
    expect(one.config.dataDir).not.toBe(two.config.dataDir);
    expect(one.config.mediaDir).not.toBe(two.config.mediaDir);
    expect(one.ctx.media.kind).toBe('s3');
    expect(two.ctx.media.kind).toBe('s3');
    expect(two.config.database).toEqual(one.config.database);
  });

  it('serve a photo and a video posted on the other, byte ranges too', async () => {
    const { memorial, token } = await makeOwner(one.db);
    const video = mp4Bytes(300_000);
    const photo = await pictureBytes();
    const savedPhoto = await one.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Foto', postPicture: file(photo, 'a.jpg', 'image/jpeg') }, { token });
    const savedVideo = await one.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Video', postVideo: file(video, 'v.mp4', 'video/mp4') }, { token });
    expect(savedPhoto.status).toBe(200);
    expect(savedVideo.status).toBe(200);
    const photoPath = savedPhoto.body.data.data.path;
    const videoPath = savedVideo.body.data.data.path;

    const fromOne = await bytesOf(one, photoPath);
    const fromTwo = await bytesOf(two, photoPath);
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers.get('content-type')).toBe('image/jpeg');
    expect(fromTwo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(fromTwo.body, fromOne.body)).toBe(0);
    // One validator for both: a browser's cached copy from one is still good on the other.
    const etag = fromOne.headers.get('etag') ?? '';
    expect(fromTwo.headers.get('etag')).toBe(etag);
    expect((await bytesOf(two, photoPath, { 'if-none-match': etag })).status).toBe(304);

    const whole = await bytesOf(two, videoPath);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.compare(whole.body, video)).toBe(0);
    const range = await bytesOf(two, videoPath, { range: 'bytes=1000-1999' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.compare(range.body, video.subarray(1000, 2000))).toBe(0);
    const beyond = await bytesOf(two, videoPath, { range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);

    // The guests' view on the other instance lists both, with media it can serve.
    const guest = await makeGuestToken(two.db, memorial);
    const listed = await two.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`, { guest });
    expect(listed.body.data.posts.map((p) => p.path).sort()).toEqual([photoPath, videoPath].sort());
  });

  it('a guest photo sent to one and approved on the other is served by both', async () => {
    const { memorial, token } = await makeOwner(one.db);
    await one.db.updateTable('memorials').set({ type: 'P' }).where('id', '=', memorial.id).execute();
    const guest = await makeGuestToken(one.db, memorial);
    const sent = await one.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', message: 'Siempre', postPicture: file(await pictureBytes(), 'a.jpg', 'image/jpeg') }, { guest });
    expect(sent.status).toBe(200);

    const [pending] = (await two.get<{ posts: PendingPost[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    const pendingPath = pending?.path ?? '';
    expect(objectNameOf(pendingPath)).toMatch(/^pending\//);
    // The owner reviews it on the other instance; never cached by shared caches.
    const review = await bytesOf(two, pendingPath);
    expect(review.status).toBe(200);
    expect(review.headers.get('cache-control')).toBe('private, no-store');

    const approved = await two.post('/api/content/approve-message', { identifier: memorial.identifier, date: pending?.reg ?? '' }, { token, as: 'json' });
    expect(approved.status).toBe(200);
    const [post] = (await one.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`, { guest })).body.data.posts;
    const publicPath = post?.path ?? '';
    // A private memorial: the link is signed (issue 12 §6), and every instance honours it.
    expect(publicPath).toMatch(/^\/media\/s\/[^/]+\/[A-Za-z0-9_-]{22}\.jpg$/);
    for (const server of [one, two]) {
      const res = await bytesOf(server, publicPath);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect(res.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      // The pending name is gone from the store for both.
      expect((await bytesOf(server, pendingPath)).status).toBe(404);
    }
  });

  it('a post deleted on one is gone from the other at once, with all its sizes', async () => {
    const { memorial, token } = await makeOwner(one.db);
    const saved = await two.post<{ data: { path: string; reg: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Adiós', postPicture: file(await pictureBytes(), 'a.jpg', 'image/jpeg') }, { token });
    const postPath = saved.body.data.data.path;
    const key = postPath.slice('/media/'.length, -'.jpg'.length);
    expect((await one.ctx.media.list()).filter((name) => name.startsWith(key))).toHaveLength(4);
    // Both have served it (and may remember its size and tag).
    expect((await bytesOf(one, postPath)).status).toBe(200);
    expect((await bytesOf(two, postPath)).status).toBe(200);

    const [post] = (await one.get<{ posts: Post[] }>(`/api/content/get-admin-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    const deleted = await one.post('/api/content/delete-message', { identifier: memorial.identifier, date: post?.reg ?? '' }, { token, as: 'json' });
    expect(deleted.status).toBe(200);
    expect((await bytesOf(two, postPath)).status).toBe(404);
    expect((await bytesOf(two, `/media/${key}-480.webp`)).status).toBe(404);
    expect((await two.ctx.media.list()).filter((name) => name.startsWith(key))).toEqual([]);
  });

  it('write no media file to either disk', async () => {
    // A profile picture and an export too: every media path goes through the bucket.
    const { memorial, token } = await makeOwner(one.db);
    const profile = await two.post(
      '/api/person/update-basic-data',
      { identifier: memorial.identifier, fullname: 'Rosa Elvira Mamani', birthdate: '1941-03-14', deathdate: '2023-09-05', location: 'Lima', description: 'Siempre.', picture: file(await pictureBytes(), 'p.jpg', 'image/jpeg') },
      { token },
    );
    expect(profile.status).toBe(200);
    // The archive made on the other instance carries the profile picture, read from the bucket.
    const res = await fetch(`${one.url}/api/person/export?identifier=${encodeURIComponent(memorial.identifier)}`, { headers: { token } });
    expect(res.status).toBe(200);
    const names = readZip(Buffer.from(await res.arrayBuffer())).map((entry) => entry.name);
    expect(names.some((name) => name.endsWith('.jpg'))).toBe(true);
    for (const server of [one, two]) {
      expect(await filesUnder(server.config.mediaDir)).toEqual([]);
      const stray = (await filesUnder(server.config.dataDir)).filter((f) => /\.(jpg|webp|mp4)$/.test(f) || f.includes(`${path.sep}.tmp${path.sep}`));
      expect(stray).toEqual([]);
    }
  });
});
