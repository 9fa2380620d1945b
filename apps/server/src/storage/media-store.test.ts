// The store contract (docs/decisions/010), run against every store: the disk always; S3 against
// s3rver started here on a free port; and a real bucket when TEST_S3_URL is set. What the rest of
// the app relies on: put/promote/get/range/head/delete/move/sweep, failed and aborted uploads that
// leave nothing, a 50 MB stream in bounded memory, and a start that names the wrong variable.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { newMediaKey } from '../media/media-keys';
import { realBucket, startS3rver, type TestS3 } from '../../test/s3';
import { DiskMediaStore } from './disk-media-store';
import { MediaStoreCheckError, ObjectTooLargeError, type MediaStore } from './media-store';
import { openMediaStore } from './open-media-store';
import { S3MediaStore } from './s3-media-store';

const MB = 1024 * 1024;

interface StoreUnderTest {
  name: string;
  open(): Promise<{ store: MediaStore; s3: TestS3 | null; cleanup(): Promise<void> }>;
}

function s3Store(s3: TestS3): MediaStore {
  return openMediaStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), ...s3.env }));
}

const stores: StoreUnderTest[] = [
  {
    name: 'disk',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-store-'));
      return { store: new DiskMediaStore(dir), s3: null, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3 (s3rver in-process)',
    async open() {
      const s3 = await startS3rver();
      const store = s3Store(s3);
      return { store, s3, cleanup: async () => { await store.close(); await s3.close(); } };
    },
  },
];
const real = realBucket();
if (real) {
  stores.push({
    name: 's3 (TEST_S3_URL)',
    open() {
      const store = s3Store(real);
      return Promise.resolve({ store, s3: real, cleanup: async () => { await store.close(); await real.close(); } });
    },
  });
} else {
  console.info('media store contract: the real-bucket run is skipped (reason: TEST_S3_URL is not set)');
}

async function readAll(object: { body: Readable } | null): Promise<Buffer> {
  if (!object) throw new Error('Object not found');
  const stream = object.body;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function put(store: MediaStore, name: string, bytes: Buffer): Promise<void> {
  const temp = await store.putTemp(bytes);
  await store.promote(temp.tempKey, name);
}

/** A stream of `total` pseudo-random bytes made as it is read (never held whole), then failing if asked. */
function generated(total: number, options: { failAfter?: number } = {}): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const chunk = randomBytes(64 * 1024);
  async function* produce(): AsyncGenerator<Buffer> {
    while (sent < total) {
      if (options.failAfter !== undefined && sent >= options.failAfter) throw new Error('El cliente se fue');
      const size = Math.min(chunk.length, total - sent);
      // Vary each chunk so a store that mixed chunks up would not pass.
      const piece = Buffer.from(chunk.subarray(0, size));
      piece.writeUInt32BE(sent >>> 0, 0);
      hash.update(piece);
      sent += size;
      yield piece;
      await Promise.resolve();
    }
  }
  return { stream: Readable.from(produce()), digest: () => hash.digest('hex') };
}

/** Live memory: collected first when the runner allows it (the api project runs with --expose-gc). */
function memoryInUse(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe.each(stores)('media store: $name', (under) => {
  let store: MediaStore;
  let opened: Awaited<ReturnType<StoreUnderTest['open']>>;
  let s3: TestS3 | null;

  beforeAll(async () => {
    opened = await under.open();
    ({ store, s3 } = opened);
    await store.check();
  });
  afterAll(async () => {
    await opened.cleanup();
  });

  it('keeps a temporary object out of sight until it is promoted, then serves it whole and by ranges', async () => {
    const name = `${newMediaKey(false)}.jpg`;
    const bytes = randomBytes(10_000);
    const temp = await store.putTemp(bytes, { contentType: 'image/jpeg' });
    expect(temp.size).toBe(10_000);
    expect(await store.head(name)).toBeNull();
    expect(await store.list()).not.toContain(name);
    expect((await store.listTemp()).map((t) => t.tempKey)).toContain(temp.tempKey);
    // Readable back while temporary (the pieces of a resumable upload are put together so).
    const back = await store.readTemp(temp.tempKey);
    const chunks: Buffer[] = [];
    for await (const chunk of back ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    await store.promote(temp.tempKey, name);
    expect(await store.readTemp(temp.tempKey)).toBeNull();
    expect((await store.listTemp()).map((t) => t.tempKey)).not.toContain(temp.tempKey);
    expect(await store.list()).toContain(name);
    const info = await store.head(name);
    expect(info).toMatchObject({ size: 10_000, contentType: 'image/jpeg' });
    expect(info?.etag).toMatch(/^[\w-]+$/);

    const whole = await store.get(name);
    expect(whole?.info.size).toBe(10_000);
    expect(whole?.info.etag).toBe(info?.etag);
    expect(Buffer.compare(await readAll(whole), bytes)).toBe(0);

    const part = await store.get(name, { start: 100, end: 1099 });
    expect(part?.info.size).toBe(10_000);
    expect(Buffer.compare(await readAll(part), bytes.subarray(100, 1100))).toBe(0);
    const tail = await store.get(name, { start: 9_990, end: 9_999 });
    expect(Buffer.compare(await readAll(tail), bytes.subarray(9_990))).toBe(0);
  });

  it('moves a pending object to its public name, and a retried move counts as done', async () => {
    const key = newMediaKey(false);
    const from = `pending/${key}.mp4`;
    const to = `${key}.mp4`;
    await put(store, from, Buffer.from('video'));
    await store.move(from, to);
    await store.move(from, to);
    expect(await store.head(from)).toBeNull();
    expect(await store.head(to)).toMatchObject({ size: 5, contentType: 'video/mp4' });
  });

  it('deletes an object (a missing one is no error) and then answers not found', async () => {
    const name = `${newMediaKey(false)}-480.webp`;
    await put(store, name, Buffer.from('webp'));
    await store.delete(name);
    await store.delete(name);
    expect(await store.head(name)).toBeNull();
    expect(await store.get(name)).toBeNull();
    expect(await store.list()).not.toContain(name);
  });

  it('sweeps temporary objects older than the cut-off and keeps newer ones', async () => {
    const temp = await store.putTemp(Buffer.from('a medias'));
    expect(await store.sweepTemp(new Date(Date.now() - 3_600_000))).toBe(0);
    expect((await store.listTemp()).map((t) => t.tempKey)).toContain(temp.tempKey);
    expect(await store.sweepTemp(new Date(Date.now() + 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await store.listTemp()).map((t) => t.tempKey)).not.toContain(temp.tempKey);
  });

  it('refuses a body over its limit and keeps nothing', async () => {
    const before = { list: await store.list(), temps: await store.listTemp() };
    await expect(store.putTemp(generated(7 * MB).stream, { maxBytes: 6 * MB })).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(store.putTemp(Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.list()).toEqual(before.list);
    expect(await store.listTemp()).toEqual(before.temps);
  });

  it('leaves nothing behind when an upload is aborted midway (past the first multipart part)', async () => {
    const before = { list: await store.list(), temps: await store.listTemp() };
    await expect(store.putTemp(generated(20 * MB, { failAfter: 12 * MB }).stream)).rejects.toThrow('El cliente se fue');
    await expect(store.putTemp(generated(1 * MB, { failAfter: 100_000 }).stream)).rejects.toThrow('El cliente se fue');
    expect(await store.list()).toEqual(before.list);
    expect(await store.listTemp()).toEqual(before.temps);
  });

  it('streams 50 MB in and out intact, with memory growth bounded well below the size', async () => {
    const source = generated(50 * MB);
    const base = memoryInUse();
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryInUse())), 250);
    try {
      const temp = await store.putTemp(source.stream, { maxBytes: 50 * MB, contentType: 'video/mp4' });
      expect(temp.size).toBe(50 * MB);
      const name = `${newMediaKey(false)}.mp4`;
      await store.promote(temp.tempKey, name);
      const object = await store.get(name);
      if (!object) throw new Error('The promoted object is missing');
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of object.body) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      expect(size).toBe(50 * MB);
      expect(hash.digest('hex')).toBe(source.digest());
      await store.delete(name);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, memoryInUse());
    const growthMb = (peak - base) / MB;
    console.info(`media store ${under.name}: 50 MB in and out, memory growth ${growthMb.toFixed(1)} MB`);
    // Never the whole object (that alone would be 50 MB): one 5 MiB part in flight (S3), stream
    // buffers (disk), and s3rver itself, which runs in this process here (measured 20–45 MB under load).
    expect(growthMb).toBeLessThan(50);
  }, 120_000);

  it('fails its start check with one line naming the wrong variable', async () => {
    if (!s3) {
      const file = path.join(os.tmpdir(), `recuerdos-not-a-dir-${randomBytes(4).toString('hex')}`);
      await fs.writeFile(file, 'x');
      const bad = new DiskMediaStore(file);
      await expect(bad.check()).rejects.toThrow(/^MEDIA_DIR=/);
      await fs.rm(file);
      return;
    }
    const config = { ...s3.env };
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: `no-existe-${randomBytes(4).toString('hex')}` }, /^S3_BUCKET="no-existe-\w+": no such bucket/],
      [{ S3_ACCESS_KEY_ID: 'NOEXISTE' }, /^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: refused/],
    ];
    // s3rver does not verify V4 signatures, so a wrong secret is only refused by a real service.
    if (under.name.includes('TEST_S3_URL')) cases.push([{ S3_SECRET_ACCESS_KEY: 'clave-equivocada' }, /^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: refused/]);
    else cases.push([{ S3_ENDPOINT: 'http://127.0.0.1:9' }, /^S3_ENDPOINT="http:\/\/127\.0\.0\.1:9": the S3 service does not answer/]);
    for (const [change, message] of cases) {
      const bad = openMediaStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), ...config, ...change }));
      expect(bad).toBeInstanceOf(S3MediaStore);
      const err = await bad.check().then(() => null, (e: unknown) => e);
      await bad.close();
      expect(err, JSON.stringify(change)).toBeInstanceOf(MediaStoreCheckError);
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
