// DESIGN §9: a visitor of '/' or of a memorial's '/guest' page never downloads the account area's
// code or styles (the family's pages are their own lazy chunks); and nothing of the staff areas —
// the back office (issue 15), the partner area /socios (issue 30) and the sign-in both share
// (docs/decisions/033) — reaches the guest page, the landing or the account area.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage } from './support/browser';
import { accountLive, api, logIn, makeOwner, ownerToken, type Owner } from './support/owner';
import { ROOT } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** The built files of the account area's pages (from Vite's manifest). */
function accountFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const pages = ['account-shell', 'account-home', 'notifications', 'edit-data', 'personal'];
  const files = Object.entries(manifest)
    .filter(([source]) => pages.some((page) => source.startsWith(`src/features/${page}/`)))
    .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])]);
  expect(files.length).toBeGreaterThanOrEqual(6);
  return files.map((file) => `/${file}`);
}

/** The built files that only staff use: the back office's and the partner area's features, components and sessions, and the staff sign-in they share. */
function staffFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk & { imports?: string[] }>;
  const ours = (source: string) =>
    /^src\/(features\/(backoffice|partner)-[^/]+\/|components\/(backoffice|partner|staff)\/|lib\/(operator|partner|staff)\/)/.test(source);
  const files = Object.entries(manifest)
    .filter(([source]) => ours(source))
    .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])]);
  // Shared chunks Vite split out of them (e.g. the operator's API client) are named by the key '_…'.
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key.startsWith('_') && Object.entries(manifest).every(([source, other]) => !other.imports?.includes(key) || ours(source))) {
      const importers = Object.entries(manifest).filter(([, other]) => other.imports?.includes(key));
      if (importers.length > 0) files.push(chunk.file, ...(chunk.css ?? []));
    }
  }
  expect(files.length).toBeGreaterThanOrEqual(8);
  return [...new Set(files)].map((file) => `/${file}`);
}

/** What anyone may open without an account: the landing, and a private memorial's '/guest' page. */
async function visitAsStranger(page: Page, identifier: string): Promise<void> {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto(`/guest?id=${identifier}`);
  await page.getByText('Perfil privado').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * A new owner's phone visits the landing and a private memorial as a stranger, then `go` drives it
 * on; `downloaded()` is which of `files` the page has fetched so far. No console problem is allowed.
 */
async function browse(prefix: string, files: string[], go: (page: Page, owner: Owner, downloaded: () => string[]) => Promise<void>): Promise<void> {
  const owner = await makeOwner(server, prefix);
  const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  try {
    await visitAsStranger(page, owner.memorials[0]?.identifier ?? '');
    await go(page, owner, () => loaded.filter((file) => files.includes(file)));
    expect(problems, problems.join('\n')).toEqual([]);
  } finally {
    await close();
  }
}

describe('the staff chunks (back office and /socios)', () => {
  it('are not downloaded on /, /guest or /account, and are on /admin', async () => {
    await browse('sin-admin', staffFiles(), async (page, owner, downloaded) => {
      await logIn(page, owner);
      for (const where of ['/account/notifications', '/account/edit-basic-data', '/account/personal', '/account/change-password']) {
        await page.goto(where);
        await page.waitForLoadState('networkidle');
      }
      expect(downloaded()).toEqual([]);

      await page.goto('/admin/login');
      await page.getByRole('heading', { level: 1, name: 'Administración de Recuerdos' }).waitFor();
      expect(downloaded().length).toBeGreaterThan(0);
    });
  });
});

describe('the account area chunks', () => {
  it('are not downloaded on / or /guest, and are on /account', async () => {
    await browse('trozos', accountFiles(), async (page, owner, downloaded) => {
      expect(downloaded()).toEqual([]);
      await logIn(page, owner);
      expect(downloaded().length).toBeGreaterThan(0);
    });
  });
});

/** The JavaScript files a page's route modules import statically (fetched with the page, before any tap). */
function staticFiles(modules: string[]): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk & { imports?: string[] }>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const module of modules) {
    expect(manifest[module], module).toBeDefined();
    visit(module);
  }
  return [...seen].map((key) => manifest[key]?.file ?? '');
}

