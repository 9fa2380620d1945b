// Issue 26 on a 390 × 844 phone: the family adds what an iPhone records — an HEVC `.MOV`, shot
// upright (a rotation matrix on landscape frames), with 5.1 sound, over the spec's 50 MB — through
// the owner's dialog. It goes through the resumable upload; the post is there at once with
// "Procesando el video…" and its progress, then, without a reload, the playable video with its
// poster. The stored result is probed: H.264 yuv420p, AAC stereo, long side ≤ 1280, upright, index
// before the data.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topLevelBoxes } from '../apps/server/src/media/video-processing';
import { phoneVideo } from '../apps/server/test/media-fixtures';
import { expectAccessible } from './support/axe';
import { PHONE, openPage } from './support/browser';
import { openGuestVideoForm, pendingPosts, seedMemorial } from './support/memorial';
import { api, logIn, makeOwner, ownerToken } from './support/owner';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const run = promisify(execFile);
const MB = 1024 * 1024;

let tmp: string;
let iphoneVideo: string;

function ffmpeg(args: string[]): void {
  const result = spawnSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg could not make the test video: ${result.error?.message ?? result.stderr}`);
}

/**
 * Two seconds as an iPhone records them, made once for this file: 1920×1080 HEVC frames of noise at
 * a near-lossless quantiser (so few frames pass 50 MB and the encoder has little to do), 5.1 AAC, in
 * a QuickTime `.MOV` whose 90° display matrix shows it upright (720 × 1280 once converted).
 */
function makeIphoneVideo(dir: string): string {
  const flat = path.join(dir, 'flat.mov');
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=10,noise=alls=60:allf=t',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '2',
    '-filter_complex', '[1:a]pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0[a]',
    '-map', '0:v', '-map', '[a]',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:qp=4', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1',
    '-c:a', 'aac', '-f', 'mov', flat,
  ]);
  const out = path.join(dir, 'IMG_4521.MOV');
  // The display matrix survives only a stream copy in ffmpeg 5.
  ffmpeg(['-i', flat, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mov', out]);
  fs.rmSync(flat);
  return out;
}

interface Probed {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  rotation: number;
  audioCodec: string;
  channels: number;
  boxes: string[];
}

async function probe(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,pix_fmt,width,height,channels:stream_side_data=rotation', '-of', 'json', file]);
  const streams = (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; pix_fmt?: string; width?: number; height?: number; channels?: number; side_data_list?: { rotation?: number }[] }[] }).streams;
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  return {
    codec: video?.codec_name ?? '',
    pixFmt: video?.pix_fmt ?? '',
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    rotation: video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0,
    audioCodec: audio?.codec_name ?? '',
    channels: audio?.channels ?? 0,
    boxes: await topLevelBoxes(file),
  };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-phone-video-e2e-'));
  iphoneVideo = makeIphoneVideo(tmp);
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("an iPhone's video over 50 MB, added by the family on a phone", () => {
  it('is sent resumably, shows "Procesando el video…" with its progress at once, then the upright video with its poster without a reload', async () => {
    // What an iPhone makes, and what the spec's multipart call would refuse.
    const original = await probe(iphoneVideo);
    expect(original).toMatchObject({ codec: 'hevc', width: 1920, height: 1080, audioCodec: 'aac', channels: 6 });
    expect(Math.abs(original.rotation)).toBe(90);
    expect(fs.statSync(iphoneVideo).size).toBeGreaterThan(50 * MB);

    const owner = await makeOwner(server, 'iphone', ['Hilda Condori Quispe']);
    const identifier = owner.memorials[0]?.identifier ?? '';
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const patches: number[] = [];
      let multipartVideo = false;
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) patches.push(Number(request.headers()['upload-offset']));
        if (request.url().includes('/api/content/save-admin-message') && (request.headers()['content-type'] ?? '').includes('multipart') && (request.postDataBuffer()?.length ?? 0) > MB) multipartVideo = true;
      });
      await logIn(page, owner, 'Hilda Condori Quispe');
      // A marker that a reload or a navigation would wipe.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      await page.getByRole('button', { name: 'Video', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deja tu video' });
      await dialog.getByLabel('Video', { exact: true }).setInputFiles(iphoneVideo);
      await dialog.getByLabel('Mensaje (opcional)').fill('Su último paseo por Puno.');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 120_000 });
      expect(patches.length).toBeGreaterThan(0);
      expect(multipartVideo).toBe(false);

      // At once: the post, converting, with its progress; nothing to open yet.
      const card = page.getByRole('article', { name: 'Video: Familia' });
      const converting = card.getByRole('status');
      await converting.getByText(/^Procesando el video… \d{1,3} %$/).waitFor({ timeout: 10_000 });
      expect(await card.getByRole('button', { name: 'Ver video en grande' }).count()).toBe(0);
      await expectAccessible(page, '/account with a video converting at 390 px');
      if (process.env.SHOTS_DIR) {
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/06-video-converting.png` });
      }
      const seen = new Set<number>();
      // Then, without a reload: the poster and the player (the list is asked again every few seconds).
      const poster = card.getByRole('img', { name: 'Imagen del video: Su último paseo por Puno.' });
      await expect
        .poll(
          async () => {
            const text = (await converting.textContent().catch(() => null)) ?? '';
            const percent = /(\d{1,3}) %/.exec(text)?.[1];
            if (percent !== undefined) seen.add(Number(percent));
            return poster.isVisible();
          },
          { timeout: 180_000, interval: 250 },
        )
        .toBe(true);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await card.getByText(/Procesando el video/).count()).toBe(0);
      expect([...seen].every((percent) => percent >= 0 && percent <= 100)).toBe(true);
      // The poster is the converted video's first frame, upright (taller than wide).
      const posterSrc = (await poster.getAttribute('src')) ?? '';
      expect(posterSrc).toMatch(/-poster\.jpg$/);
      expect(await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth)).toBe(true);
      await expectAccessible(page, '/account with the converted video at 390 px');
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/06-video-converted.png` });

      await card.getByRole('button', { name: 'Ver video en grande' }).click();
      const viewer = page.getByRole('dialog', { name: 'Video' });
      const player = viewer.locator('video');
      const src = (await player.getAttribute('src')) ?? '';
      expect(src).toMatch(/\.mp4$/);
      expect(await player.getAttribute('poster')).toBe(posterSrc);
      // The browser plays it: its size is known once its index is read (an upright 720 × 1280).
      await expect.poll(() => player.evaluate((video: HTMLVideoElement) => `${video.videoWidth}×${video.videoHeight}`), { timeout: 20_000 }).toBe('720×1280');
      await viewer.getByRole('button', { name: 'Cerrar' }).click();

      // The stored video plays everywhere.
      const token = await ownerToken(server, owner);
      const posts = await api<{ posts: { text: string; path: string; processing?: unknown }[] }>(server, 'GET', `/content/get-admin-posts?identifier=${identifier}`, { token });
      // The same object (a private memorial's signed links change with their time window).
      const objectOf = (signed: string) => signed.split('/').pop();
      expect(posts.data.posts.map((post) => [post.text, objectOf(post.path)])).toEqual([['Su último paseo por Puno.', objectOf(src)]]);
      expect(posts.data.posts[0]?.processing).toBeUndefined();
      const stored = path.join(tmp, 'stored.mp4');
      fs.writeFileSync(stored, Buffer.from(await (await fetch(`${server.baseUrl}${src}`)).arrayBuffer()));
      const result = await probe(stored);
      expect(result).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', audioCodec: 'aac', channels: 2, rotation: 0 });
      expect(Math.max(result.width, result.height)).toBeLessThanOrEqual(1280);
      expect(result.height).toBeGreaterThan(result.width);
      expect(result.boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(result.boxes.indexOf('moov')).toBeLessThan(result.boxes.indexOf('mdat'));
      expect(fs.statSync(stored).size).toBeLessThan(fs.statSync(iphoneVideo).size / 2);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
    // Made, sent and converted on two shared cores: minutes, not the usual minute.
  }, 300_000);
});

describe('a visitor who leaves no e-mail and sends a video that must be converted (decision 032)', () => {
  it('is told the page will say if it cannot be processed, and the page watches it until it is ready', async () => {
    const memorial = await seedMemorial(server, { type: 'P', accessCode: 'misa2024', person: 'Hilda Condori Quispe' });
    const clip = path.join(tmp, 'video.webm');
    fs.writeFileSync(clip, phoneVideo('vp9-webm'));
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const asked: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/content/guest-video-states')) asked.push(String(response.status()));
      });
      const dialog = await openGuestVideoForm(page, memorial, 'misa2024', clip);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const thanks = page.locator('.toast').filter({ hasText: 'Su memoria ha sido enviada' });
      await thanks.getByText('Estamos preparando tu video: si no pudiéramos procesarlo, te avisaremos en esta página.', { exact: false }).waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'the guest page after sending a video at 390 px');
      // The receipt stays in this browser while the video converts, and goes once it is ready: nothing to say.
      const held = () => page.evaluate(() => JSON.parse(localStorage.getItem('guest-videos') ?? '[]') as unknown[]);
      expect(await held()).toHaveLength(1);
      await expect.poll(held, { timeout: 120_000, interval: 500 }).toEqual([]);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((status) => status === '200')).toBe(true);
      expect(await page.locator('.toast--error').count()).toBe(0);
      expect((await pendingPosts(server.baseUrl, memorial)).map((post) => post.fullname)).toEqual(['Julián Mamani']);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
