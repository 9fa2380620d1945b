// GET /media/*: exact types, nosniff, immutable caching, byte ranges, nothing outside the media
// root; and the start-up sweeper of interrupted uploads.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { mediaFiles, mp4Bytes } from '../../../test/media-fixtures';
import { newMediaKey } from '../../media/media-keys';
import { keyOfObject } from '../../media/media-links';
import { makeMediaPost, makeOwner } from '../../../test/factories';
import { sweepTempMedia } from '../../jobs/temp-upload-sweep';
import { parseRange } from './media.routes';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  publicMemorialId = (await makeOwner(t.ctx.db, { memorial: { type: 'U' } })).memorial.id;
});
afterAll(async () => {
  await t.close();
});

const attached = new Set<string>();
let publicMemorialId = 0;

/** Stores an object and, once per key, attaches it to a public memorial's post: /media/ serves only a memorial's media. */
async function store(name: string, bytes: Buffer): Promise<void> {
  const media = t.ctx.media;
  const temp = await media.putTemp(bytes);
  await media.promote(temp.tempKey, name);
  const key = keyOfObject(name);
  if (!attached.has(key)) {
    attached.add(key);
    await makeMediaPost(t.ctx.db, publicMemorialId, key, name.endsWith('.mp4') ? 'video' : 'picture');
  }
}

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(pathName: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathName, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving', () => {
  it('sends each kind with its exact type, nosniff and a year of immutable cache', async () => {
    const key = newMediaKey(false);
    const bytes = { jpg: randomBytes(1000), webp: randomBytes(500), mp4: mp4Bytes(2000) };
    await store(`${key}.jpg`, bytes.jpg);
    await store(`${key}-480.webp`, bytes.webp);
    await store(`${key}.mp4`, bytes.mp4);
    const cases: [string, string, Buffer][] = [
      [`/media/${key}.jpg`, 'image/jpeg', bytes.jpg],
      [`/media/${key}-480.webp`, 'image/webp', bytes.webp],
      [`/media/${key}.mp4`, 'video/mp4', bytes.mp4],
    ];
    for (const [url, type, body] of cases) {
      const res = await fetch(t.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    }
    const head = await fetch(`${t.url}/media/${key}.mp4`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('video/mp4');
  });

  it('answers byte ranges with 206, and an impossible one with 416', async () => {
    const key = newMediaKey(false);
    const video = mp4Bytes(10_000);
    await store(`${key}.mp4`, video);
    const url = `${t.url}/media/${key}.mp4`;
    const ranges: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=9000-', 9000, 9999],
      ['bytes=-500', 9500, 9999],
      ['bytes=9990-20000', 9990, 9999],
    ];
    for (const [range, start, end] of ranges) {
      const res = await fetch(url, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/10000`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await fetch(url, { headers: { range: 'bytes=10000-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10000');
    for (const ignored of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc']) {
      const res = await fetch(url, { headers: { range: ignored } });
      expect(res.status, ignored).toBe(200);
      expect(res.headers.get('content-length')).toBe('10000');
    }
  });

  it('sends an ETag and answers 304 to a browser that already has the object', async () => {
    const key = newMediaKey(false);
    await store(`${key}.jpg`, randomBytes(800));
    const first = await fetch(`${t.url}/media/${key}.jpg`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const header of [etag, `W/${etag}`, `"otro", ${etag}`, '*']) {
      const again = await fetch(`${t.url}/media/${key}.jpg`, { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await again.text()).toBe('');
    }
    expect((await fetch(`${t.url}/media/${key}.jpg`, { headers: { 'if-none-match': '"otro"' } })).status).toBe(200);
  });

  it('parses ranges as RFC 9110 says', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=2-4', 10)).toEqual({ kind: 'range', range: { start: 2, end: 4 } });
    expect(parseRange('bytes=4-2', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-20', 10)).toEqual({ kind: 'range', range: { start: 0, end: 9 } });
  });

  it('keeps pending uploads out of shared caches', async () => {
    const key = newMediaKey(true);
    await store(`${key}.jpg`, randomBytes(100));
    const res = await fetch(`${t.url}/media/${key}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers 404 for unknown media', async () => {
    const res = await fetch(`${t.url}/media/${newMediaKey(false)}.jpg`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: '404', message: 'No encontramos lo que buscas', data: {} });
  });
});

describe('nothing outside the media root', () => {
  it('never serves a file outside the media folder, nor the temporary area', async () => {
    await fs.writeFile(path.join(t.config.dataDir, 'secreto.txt'), 'SECRETO');
    const temp = await t.ctx.media.putTemp(Buffer.from('TEMPORAL'));
    const attempts = [
      '/media/../secreto.txt',
      '/media/../../etc/passwd',
      '/media/..%2fsecreto.txt',
      '/media/%2e%2e/secreto.txt',
      '/media/%2e%2e%2fsecreto.txt',
      '/media/....//secreto.txt',
      '/media/pending/../../secreto.txt',
      '/media/%2fetc%2fpasswd',
      '/media//etc/passwd',
      '/media/.tmp/' + temp.tempKey,
      '/media/.tmp%2f' + temp.tempKey,
      '/media/' + 'a'.repeat(22) + '.jpg%00.txt',
      '/media/' + 'a'.repeat(22) + '.html',
      '/media/',
    ];
    for (const attempt of attempts) {
      const res = await rawGet(attempt);
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.status, attempt).toBeLessThan(500);
      expect(res.body).not.toContain('SECRETO');
      expect(res.body).not.toContain('TEMPORAL');
      expect(res.body).not.toContain('root:');
    }
    await t.ctx.media.discardTemp(temp.tempKey);
  });
});

describe('temporary upload sweep (the temp-upload-sweep job)', () => {
  it('removes temporary uploads older than an hour and keeps recent ones', async () => {
    const media = t.ctx.media;
    const temp = await media.putTemp(Buffer.from('reciente'));
    // Right after the upload it is recent: the job keeps it.
    expect((await t.ctx.jobs.runNow('temp-upload-sweep')).outcome).toBe('ok');
    expect(await mediaFiles(media)).toContain(`.tmp/${temp.tempKey}`);
    // Two hours later (an upload cut off by a crash): gone.
    await sweepTempMedia(t.ctx, new Date(Date.now() + 2 * 3600_000));
    expect(await mediaFiles(media)).not.toContain(`.tmp/${temp.tempKey}`);
  });
});
