// The back office's partners (issue 30 §1, §7) in Chromium at 390 and 1280 px, with axe on every
// screen: an operator signs in with the second factor, creates a funeral home (a RUC with a wrong
// check digit is refused in Spanish under its field first, and nothing is created), sees it listed,
// suspends it and resumes it through the confirmation dialog (the partner's staff are refused while it
// is suspended), adds a branch and an adviser who gets the set-password link, and finds it all in the
// audit trail.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rucCheckDigit } from '@recuerdos/shared/ruc';
import { totpCode } from '../apps/server/test/operators';
import { expectAccessible } from './support/axe';
import { WIDTHS, fieldErrors, horizontalOverflow, openPage, smallTargets } from './support/browser';
import { api, uniqueEmail } from './support/owner';
import { runAdmin } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

async function accessible(page: Page, where: string, phone: boolean): Promise<void> {
  await expectAccessible(page, where);
  if (phone) {
    expect(await horizontalOverflow(page), `${where} scrolls sideways`).toBe(0);
    expect(await smallTargets(page), `${where}: targets under 44 px`).toEqual([]);
  }
}

/** A valid RUC 20 for this run, and the same ten digits with a wrong check digit. */
function rucs(seed: number): { good: string; bad: string } {
  const firstTen = `20${String(Date.now() % 100_000_000 + seed).padStart(8, '0').slice(-8)}`;
  const digit = rucCheckDigit(firstTen);
  return { good: `${firstTen}${digit}`, bad: `${firstTen}${(digit + 1) % 10}` };
}

