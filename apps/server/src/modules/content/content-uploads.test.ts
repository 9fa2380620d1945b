// Bad uploads and bad fields on the posting routes: each is refused with a Spanish message and a
// 4xx, and none leaves a row or a file (DESIGN §3, §6). Also: what a stored picture keeps.
import fs from 'node:fs/promises';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchRoot } from '../../media/video-processing';
import sharp from 'sharp';
import { startTestServer, type TestServer, type Fields } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { file, mediaFiles, mp4Bytes, pictureBytes, withJpegComment } from '../../../test/media-fixtures';
import type { Post } from '@recuerdos/shared/api-types';
import type { Memorial } from '../../db/schema';

/** Polls `check` every 20 ms until it holds (the test's own timeout bounds the wait). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

let t: TestServer;
let memorial: Memorial;
let token: string;
let guest: string;

beforeAll(async () => {
  t = await startTestServer();
  const owner = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'rosas', flagNotification: 0 } });
  memorial = owner.memorial;
  token = owner.token;
  guest = await makeGuestToken(t.db, memorial);
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const countPosts = async () =>
  (await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('memorialId', '=', memorial.id).executeTakeFirstOrThrow()).n;

/** Runs a refused request and checks that nothing was stored. */
async function expectRefused(send: () => Promise<{ status: number; body: { code: string; message: string; data: unknown } }>, status: number, message: string) {
  const files = await mediaFiles(t.ctx.media);
  const posts = await countPosts();
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code: String(status), message });
  // Nothing but the offending field's name comes back.
  expect(Object.keys(res.body.data as object).filter((k) => k !== 'field')).toEqual([]);
  expect(await countPosts()).toBe(posts);
  expect(await mediaFiles(t.ctx.media)).toEqual(files);
}

const guestPost = (fields: Fields) => t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía', ...fields }, { guest });
const ownerPost = (fields: Fields) => t.post('/api/content/save-admin-message', { identifier: memorial.identifier, ...fields }, { token });

