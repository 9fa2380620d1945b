// Issue 13 §4: a visitor's video survives a dropped connection. The test throttles the upload (a
// weak signal at the cemetery), cuts the network mid-upload, and brings it back: the page says what
// happened and keeps everything, "Reintentar" goes on from what the server already had (not from
// the start), and the result is one memory awaiting approval holding exactly the chosen video.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../apps/server/test/media-fixtures';
import { PHONE, openPage } from './support/browser';
import { pendingPosts, seedMemorial, type SeededMemorial } from './support/memorial';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const MB = 1024 * 1024;
const CONNECTION = 'No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.';

let memorial: SeededMemorial;
let tmp: string;

beforeAll(async () => {
  memorial = await seedMemorial(server, { type: 'P', accessCode: 'misa2024', person: 'Hilda Condori Quispe' });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-resumable-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const network = (cdp: CDPSession, offline: boolean, uploadBytesPerSecond = 768 * 1024) =>
  cdp.send('Network.emulateNetworkConditions', { offline, latency: 20, downloadThroughput: -1, uploadThroughput: uploadBytesPerSecond });

describe('a guest video over a connection that drops', () => {
  it('resumes from where it stopped on Reintentar and ends as one memory awaiting approval', async () => {
    const video = mp4Bytes(Math.round(7.5 * MB));
    const clip = path.join(tmp, 'aniversario.mp4');
    fs.writeFileSync(clip, video);
    const { page, context, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const patches: { offset: number; at: number }[] = [];
      page.on('request', (request: Request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) patches.push({ offset: Number(request.headers()['upload-offset']), at: Date.now() });
      });
      await page.goto(`/guest?id=${memorial.identifier}`);
      await page.locator('.toaster').waitFor({ state: 'attached' });
      await page.getByLabel('Código de acceso').fill('misa2024');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Hilda Condori Quispe', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Video', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deja tu video' });
      await dialog.getByLabel('Video', { exact: true }).setInputFiles(clip);
      await dialog.getByLabel('Tu nombre').fill('Julián Mamani');
      await dialog.getByLabel('Tu mensaje (opcional)').fill('Su aniversario en Puno.');

      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await network(cdp, false);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const bar = dialog.getByRole('progressbar', { name: 'Subiendo tu video' });
      // The connection drops once a good part of the video is on its way.
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(40);
      const shownBeforeCut = Number(await bar.getAttribute('aria-valuenow'));
      await network(cdp, true);

      const alert = dialog.getByRole('alert');
      await alert.getByText(`No pudimos enviar tu recuerdo. ${CONNECTION}`).waitFor({ timeout: 30_000 });
      expect(await alert.getByText('Tu nombre, tu mensaje y el video que elegiste siguen aquí: puedes reintentarlo.').isVisible()).toBe(true);
      expect(await dialog.getByLabel('Tu nombre').inputValue()).toBe('Julián Mamani');
      expect(await dialog.getByLabel('Video', { exact: true }).evaluate((el: HTMLInputElement) => el.files?.[0]?.name ?? '')).toBe('aniversario.mp4');
      expect(await pendingPosts(server.baseUrl, memorial)).toEqual([]);

      await network(cdp, false);
      const before = patches.length;
      await alert.getByRole('button', { name: 'Reintentar' }).click();
      // The bar starts again from what the server has, not from zero.
      await expect.poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? -1), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(30);
      await page.getByText('Su memoria ha sido enviada').waitFor({ timeout: 60_000 });

      // After the drop, the upload went on from an offset well into the file: nothing was sent twice but what was in flight.
      const resumedAt = patches[before]?.offset ?? 0;
      expect(resumedAt).toBeGreaterThanOrEqual(2 * MB);
      expect(resumedAt / video.length).toBeGreaterThanOrEqual((shownBeforeCut - 15) / 100);
      expect(patches[0]?.offset).toBe(0);
      expect(patches.filter((p) => p.offset === 0)).toHaveLength(1);

      const pending = await pendingPosts(server.baseUrl, memorial);
      expect(pending).toEqual([expect.objectContaining({ fullname: 'Julián Mamani', text: 'Su aniversario en Puno.', path: expect.stringMatching(/\.mp4$/) as unknown })]);
      const stored = Buffer.from(await (await fetch(`${server.baseUrl}${pending[0]?.path ?? ''}`)).arrayBuffer());
      expect(stored.equals(video)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
