// Issue 29 §4 on a phone (390×844): a visitor's loads of the QR page count, one per load, whether the
// page came whole or as the browser's cached copy (304); a private memorial counts once its code is
// in; the owner's own look at the page does not count; and the owner's home shows the figures beside
// the candles and flowers, accessible.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, horizontalOverflow, openPage, pageHydrated } from './support/browser';
import { api, logIn, makeOwner, ownerToken, type Owner } from './support/owner';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

let owner: Owner;
let token: string;

beforeAll(async () => {
  owner = await makeOwner(server, 'visitas', ['Julia Condori Mamani', 'Mario Huamán Ríos']);
  token = await ownerToken(server, owner);
  const publicOne = owner.memorials[0]?.identifier ?? '';
  expect((await api(server, 'POST', '/person/update-profile-type', { token, body: { identifier: publicOne, type: 'U' } })).code).toBe('200');
}, 120_000);

interface Figures {
  week: number;
  total: number;
  november: { year: number; visits: number };
}

async function visitsOf(identifier: string): Promise<Figures> {
  const res = await api<{ visits: Figures }>(server, 'GET', `/visit/get-visits?identifier=${identifier}`, { token });
  expect(res.code).toBe('200');
  return res.data.visits;
}

/**
 * Opens the QR page and waits for the page's report of the load (sent after the memorial shows). The
 * owner's read first writes what this one server has counted, so the figures can be read at once.
 */
async function loadAndReport(page: Page, load: () => Promise<unknown>): Promise<void> {
  const reported = page.waitForResponse((res) => res.url().endsWith('/api/visit/count-visit'));
  await load();
  await pageHydrated(page);
  expect((await reported).status()).toBe(200);
}

describe('visits, for the family', () => {
  it('counts each visitor’s page load (304s too), a private memorial once its code is in, never the owner’s; the home shows the figures', async () => {
    const [publicOne, privateOne] = owner.memorials;
    if (!publicOne || !privateOne) throw new Error('two memorials expected');

    const visitor = await openPage(browser, server.baseUrl, PHONE);
    try {
      const { page } = visitor;
      // Bytes of each QR page's body on the wire: none when the server answered 304 (Chromium then
      // shows its cached copy, reported as a 200).
      const bodies: Promise<number>[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/guest?id=')) bodies.push(res.request().sizes().then((sizes) => sizes.responseBodySize));
      });
      await loadAndReport(page, () => page.goto(`/guest?id=${publicOne.identifier}`));
      expect((await visitsOf(publicOne.identifier)).total).toBe(1);
      await expectAccessible(page, 'a public memorial (390 px)');
      // A reload revalidates the page (the render cache answers 304) and still counts.
      await loadAndReport(page, () => page.reload());
      expect((await visitsOf(publicOne.identifier)).total).toBe(2);
      const [first, again] = await Promise.all(bodies);
      expect(first).toBeGreaterThan(0);
      expect(again).toBe(0);

      // A private memorial: the code screen alone is no visit; the memorial shown after the code is.
      await page.goto(`/guest?id=${privateOne.identifier}`);
      await pageHydrated(page);
      await expectAccessible(page, 'a private memorial’s code screen (390 px)');
      expect((await visitsOf(privateOne.identifier)).total).toBe(0);
      await page.getByLabel('Código de acceso').fill(privateOne.accessCode);
      const reported = page.waitForResponse((res) => res.url().endsWith('/api/visit/count-visit'));
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('heading', { level: 1, name: privateOne.person, exact: true }).waitFor();
      expect((await reported).status()).toBe(200);
      expect((await visitsOf(privateOne.identifier)).total).toBe(1);
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.close();
    }

    const family = await openPage(browser, server.baseUrl, PHONE);
    try {
      const { page } = family;
      await logIn(page, owner);
      // The owner looks at the QR page as visitors see it: sent with the owner's session, not counted.
      await loadAndReport(page, () => page.goto(`/guest?id=${publicOne.identifier}`));
      expect((await visitsOf(publicOne.identifier)).total).toBe(2);

      await page.goto('/account');
      const figures = page.getByRole('region', { name: 'Visitas al memorial' });
      await figures.getByText('Desde el inicio').waitFor();
      const shown = await figures.locator('.visits__figure').evaluateAll((items) =>
        items.map((item) => [item.querySelector('dt')?.textContent ?? '', item.querySelector('dd')?.textContent ?? '']),
      );
      expect(shown).toEqual([
        ['Últimos 7 días', '2'],
        [`1 y 2 de noviembre de ${String((await visitsOf(publicOne.identifier)).november.year)}`, '0'],
        ['Desde el inicio', '2'],
      ]);
      // In the profile card, after the candles and flowers.
      const card = page.getByRole('region', { name: `Perfil de ${publicOne.person}` });
      expect(await card.getByRole('region', { name: 'Visitas al memorial' }).count()).toBe(1);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAccessible(page, 'the owner’s home with its visits (390 px)');
      expect(family.problems).toEqual([]);
    } finally {
      await family.close();
    }
  });
});
