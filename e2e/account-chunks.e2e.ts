// DESIGN §9: a visitor of '/' or of a memorial's '/guest' page never downloads the account area's
// code or styles (the family's pages are their own lazy chunks).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHONE, openPage } from './support/browser';
import { makeOwner } from './support/owner';
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

describe('the account area chunks', () => {
  it('are not downloaded on / or /guest, and are on /account', async () => {
    const files = accountFiles();
    const owner = await makeOwner(server, 'trozos');
    const id = owner.memorials[0]?.identifier ?? '';
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    try {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.goto(`/guest?id=${id}`);
      await page.getByText('Perfil privado').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(loaded.filter((file) => files.includes(file))).toEqual([]);

      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill(owner.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Rosa Mamani Huamán' }).waitFor();
      expect(loaded.filter((file) => files.includes(file)).length).toBeGreaterThan(0);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
