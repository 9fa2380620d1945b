// Contract activation: the link printed by `create-contract --json` activates once, leaves the
// address bar clean, and the 'contract approved notification' e-mail arrives; with it a new
// account sets its first password and logs in.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { WIDTHS, openPage } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { createContract, uniqueEmail } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();


describe.each(WIDTHS)('activation at $name', ({ viewport }) => {
  it('activates from the e-mailed link, then the new owner creates a password and logs in', async () => {
    const email = uniqueEmail('activa');
    const created = await createContract(server, { email, name: 'Carmen', lastname: 'Soto Vega', person: 'Julio Soto Paredes' });
    expect(created.activationUrl.startsWith(`${server.baseUrl}/activate-account?`)).toBe(true);

    // The same link also arrives by e-mail.
    const activationMail = await waitForMail(server.smtp, email, /activa/i);
    expect(linkIn(activationMail, server.baseUrl, '/activate-account?')).toBe(created.activationUrl);

    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto(created.activationUrl);
      await page.waitForURL((url) => url.pathname === '/activate-account' && url.search === '');
      await page.getByRole('heading', { level: 1, name: 'Contrato activado' }).waitFor();
      expect(await page.getByText('Notificación de contrato aprobado').count()).toBe(1);
      expect(await page.getByText('Disfruta tu servicio').count()).toBe(1);
      await expectAccessible(page, `/activate-account at ${viewport.width} px`);

      // Spent: the same link now goes to /.
      await page.goto(created.activationUrl);
      await page.waitForURL((url) => url.pathname === '/');

      const approved = await waitForMail(server.smtp, email, 'Notificación de contrato aprobado');
      const setPassword = linkIn(approved, server.baseUrl, '/new-password?token=');
      await page.goto(setPassword);
      await page.getByText(email).waitFor();
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('mi-primera-clave');
      await page.getByLabel('Confirma tu nueva contraseña').fill('mi-primera-clave');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.waitForURL('**/login', { timeout: 6000 });
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('mi-primera-clave');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL('**/account');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
