// The light doors (issue 13 §6, docs/decisions/015): '/' and '/login' arrive rendered by the server
// with their own small bundles. Readable without JavaScript; hydrated island by island without
// touching the server's nodes; login end to end from the light page (the spec's messages, the
// server's refusal and its rate-limit message, /account replacing /login, the SPA taking over with
// the fresh session); and each side downloads only its own code: the doors none of the SPA's or the
// account area's, the account area none of the doors'.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { DESKTOP, PHONE, WIDTHS, fieldErrors, horizontalOverflow, openPage, pageHydrated } from './support/browser';
import { makeOwner, type Owner, accountLive } from './support/owner';
import { ROOT, uniqueEmail } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const LANDING_TITLE = 'Un lugar para recordar a quienes amamos';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(name: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/dist/.vite', name), 'utf8')) as Manifest;
}

/** Every script and style file a manifest lists (entries, chunks, their CSS), as URL paths. */
function codeFiles(manifest: Manifest): Set<string> {
  return new Set(
    Object.values(manifest)
      .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `/${file}`),
  );
}

/** The scripts and styles a page requests, from the moment it is opened. */
function recordCode(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname)) files.push(url.pathname);
  });
  return files;
}

/**
 * Records node and text changes inside the islands from the end of parsing (readyState
 * 'interactive', before the deferred module scripts run) on: what hydration itself does.
 */
async function watchIslands(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { islandChanges: string[] };
    w.islandChanges = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        if (target?.closest('#landing-flyers, #login-form')) w.islandChanges.push(`${record.type} in <${target.tagName.toLowerCase()}>`);
      }
    });
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') observer.observe(document, { childList: true, characterData: true, subtree: true });
    });
  });
}

const islandChanges = (page: Page) => page.evaluate(() => (window as unknown as { islandChanges: string[] }).islandChanges);

async function logInOnLightPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

