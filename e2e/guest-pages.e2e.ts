// Issue 13 §1: the QR page of a memorial with a long history carries its first page of memories;
// the next ones load as the visitor scrolls (no layout shift, nothing twice), a failed load says so
// and offers "Reintentar", and without JavaScript a plain "Ver más recuerdos" link leads to ?page=2.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, openPage } from './support/browser';
import { seedMemorial, type SeededMemorial } from './support/memorial';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

let memorial: SeededMemorial;
const TOTAL = 30;
// Seeded oldest first: the page shows the newest on top.
const texts = Array.from({ length: TOTAL }, (_, i) => `Recuerdo número ${i + 1}`);

beforeAll(async () => {
  memorial = await seedMemorial(server, { type: 'U', person: 'Augusto Pérez Villanueva', ownerPosts: texts.map((text) => ({ text })) });
}, 120_000);

const url = () => `/guest?id=${memorial.identifier}`;

async function familyTexts(page: Page): Promise<string[]> {
  return page
    .locator('section[aria-labelledby="publicaciones"] .post-card__message')
    .evaluateAll((cards) => cards.map((card) => card.textContent.trim()));
}

describe('a long memorial on a phone', () => {
  it('shows the first page at once and the rest as the visitor scrolls, each memory once, without moving what is on screen', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto(url());
      await page.locator('.toaster').waitFor({ state: 'attached' });
      expect(await familyTexts(page)).toEqual(texts.slice(-12).reverse());
      const more = page.getByRole('link', { name: 'Ver más recuerdos' });
      expect(await more.getAttribute('href')).toBe(`/guest?id=${memorial.identifier}&page=2`);
      await expectAccessible(page, 'a long memorial, first page');

      // Scroll: the next pages arrive by themselves; the card at the top of the screen stays put.
      const anchor = page.locator('.post-card__message', { hasText: 'Recuerdo número 20' });
      const documentTop = () => anchor.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      const before = await documentTop();
      for (let i = 0; i < 20 && (await familyTexts(page)).length < TOTAL; i++) {
        await page.mouse.wheel(0, 2500);
        await page.waitForTimeout(150);
      }
      expect(await familyTexts(page)).toEqual([...texts].reverse());
      expect(await page.getByRole('link', { name: 'Ver más recuerdos' }).count()).toBe(0);
      // What loaded below never moved what was above it.
      expect(await documentTop()).toBe(before);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says when the next page could not load, and loads it on "Reintentar"', async () => {
    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const cut = (target: URL) => target.pathname.endsWith('/content/get-admin-posts-for-guest');
      await page.route(cut, (route) => route.abort('internetdisconnected'));
      await page.goto(url());
      await page.locator('.toaster').waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'Ver más recuerdos' }).scrollIntoViewIfNeeded();
      const alert = page.getByRole('alert').filter({ hasText: 'No pudimos cargar más recuerdos. Revisa tu conexión.' });
      await alert.waitFor();
      await expectAccessible(page, 'the next page failed');
      expect(await familyTexts(page)).toHaveLength(12);

      await page.unroute(cut);
      await alert.getByRole('button', { name: 'Reintentar' }).click();
      await page.locator('.post-card__message', { hasText: 'Recuerdo número 18' }).waitFor();
      expect((await familyTexts(page)).slice(0, 24)).toEqual(texts.slice(-24).reverse());
    } finally {
      await close();
    }
  });
});

describe('without JavaScript', () => {
  it('follows plain links page by page, and back to the newest', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE, javaScriptEnabled: false, locale: 'es-PE' });
    try {
      const page = await context.newPage();
      await page.goto(url());
      expect(await familyTexts(page)).toEqual(texts.slice(-12).reverse());
      await page.getByRole('link', { name: 'Ver más recuerdos' }).click();
      await page.waitForURL(/page=2$/);
      expect(await familyTexts(page)).toEqual(texts.slice(6, 18).reverse());
      await page.getByRole('link', { name: 'Ver más recuerdos' }).click();
      await page.waitForURL(/page=3$/);
      expect(await familyTexts(page)).toEqual(texts.slice(0, 6).reverse());
      expect(await page.getByRole('link', { name: 'Ver más recuerdos' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Volver a los recuerdos más recientes' }).click();
      await page.waitForURL((target) => !target.search.includes('page='));
      expect(await familyTexts(page)).toEqual(texts.slice(-12).reverse());
    } finally {
      await context.close();
    }
  });
});
