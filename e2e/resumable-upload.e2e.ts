// Issue 13 §4: a visitor's video (and the family's own) survives a dropped connection. The test
// throttles the upload (a weak signal at the cemetery), cuts the network mid-upload, and brings it
// back: the page says what happened and keeps everything, "Reintentar" goes on from what the server
// already had (not from the start), and the result is one memory (awaiting approval, for a visitor)
// holding exactly the chosen video.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../apps/server/test/media-fixtures';
import { PHONE, openPage } from './support/browser';
import { openGuestVideoForm, pendingPosts, seedMemorial, type SeededMemorial } from './support/memorial';
import { api, logIn, makeOwner, ownerToken } from './support/owner';
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

/**
 * Saves the dialog's video over a throttled link, cuts the link once the bar shows ≥ 40 %, checks
 * the failure and what it kept (`failure`, `kept`, then `whileFailed`), brings the link back and
 * presses "Reintentar".
 * Answers the offset the upload went on from, and how far the bar had come before the cut.
 */
async function saveThroughADrop(
  page: Page,
  context: BrowserContext,
  dialog: Locator,
  texts: { failure: string; kept: string },
  whileFailed: () => Promise<void>,
): Promise<{ resumedAt: number; shownBeforeCut: number; firstOffsets: number[] }> {
  const patches: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) patches.push(Number(request.headers()['upload-offset']));
  });
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
  await alert.getByText(`${texts.failure} ${CONNECTION}`).waitFor({ timeout: 30_000 });
  expect(await alert.getByText(texts.kept).isVisible()).toBe(true);
  expect(await dialog.getByLabel('Video', { exact: true }).evaluate((el: HTMLInputElement) => el.files?.[0]?.name ?? '')).toBe('aniversario.mp4');
  await whileFailed();

  await network(cdp, false);
  const before = patches.length;
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  // The bar starts again from what the server has, not from zero.
  await expect.poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? -1), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(30);
  await expect.poll(() => patches.length > before, { timeout: 10_000 }).toBe(true);
  return { resumedAt: patches[before] ?? 0, shownBeforeCut, firstOffsets: patches.slice(0, before) };
}

describe('a guest video over a connection that drops', () => {
  it('resumes from where it stopped on Reintentar and ends as one memory awaiting approval', async () => {
    const video = mp4Bytes(Math.round(7.5 * MB));
    const clip = path.join(tmp, 'aniversario.mp4');
    fs.writeFileSync(clip, video);
    const { page, context, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const dialog = await openGuestVideoForm(page, memorial, 'misa2024', clip);
      await dialog.getByLabel('Tu mensaje (opcional)').fill('Su aniversario en Puno.');

      const { resumedAt, shownBeforeCut, firstOffsets } = await saveThroughADrop(page, context, dialog, {
        failure: 'No pudimos enviar tu recuerdo.',
        kept: 'Tu nombre, tu mensaje y el video que elegiste siguen aquí: puedes reintentarlo.',
      }, async () => {
        expect(await dialog.getByLabel('Tu nombre').inputValue()).toBe('Julián Mamani');
        expect(await pendingPosts(server.baseUrl, memorial)).toEqual([]);
      });
      await page.getByText('Su memoria ha sido enviada').waitFor({ timeout: 60_000 });

      // After the drop, the upload went on from an offset well into the file: nothing was sent twice but what was in flight.
      expect(resumedAt).toBeGreaterThanOrEqual(2 * MB);
      expect(resumedAt / video.length).toBeGreaterThanOrEqual((shownBeforeCut - 15) / 100);
      expect(firstOffsets[0]).toBe(0);
      expect(firstOffsets.filter((offset) => offset === 0)).toHaveLength(1);

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

describe('a guest video given up after a failure', () => {
  it('is deleted on the server when the visitor closes the form', async () => {
    const clip = path.join(tmp, 'aniversario.mp4');
    fs.writeFileSync(clip, mp4Bytes(Math.round(0.5 * MB)));
    const pendingBefore = await pendingPosts(server.baseUrl, memorial);
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const dialog = await openGuestVideoForm(page, memorial, 'misa2024', clip);

      // The upload is created, then every byte sent is lost: after its retries the form says so.
      await page.route('**/api/uploads/*', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue()));
      const created = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/uploads'));
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const location = (await created).headers().location ?? '';
      expect(location).toMatch(/^\/api\/uploads\/[\w-]+$/);
      await dialog.getByRole('alert').getByText(CONNECTION, { exact: false }).waitFor({ timeout: 30_000 });
      await page.unroute('**/api/uploads/*');

      // The visitor gives up: what the server holds of the video is deleted now, not at its sweep.
      const deleted = page.waitForResponse((res) => res.request().method() === 'DELETE' && res.url().endsWith(location));
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await deleted).status()).toBe(204);
      expect(await pendingPosts(server.baseUrl, memorial)).toEqual(pendingBefore);
      expect(problems.filter((problem) => !/ERR_CONNECTION_RESET|net::ERR_FAILED/.test(problem))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the family's own video over a connection that drops", () => {
  it('resumes from where it stopped on Reintentar and ends as one post holding exactly that video', async () => {
    const owner = await makeOwner(server, 'reanudar', ['Hilda Condori Quispe']);
    const identifier = owner.memorials[0]?.identifier ?? '';
    const video = mp4Bytes(Math.round(7.5 * MB));
    const clip = path.join(tmp, 'aniversario.mp4');
    fs.writeFileSync(clip, video);
    const { page, context, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await logIn(page, owner);
      await page.getByRole('button', { name: 'Video', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deja tu video' });
      await dialog.getByLabel('Video', { exact: true }).setInputFiles(clip);
      await dialog.getByLabel('Mensaje (opcional)').fill('Su aniversario en Puno.');

      const { resumedAt, shownBeforeCut } = await saveThroughADrop(page, context, dialog, {
        failure: 'No pudimos guardar la publicación.',
        kept: 'Lo que escribiste y el video que elegiste siguen aquí: puedes reintentarlo.',
      }, async () => {
        expect(await dialog.getByLabel('Mensaje (opcional)').inputValue()).toBe('Su aniversario en Puno.');
        const posts = await api<{ posts: unknown[] }>(server, 'GET', `/content/get-admin-posts?identifier=${identifier}`, { token: await ownerToken(server, owner) });
        expect(posts.data.posts).toEqual([]);
      });
      await dialog.waitFor({ state: 'detached', timeout: 60_000 });
      expect(resumedAt).toBeGreaterThanOrEqual(2 * MB);
      expect(resumedAt / video.length).toBeGreaterThanOrEqual((shownBeforeCut - 15) / 100);

      const token = await ownerToken(server, owner);
      const posts = await api<{ posts: { text: string; path: string }[] }>(server, 'GET', `/content/get-admin-posts?identifier=${identifier}`, { token });
      expect(posts.data.posts).toEqual([expect.objectContaining({ text: 'Su aniversario en Puno.', path: expect.stringMatching(/\.mp4$/) as unknown })]);
      const stored = Buffer.from(await (await fetch(`${server.baseUrl}${posts.data.posts[0]?.path ?? ''}`)).arrayBuffer());
      expect(stored.equals(video)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