describe('readable without JavaScript', () => {
  it.each(WIDTHS)('the landing and /login at $name', async ({ viewport }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false, viewport });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
      expect(await page.locator('.carousel__slide img').count()).toBe(6);
      for (const plan of ['Plan Esencial', 'Plan Familiar', 'Plan Legado']) {
        expect(await page.getByRole('heading', { level: 3, name: plan }).isVisible()).toBe(true);
      }
      expect(await page.locator('.plans').innerText()).toMatch(/S\/ 290[\s\S]*S\/ 490[\s\S]*S\/ 790/);
      expect(await page.getByRole('link', { name: 'Libro de Reclamaciones' }).getAttribute('href')).toBe('/complaints-book');
      expect(await page.getByRole('link', { name: 'Iniciar sesión' }).first().getAttribute('href')).toBe('/login');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      expect(await page.title()).toBe('Iniciar sesión · Recuerdos');
      expect(await page.getByLabel('Correo electrónico').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Contraseña', { exact: true }).getAttribute('type')).toBe('password');
      // Nothing to send without the page's script: the button says so by being disabled, and a
      // line under it explains why.
      expect(await page.getByRole('button', { name: 'Ingresar' }).isDisabled()).toBe(true);
      // (Chromium with scripts switched off by the test still parses <noscript> as text: read the document.)
      const html = await (await fetch(`${server.baseUrl}/login`)).text();
      expect(html).toContain('<noscript><p class="auth__noscript">Para iniciar sesión necesitas activar JavaScript en tu navegador.</p></noscript>');
      expect(await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe('/forgot-password');
      expect(await page.getByRole('heading', { level: 2, name: 'Mantén viva su memoria' }).isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});

describe('hydration', () => {
  it('takes over the landing’s carousel and the login form without changing the server’s nodes', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await watchIslands(page);
      await page.goto('/');
      await pageHydrated(page);
      const current = () => page.locator('.carousel__dot[aria-current="true"]').getAttribute('aria-label');
      expect(await islandChanges(page)).toEqual([]);
      await page.getByRole('button', { name: 'Imagen siguiente' }).click();
      await expect.poll(current).toBe('Ver imagen 2 de 6');

      await page.goto('/login');
      await pageHydrated(page);
      // Enabled once hydrated.
      await expect.poll(() => page.getByRole('button', { name: 'Ingresar' }).isEnabled()).toBe(true);
      expect(await islandChanges(page)).toEqual([]);
      await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
      expect(await page.getByLabel('Contraseña', { exact: true }).getAttribute('type')).toBe('text');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe.each(WIDTHS)('login from the light page at $name', ({ viewport }) => {
  it('shows the spec messages, rechecks as you type, and the server’s message on refusal', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto('/login');
      const send = page.getByRole('button', { name: 'Ingresar' });
      await send.click();
      expect(await fieldErrors(page)).toEqual(['Ingresa tu correo electrónico', 'Ingresa tu contraseña']);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      expect(await page.getByLabel('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, `/login with errors at ${viewport.width} px`);

      // Once sent, each field is checked again as it changes.
      await page.getByLabel('Correo electrónico').fill('ana@correo');
      expect(await fieldErrors(page)).toEqual(['Correo electrónico inválido', 'Ingresa tu contraseña']);
      await page.getByLabel('Correo electrónico').fill('ana@correo.pe');
      expect(await fieldErrors(page)).toEqual(['Ingresa tu contraseña']);
      await page.getByLabel('Contraseña', { exact: true }).fill('x');
      expect(await fieldErrors(page)).toEqual([]);

      await page.getByLabel('Correo electrónico').fill('ana@correo.abcde');
      await send.click();
      expect(await fieldErrors(page)).toEqual(['Correo electrónico inválido']);

      // A refusal: the server's own message, under the form (spec §8).
      await page.getByLabel('Correo electrónico').fill(uniqueEmail('nadie'));
      const [reply] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/user/login')), send.click()]);
      const refusal = (await reply.json()) as { code: string; message: string };
      expect(refusal.code).toBe('401');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(refusal.message);
      expect(new URL(page.url()).pathname).toBe('/login');
      await expectAccessible(page, `/login with the server's message at ${viewport.width} px`);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('login end to end', () => {
  let owner: Owner;

  it('from the landing’s link to /account: /login is replaced, the SPA takes over with the fresh session', async () => {
    owner = await makeOwner(server, 'puerta');
    const { page, problems, close } = await openPage(browser, server.baseUrl, DESKTOP);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
    });
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Iniciar sesión' }).first().click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      // The e-mail as a phone may type it: spaces and capitals.
      await logInOnLightPage(page, ` ${owner.email.toUpperCase()} `, owner.password);
      await page.waitForURL('**/account');
      await page.getByRole('heading', { level: 1, name: owner.memorials[0]?.person ?? '' }).waitFor();
      // The server's markup shows first (decision 028); the hand-over is read when the SPA starts.
      await accountLive(page);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string; token: string } | null);
      expect(stored?.email).toBe(owner.email);
      // One login, and no renewal of the session it had just made before the account area showed.
      expect(calls.filter((call) => call.startsWith('POST /api/user/'))).toEqual(['POST /api/user/login']);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

      // Spec §4: /login was replaced; back returns to the landing.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();

      // Spec §2: with a session, /login goes to /account (and a reload renews the session as usual).
      await page.goto('/login');
      await page.waitForURL('**/account');
      await page.getByRole('heading', { level: 1, name: owner.memorials[0]?.person ?? '' }).waitFor();
      await expect.poll(() => calls.filter((call) => call === 'POST /api/user/renew-token').length).toBeGreaterThan(0);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the server’s rate-limit message once the attempts run out, and keeps the visitor on /login', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill(owner.email);
      await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
      const send = page.getByRole('button', { name: 'Ingresar' });
      let first: string | null = null;
      let last: { status: number; message: string } | null = null;
      // The server's limit decides when (DESIGN §4); the page only shows what it answers.
      for (let attempt = 0; attempt < 12 && last?.status !== 429; attempt++) {
        const [reply] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/user/login')), send.click()]);
        last = { status: reply.status(), message: ((await reply.json()) as { message: string }).message };
        first ??= last.message;
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(last.message);
        await expect.poll(() => send.isEnabled()).toBe(true);
      }
      expect(last?.status).toBe(429);
      // Its own Spanish sentence, not the wrong-password one.
      expect(last?.message).not.toBe(first);
      expect(last?.message.length).toBeGreaterThan(10);
      expect(await page.getByRole('alert').textContent()).toBe(last?.message);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await expectAccessible(page, '/login with the rate-limit message');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('each side downloads only its own code', () => {
  it('the doors load only their bundles; after login the account area loads none of them', async () => {
    const doors = readManifest('doors-manifest.json');
    const spa = readManifest('manifest.json');
    const doorFiles = codeFiles(doors);
    const spaFiles = codeFiles(spa);
    // Two builds, no file in common.
    expect([...doorFiles].filter((file) => spaFiles.has(file))).toEqual([]);
    const accountFiles = new Set(
      Object.entries(spa)
        .filter(([source]) => ['account-shell', 'account-home', 'notifications', 'edit-data', 'personal'].some((area) => source.startsWith(`src/features/${area}/`)))
        .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])].map((file) => `/${file}`)),
    );
    expect(accountFiles.size).toBeGreaterThanOrEqual(6);

    const owner = await makeOwner(server, 'trozos-puerta');
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const loaded = recordCode(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const onLanding = loaded.splice(0);
      expect(onLanding.length).toBeGreaterThan(0);
      expect(onLanding.filter((file) => !doorFiles.has(file))).toEqual([]);
      expect(onLanding.some((file) => file.includes('door-landing-client'))).toBe(true);
      expect(onLanding.some((file) => file.includes('door-login-client'))).toBe(false);

      await page.goto('/login');
      await page.waitForLoadState('networkidle');
      const onLogin = loaded.splice(0);
      expect(onLogin.filter((file) => !doorFiles.has(file))).toEqual([]);
      expect(onLogin.some((file) => file.includes('door-login-client'))).toBe(true);
      expect(onLogin.some((file) => file.includes('door-landing-client'))).toBe(false);

      await logInOnLightPage(page, owner.email, owner.password);
      await page.getByRole('heading', { level: 1, name: owner.memorials[0]?.person ?? '' }).waitFor();
      await page.waitForLoadState('networkidle');
      const onAccount = loaded.splice(0);
      expect(onAccount.filter((file) => doorFiles.has(file))).toEqual([]);
      expect(onAccount.filter((file) => accountFiles.has(file)).length).toBeGreaterThan(0);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