describe('fields one past each limit (spec §5, §9)', () => {
  it('accepts the limits themselves', async () => {
    expect((await guestPost({ fullname: 'a'.repeat(60), email: `${'b'.repeat(69)}@ejemplo.pe`, message: 'c'.repeat(500) })).status).toBe(200);
    expect((await ownerPost({ message: 'd'.repeat(500) })).status).toBe(200);
  });

  const guestCases: [string, Fields, string][] = [
    ['a name of 61 characters', { fullname: 'a'.repeat(61), message: 'x' }, 'Tu nombre puede tener como máximo 60 caracteres'],
    ['a blank name', { fullname: '   ', message: 'x' }, 'Ingresa tu nombre'],
    ['an e-mail of 81 characters', { email: `${'b'.repeat(70)}@ejemplo.pe`, message: 'x' }, 'El correo electrónico puede tener como máximo 80 caracteres'],
    ['an invalid e-mail', { email: 'lucia@', message: 'x' }, 'Correo electrónico inválido'],
    ['a message of 501 characters', { message: 'c'.repeat(501) }, 'El mensaje puede tener como máximo 500 caracteres'],
    ['a blank message without media', { message: '  ' }, 'Ingresa tu mensaje'],
    ['no identifier', { identifier: '', message: 'x' }, 'Indica el perfil'],
  ];
  for (const [name, fields, message] of guestCases) {
    it(`refuses a guest post with ${name}`, async () => {
      await expectRefused(() => guestPost(fields), 400, message);
    });
  }

  it('refuses owner posts one past the limits', async () => {
    await expectRefused(() => ownerPost({ message: 'c'.repeat(501) }), 400, 'El mensaje puede tener como máximo 500 caracteres');
    await expectRefused(() => ownerPost({ message: ' ' }), 400, 'Ingresa tu mensaje');
  });

  it('refuses wrong types in JSON bodies', async () => {
    const json = (path: string, body: Record<string, unknown>) =>
      t.post(path, body as Record<string, string>, { token, as: 'json' });
    await expectRefused(() => json('/api/content/save-admin-message', { identifier: memorial.identifier, message: 42 }), 400, 'Ingresa tu mensaje');
    await expectRefused(
      () => t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Ana', email: 7, message: 'x' } as unknown as Record<string, string>, { guest, as: 'json' }),
      400,
      'Correo electrónico inválido',
    );
    await expectRefused(() => json('/api/content/save-admin-message', { identifier: ['a'], message: 'x' }), 400, 'Indica el perfil');
    await expectRefused(() => json('/api/content/approve-message', { identifier: memorial.identifier, date: { $gt: '' } }), 400, 'Indica la publicación');
    await expectRefused(() => json('/api/content/update-cards-order', { identifier: memorial.identifier, cards: [{ reg: 'x', place: 'arriba' }] }), 400, 'El orden de las publicaciones no es válido');
    await expectRefused(() => json('/api/gift/update-gift', { identifier: memorial.identifier, type: 5 }), 400, 'El tipo de regalo debe ser F (flores) o V (velas)');
    // A text-only post may come as JSON too.
    expect((await json('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'por JSON' })).status).toBe(200);
  });

  it('answers 404 for an unknown memorial', async () => {
    await expectRefused(() => ownerPost({ identifier: 'noexiste123', message: 'x' }), 404, 'No encontramos este perfil');
  });
});

describe('files judged by their bytes', () => {
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');

  it('refuses HTML or SVG named .jpg, as a guest and as the owner', async () => {
    for (const bytes of [html, svg]) {
      await expectRefused(() => guestPost({ postPicture: file(bytes, 'foto.jpg', 'image/jpeg') }), 400, 'La foto debe ser una imagen PNG o JPG');
      await expectRefused(() => ownerPost({ postPicture: file(bytes, 'foto.jpg', 'image/jpeg') }), 400, 'La foto debe ser una imagen PNG o JPG');
    }
  });

  it('refuses a JPEG named .mp4, an HTML video and an MP4 sent as a picture', async () => {
    const jpeg = await pictureBytes();
    await expectRefused(() => guestPost({ postVideo: file(jpeg, 'video.mp4', 'video/mp4') }), 400, 'El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)');
    await expectRefused(() => ownerPost({ postVideo: file(jpeg, 'video.mp4', 'video/mp4') }), 400, 'El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)');
    await expectRefused(() => ownerPost({ postVideo: file(html, 'video.mp4', 'video/mp4') }), 400, 'El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)');
    await expectRefused(() => ownerPost({ postVideo: file(Buffer.alloc(0), 'vacio.mp4', 'video/mp4') }), 400, 'El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)');
    await expectRefused(() => ownerPost({ postPicture: file(mp4Bytes(), 'foto.jpg', 'image/jpeg') }), 400, 'La foto debe ser una imagen PNG o JPG');
  });

  it('refuses a truncated JPEG and a picture claiming a pixel flood', async () => {
    const jpeg = await pictureBytes();
    await expectRefused(() => ownerPost({ postPicture: file(jpeg.subarray(0, jpeg.length / 2), 'a.jpg') }), 400, 'La foto debe ser una imagen PNG o JPG');
    // A valid PNG whose header claims 30000×30000 pixels: refused before anything is decoded.
    const png = await pictureBytes({ format: 'png', width: 16, height: 16 });
    const flood = Buffer.from(png);
    flood.writeUInt32BE(30_000, 16);
    flood.writeUInt32BE(30_000, 20);
    flood.writeUInt32BE(zlib.crc32(flood.subarray(12, 29)) >>> 0, 29);
    await expectRefused(() => ownerPost({ postPicture: file(flood, 'a.png') }), 400, 'La foto debe ser una imagen PNG o JPG');
  });

  it('refuses a picture over 15 MB before re-encoding it', async () => {
    await expectRefused(() => ownerPost({ postPicture: file(Buffer.alloc(15 * MB + 1, 0xff), 'enorme.jpg', 'image/jpeg') }), 413, 'La solicitud es demasiado grande');
  });

  it('refuses a second file after a video, and keeps neither', async () => {
    const files = await mediaFiles(t.ctx.media);
    const posts = await countPosts();
    const res = await ownerPost({ message: 'x', postVideo: file(mp4Bytes(300_000), 'v.mp4'), postPicture: file(await pictureBytes(), 'a.jpg') });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await countPosts()).toBe(posts);
    expect(await mediaFiles(t.ctx.media)).toEqual(files);
  });

  it('refuses a file under another field name', async () => {
    const jpeg = await pictureBytes();
    await expectRefused(() => ownerPost({ message: 'x', adjunto: file(jpeg, 'a.jpg') }), 400, 'Este formulario no admite archivos');
  });
});

describe('video size (spec §9: at most 50 MB)', () => {
  it('refuses 50 MB + 1 byte with the spec message and keeps nothing', async () => {
    await expectRefused(
      () => ownerPost({ message: 'x', postVideo: file(mp4Bytes(50 * MB + 1), 'grande.mp4', 'video/mp4') }),
      413,
      'El video seleccionado excede los 50 MB',
    );
    await expectRefused(
      () => guestPost({ message: 'x', postVideo: file(mp4Bytes(50 * MB + 1), 'grande.mp4', 'video/mp4') }),
      413,
      'El video seleccionado excede los 50 MB',
    );
  });

  it('accepts exactly 50 MB, streamed to the store byte for byte', async () => {
    const bytes = mp4Bytes(50 * MB);
    const res = await ownerPost({ message: 'x', postVideo: file(bytes, 'justo.mp4', 'video/mp4') });
    expect(res.status).toBe(200);
    const path = (res.body.data as { data: { path: string } }).data.path;
    const served = await fetch(t.url + path);
    expect(served.headers.get('content-length')).toBe(String(50 * MB));
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    await t.post('/api/content/delete-message', { identifier: memorial.identifier, date: (res.body.data as { data: { reg: string } }).data.reg }, { token, as: 'json' });
  });
});

describe('interrupted uploads', () => {
  const boundary = 'RecuerdosLimite';
  const head = (identifier: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="identifier"\r\n\r\n${identifier}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nhola\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="postVideo"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );

  it('answers a truncated multipart body with a 4xx and keeps nothing', async () => {
    await expectRefused(
      async () => {
        const res = await fetch(`${t.url}/api/content/save-admin-message`, {
          method: 'POST',
          headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: Buffer.concat([head(memorial.identifier), mp4Bytes(300_000)]),
        });
        return { status: res.status, body: (await res.json()) as { code: string; message: string; data: unknown } };
      },
      400,
      'La solicitud no es válida. Revisa los datos e inténtalo de nuevo',
    );
  });

  it('removes the temporary file when the client goes away mid-upload', async () => {
    const files = await mediaFiles(t.ctx.media);
    const posts = await countPosts();
    const { port } = new URL(t.url);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/content/save-admin-message',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(20 * MB) },
    });
    request.on('error', () => undefined);
    // The video streams into a scratch folder of this server (DATA_DIR/scratch) before the store.
    const scratch = scratchRoot(t.config.dataDir);
    const inScratch = async () => (await fs.readdir(scratch).catch(() => [])).length;
    request.write(Buffer.concat([head(memorial.identifier), mp4Bytes(2 * MB)]));
    await waitFor(async () => (await inScratch()) > 0);
    request.destroy();
    // The write fails with the hang-up, and its cleanup removes the scratch folder.
    await waitFor(async () => (await inScratch()) === 0);
    expect(await mediaFiles(t.ctx.media)).toEqual(files);
    expect(await t.ctx.media.listTemp()).toEqual([]);
    expect(await countPosts()).toBe(posts);
  });
});

