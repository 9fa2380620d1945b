// The strict Content-Security-Policy holds on the pages that validate forms with the shared zod
// schemas (issue 12 §9): zod is built without its JIT, whose `new Function` probe the policy refused
// (a violation report even though zod caught the error). openPage turns every violation into a problem.
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
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
});