describe.each(WIDTHS)('the partners in the back office at $name', ({ name, viewport }) => {
  const phone = viewport.width < 600;

  it('creates a partner (a bad RUC refused first), suspends and resumes it with a confirmation, adds a branch and an adviser', async () => {
    const email = uniqueEmail('operador-socios');
    const created = JSON.parse(await runAdmin(server, ['create-operator', '--email', email, '--name', 'Lucía Torres', '--json'])) as { setPasswordUrl: string };
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      const link = new URL(created.setPasswordUrl);
      await page.goto(link.pathname + link.search);
      await page.getByLabel('Contraseña nueva', { exact: true }).fill('una clave larga y segura');
      await page.getByLabel('Repite la contraseña', { exact: true }).fill('una clave larga y segura');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('una clave larga y segura');
      await page.getByRole('button', { name: 'Continuar' }).click();
      const secret = (await page.locator('.bo-secret').textContent({ timeout: 15_000 })) ?? '';
      await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Activar y entrar' }).click();
      await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Libro de Reclamaciones' }).waitFor();

      // The section, then the form.
      await page.getByRole('link', { name: 'Socios', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Socios' }).waitFor();
      await accessible(page, `socios (${name})`, phone);
      await page.getByRole('link', { name: 'Nuevo socio' }).click();
      await page.getByRole('heading', { level: 1, name: 'Nuevo socio' }).waitFor();
      const partnerName = `Funeraria Los Jardines ${name}`;
      const { good, bad } = rucs(viewport.width);
      await page.getByLabel('Nombre comercial').fill(partnerName);
      await page.getByLabel('Razón social (opcional)').fill('Servicios Funerarios Los Jardines S.A.C.');
      await page.getByLabel('RUC').fill(bad);
      await page.getByLabel('Comisión (%)').fill('12,5');
      await page.getByLabel('Nombre de la primera sede (opcional)').fill('Sede Miraflores');
      await page.getByRole('button', { name: 'Crear socio' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual(['El RUC no es válido: revisa el último dígito']);
      expect(await page.getByLabel('RUC').getAttribute('aria-invalid')).toBe('true');
      await accessible(page, `nuevo socio con un RUC mal escrito (${name})`, phone);
      await page.getByLabel('RUC').fill(good);
      await page.getByRole('button', { name: 'Crear socio' }).click();
      await page.getByText('Socio creado con su primera sede').waitFor();
      await page.getByRole('heading', { level: 1, name: partnerName }).waitFor();
      await page.getByRole('cell', { name: 'Sede Miraflores' }).waitFor();
      await accessible(page, `un socio (${name})`, phone);

      // The logo: a file that is no picture is refused in Spanish; a PNG is shown small.
      await page.getByRole('button', { name: 'Guardar logo' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual(['Elige la imagen del logo']);
      const logoInput = page.getByLabel('Logo', { exact: true }).and(page.locator('input[type="file"]'));
      await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('no es una imagen') });
      await page.getByRole('button', { name: 'Guardar logo' }).click();
      await page.getByText('El logo debe ser una imagen PNG, JPEG o WebP válida').waitFor();
      expect(await page.getByRole('img', { name: `Logo actual de ${partnerName}` }).count()).toBe(0);
      // A 300 × 100 red band: the server fits it into the logo's 240 × 96 box.
      const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
      await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: 'Guardar logo' }).click();
      await page.getByText('Logo guardado.', { exact: false }).first().waitFor();
      const logo = page.getByRole('img', { name: `Logo actual de ${partnerName}` });
      await logo.waitFor();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
      await accessible(page, `un socio con su logo (${name})`, phone);

      // A branch, and an adviser of it with the set-password link to hand over.
      await page.getByLabel('Nombre de la sede').fill('Sede Surco');
      await page.getByRole('button', { name: 'Agregar sede' }).click();
      await page.getByRole('cell', { name: 'Sede Surco' }).waitFor();
      const adviserEmail = uniqueEmail('asesora');
      await page.getByLabel('Nombre', { exact: true }).fill('Carla Ruiz');
      await page.getByLabel('Correo electrónico').fill(adviserEmail);
      await page.getByLabel('Rol').selectOption('adviser');
      await page.getByRole('button', { name: 'Agregar usuario' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual(['Elige la sede']);
      await page.getByLabel('Sede del asesor').selectOption({ label: 'Sede Surco' });
      await page.getByRole('button', { name: 'Agregar usuario' }).click();
      const setPassword = (await page.locator('.bo-secret').textContent({ timeout: 15_000 })) ?? '';
      expect(setPassword).toContain('/socios/set-password?token=');
      await page.getByRole('cell', { name: adviserEmail }).waitFor();
      await page.getByRole('cell', { name: 'Asesor de Sede Surco' }).waitFor();
      await accessible(page, `un socio con su asesora (${name})`, phone);
      // The adviser creates the password with the link and can sign in.
      const token = new URL(setPassword).searchParams.get('token') ?? '';
      expect((await api(server, 'POST', '/partner/auth/set-password', { body: { token, password: 'clave de la asesora' } })).code).toBe('200');
      const signIn = () => api(server, 'POST', '/partner/auth/login', { body: { email: adviserEmail, password: 'clave de la asesora' } });
      expect((await signIn()).code).toBe('200');

      // Suspended from the list, through the dialog; "Cancelar" changes nothing.
      await page.getByRole('link', { name: 'Volver a socios' }).click();
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: partnerName }) });
      // One partner of that name: the refused RUC created nothing.
      await row.waitFor();
      expect(await row.count()).toBe(1);
      await row.getByRole('cell', { name: 'Activo' }).waitFor();
      await row.getByRole('button', { name: `Suspender a ${partnerName}` }).click();
      let dialog = page.getByRole('dialog', { name: `Suspender a ${partnerName}` });
      await dialog.waitFor();
      await accessible(page, `suspender un socio (${name})`, false);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await row.getByRole('cell', { name: 'Activo' }).count()).toBe(1);
      await row.getByRole('button', { name: `Suspender a ${partnerName}` }).click();
      dialog = page.getByRole('dialog', { name: `Suspender a ${partnerName}` });
      await dialog.getByRole('button', { name: 'Suspender socio' }).click();
      await page.getByText('Socio suspendido: su personal ya no puede ingresar').waitFor();
      await row.getByRole('cell', { name: 'Suspendido' }).waitFor();
      await accessible(page, `socios con uno suspendido (${name})`, phone);
      const refused = await signIn();
      expect(refused.code).toBe('403');
      expect(refused.message).toBe('La cuenta de tu empresa en Recuerdos está suspendida. Comunícate con nosotros');

      // Resumed from its page, through the dialog, with the keyboard.
      await row.getByRole('link', { name: partnerName }).click();
      await page.getByRole('heading', { level: 1, name: partnerName }).waitFor();
      await page.getByRole('button', { name: 'Reactivar socio' }).focus();
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog', { name: `Reactivar a ${partnerName}` });
      await dialog.waitFor();
      await accessible(page, `reactivar un socio (${name})`, false);
      await dialog.getByRole('button', { name: 'Reactivar socio' }).click();
      await page.getByText('Socio reactivado').waitFor();
      await page.getByRole('button', { name: 'Suspender socio' }).waitFor();
      expect((await signIn()).code).toBe('200');

      // The audit trail names the operator for each action.
      await page.getByRole('link', { name: 'Auditoría' }).click();
      for (const action of ['Socio creado', 'Sede creada', 'Personal de socio creado', 'Socio suspendido', 'Socio reactivado']) {
        await page.getByRole('cell', { name: action, exact: true }).first().waitFor();
      }
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);
});