describe('what a stored picture keeps', () => {
  it('drops EXIF, GPS and comments, applies the orientation, and stores 800×800 with WebP sizes', async () => {
    // 400×200, left half red; EXIF orientation 6 means "rotate 90° clockwise to view": red ends on top.
    const tagged = withJpegComment(
      await sharp(await pictureBytes({ width: 400, height: 200, exif: { Copyright: 'exif-secreto', Artist: 'Autor' }, gps: true }))
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer(),
      'comentario-secreto',
    );
    const before = await sharp(tagged).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const res = await guestPost({ message: 'con foto', postPicture: file(tagged, 'blob', 'image/jpeg') });
    expect(res.status).toBe(200);
    const [pending] = (await t.get<{ posts: Post[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token })).body.data.posts;
    const urls = [pending?.path ?? '', ...[240, 480, 800].map((w) => (pending?.path ?? '').replace('.jpg', `-${w}.webp`))];
    for (const url of urls) {
      const bytes = Buffer.from(await (await fetch(t.url + url)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.comments).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes('exif-secreto')).toBe(false);
      expect(bytes.includes('comentario-secreto')).toBe(false);
    }
    const jpeg = Buffer.from(await (await fetch(t.url + (pending?.path ?? ''))).arrayBuffer());
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 800 });
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    const [topR = 0, , topB = 0] = pixel(400, 100);
    const [bottomR = 0, , bottomB = 0] = pixel(400, 700);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(100);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(100);
  });
});
