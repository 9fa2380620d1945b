// The strict Content-Security-Policy holds on the pages that validate forms with the shared zod
// schemas (issue 12 §9): zod is built without its JIT, whose `new Function` probe the policy refused
// (a violation report even though zod caught the error). openPage turns every violation into a problem.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { seedMemorial } from './support/memorial';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

describe('Content-Security-Policy', () => {
  it('is never violated while forms validate (login, complaints book)', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl);
    try {
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByText('Correo electrónico inválido').first().waitFor();

      await page.goto('/complaints-book');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('Ingresa tu nombre').first().waitFor();
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it("allows the inlined styles, the after-paint starter and the QR page's early taps by their hash, and no other inline block", async () => {
    const memorial = await seedMemorial(server, { type: 'U', person: 'Elena Paredes Ríos', ownerPosts: [{ text: 'Siempre contigo.' }] });
    for (const url of [`/guest?id=${memorial.identifier}`, '/', '/login']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      const policy = res.headers.get('content-security-policy') ?? '';
      const html = await res.text();
      const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
      expect(blocks.length, url).toBeGreaterThan(0);
      expect(html).not.toContain('rel="stylesheet"');
      const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const styleSrc = /style-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
      expect(styleSrc.filter((source) => source.startsWith("'sha256-")), url).toEqual(blocks.map(hash));
      expect(styleSrc).not.toContain("'unsafe-inline'");
      // The starter, and on the QR page before it the early taps' script (decision 028 §21); nothing
      // executable is linked from the markup itself.
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !m[1]?.includes('application/json'));
      expect(scripts.map((m) => m[1]), url).toEqual(url.startsWith('/guest') ? ['', ' type="module"'] : [' type="module"']);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
      expect(scriptSrc, url).toEqual(["'self'", ...scripts.map((m) => hash(m[2] ?? ''))]);
    }
    // Painted with them in the phone's own serif, hydrated by the starter's bundle, nothing refused.
    const { page, problems, close } = await openPage(browser, server.baseUrl);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`/guest?id=${memorial.identifier}`);
      const font = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
      expect(font).toMatch(/^Georgia, /);
      await page.locator('.toaster').waitFor({ state: 'attached' });
      expect(scripts.some((file) => /^\/assets\/guest-entry-client-[\w-]+\.js$/.test(file))).toBe(true);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