describe('the owner pages’ tools (issue 27 §2)', () => {
  it('are not part of what /account and /account/notifications load before the first tap: no zod, no form dialog', () => {
    const dist = path.join(ROOT, 'apps/web/dist');
    const dialogs = ['src/features/account-home/components/add-post-dialog.tsx', 'src/features/remembrance/components/ceremony-dialogs.tsx'];
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const dialogFiles = dialogs.map((module) => manifest[module]?.file);
    expect(dialogFiles.every(Boolean), 'the dialogs are chunks of their own').toBe(true);
    for (const page of ['account-home/components/account-home-page.tsx', 'notifications/components/notifications-page.tsx']) {
      const files = staticFiles(['src/features/account-shell/components/account-layout.tsx', `src/features/${page}`]);
      // zod's messages name its issue codes; none of our own code does.
      const withZod = files.filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('invalid_type'));
      expect(withZod, page).toEqual([]);
      expect(files.filter((file) => dialogFiles.includes(file)), page).toEqual([]);
    }
  });

  it('leave the drag-and-drop reordering (dnd-kit) out of what /account loads before the first tap', () => {
    const dist = path.join(ROOT, 'apps/web/dist');
    // dnd-kit names its screen reader texts' elements so; none of our own code does.
    const withDndKit = (files: string[]) => files.filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('DndDescribedBy'));
    expect(withDndKit(sortableFiles()).length, 'the sortable list brings dnd-kit').toBeGreaterThan(0);
    const home = staticFiles(['src/features/account-shell/components/account-layout.tsx', 'src/features/account-home/components/account-home-page.tsx']);
    expect(withDndKit(home)).toEqual([]);
  });
});

/** The sortable list's chunk and what it alone imports (dnd-kit): none of it is in /account's first load. */
function sortableFiles(): string[] {
  const home = staticFiles(['src/features/account-shell/components/account-layout.tsx', 'src/features/account-home/components/account-home-page.tsx']);
  return staticFiles(['src/features/account-home/components/sortable-posts.tsx']).filter((file) => !home.includes(file));
}

async function cardTexts(page: Page): Promise<string[]> {
  return page.getByTestId('owner-post').evaluateAll((cards) => cards.map((card) => card.querySelector('.post-card__message')?.textContent.trim() ?? '?'));
}

describe('the first reorder while the drag-and-drop code is still on its way (issue 27 §2)', () => {
  it('a long press and a keyboard move made before dnd-kit has arrived both move the card', async () => {
    const owner = await makeOwner(server, 'arrastre-lento');
    const identifier = owner.memorials[0]?.identifier ?? '';
    const token = await ownerToken(server, owner);
    for (const message of ['Tercero', 'Segundo', 'Primero']) {
      expect((await api(server, 'POST', '/content/save-admin-message', { token, body: { identifier, message } })).code).toBe('200');
    }
    const slow = sortableFiles();
    const { page, problems, close } = await openPage(browser, server.baseUrl, DESKTOP);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.slice(1);
      if (slow.includes(file)) fetched.push(file);
    });
    // The drag code takes 800 ms to arrive, past the long press's 250 ms (a slow connection).
    await page.route(
      (url) => slow.includes(url.pathname.slice(1)),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      },
    );
    const cards = page.getByTestId('owner-post');
    try {
      await logIn(page, owner);
      // A fresh document (server-rendered, decision 028): nothing of dnd-kit yet, the plain list.
      await page.reload();
      await accountLive(page);
      expect(fetched).toEqual([]);
      expect(await page.locator('ul[data-sortable]').count()).toBe(0);
      expect(await cardTexts(page)).toEqual(['Primero', 'Segundo', 'Tercero']);

      // A long press on the second card: held until the card lifts (the code arrived meanwhile), moved onto the first.
      const box = async (index: number) => {
        const found = await cards.nth(index).boundingBox();
        if (!found) throw new Error('no box');
        return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
      };
      const from = await box(1);
      const to = await box(0);
      const saved = page.waitForResponse((r) => r.url().includes('/api/content/update-cards-order'));
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.locator('ul.is-sorting').waitFor();
      expect(fetched.length).toBeGreaterThan(0);
      await page.mouse.move(from.x + 2, from.y + 2, { steps: 2 });
      await page.mouse.move(to.x, to.y, { steps: 12 });
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      expect(await cardTexts(page)).toEqual(['Segundo', 'Primero', 'Tercero']);

      // By keyboard on a fresh document: the move button focused and Space pressed at once, before the code is there.
      fetched.length = 0;
      await page.reload();
      await accountLive(page);
      expect(await cardTexts(page)).toEqual(['Segundo', 'Primero', 'Tercero']);
      const keyboardSaved = page.waitForResponse((r) => r.url().includes('/api/content/update-cards-order'));
      await cards.nth(2).getByRole('button', { name: /^Mover el mensaje/ }).focus();
      await page.keyboard.press('Space');
      const live = page.locator('[id^="DndLiveRegion"]');
      await live.getByText('Moviendo el mensaje', { exact: false }).or(live.getByText('Sobre la posición 3 de 3.')).first().waitFor();
      expect(fetched.length).toBeGreaterThan(0);
      // The focus stayed on the same card's move button through the swap.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Mover el mensaje «Tercero»/);
      await page.waitForTimeout(100);
      await page.keyboard.press('ArrowLeft');
      await live.getByText('Sobre la posición 2 de 3.').waitFor();
      await page.keyboard.press('Space');
      expect((await keyboardSaved).status()).toBe(200);
      expect(await cardTexts(page)).toEqual(['Segundo', 'Tercero', 'Primero']);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
