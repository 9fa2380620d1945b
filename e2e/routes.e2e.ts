// Redirects of spec §2's route table, in the browser against the real server.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, openPage } from './support/browser';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();


const LANDING_TITLE = 'Un lugar para recordar a quienes amamos';

describe('route table', () => {
  it('shows the landing for any unlisted path, keeping its URL', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl);
    try {
      for (const path of ['/no-existe', '/planes/2026']) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    ['/account', '/login'],
    ['/account/notifications', '/login'],
    ['/account/edit-basic-data', '/login'],
    ['/account/personal', '/login'],
    ['/account/change-password', '/login'],
    ['/account/desconocida', '/'],
    ['/account/a/b', '/'],
    ['/guest', '/'],
    ['/new-password', '/'],
    ['/new-password?token=no-existe', '/'],
    ['/activate-account?contract=C-0&token=no-existe', '/'],
  ])('%s goes to %s', async (from, to) => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto(from);
      await page.waitForURL((url) => url.pathname === to && url.search === '');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (to === '/login') expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Iniciar sesión');
      else expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LANDING_TITLE);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('sends /guest with an unknown id to / and keeps it with a memorial’s id (spec §2)', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto('/guest?id=abc123');
      await page.waitForURL((url) => url.pathname === '/');
      const config = (await (await fetch(`${server.baseUrl}/`)).text()).match(/"demoIdentifier":"([^"]+)"/);
      const demo = config?.[1] ?? '';
      expect(demo).not.toBe('');
      await page.goto(`/guest?id=${demo}`);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/guest');
      await expectAccessible(page, `/guest?id=${demo}`);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('does not download the account area on the landing or the guest page', async () => {
    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
      await page.goto('/guest?id=abc123');
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => /account|forms/.test(s))).toEqual([]);
    } finally {
      await close();
    }
  });
});
