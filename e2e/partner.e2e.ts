// The partner channel at /socios (issue 30 §1–§2) in Chromium at 390 × 844, axe on every screen: a
// funeral home and its adviser made on the command line, the adviser signs in, the empty form
// explains itself in Spanish, then one filled form creates the memorial with a rite; the family's
// activation e-mail names the funeral home, the WhatsApp link goes to the family's phone, the sale
// is listed waiting for the family, and the rite is on the memorial's guest page, first, with the
// funeral home's line (the funeral phase, §4) until the family, once activated, ends it from /account.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, horizontalOverflow, openPage } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { logIn } from './support/owner';
import { runAdmin, uniqueEmail } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';
import { uniqueRuc } from '../apps/server/test/partners';
import { totpCode } from '../apps/server/test/operators';

useServerAndBrowser();

describe('the partner area at 390 px', () => {
  it('an adviser signs in at /socios and sells a memorial in one form during the wake', async () => {
    const partner = JSON.parse(await runAdmin(server, ['create-partner', '--name', 'Funeraria San Martín', '--ruc', uniqueRuc(), '--branch', 'Sede Miraflores', '--json'])) as { partner: number; branch: number };
    const adviserEmail = uniqueEmail('asesor');
    await runAdmin(server, ['create-partner-user', '--partner', String(partner.partner), '--email', adviserEmail, '--name', 'Luis Paz', '--role', 'adviser', '--branch', String(partner.branch), '--password', 'una-clave-larga', '--json']);
    const family = uniqueEmail('carmen');

    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto('/socios');
      await page.getByRole('heading', { level: 1, name: 'Recuerdos para funerarias y camposantos' }).waitFor();
      await expectAccessible(page, 'el ingreso de socios');
      expect(await horizontalOverflow(page)).toBe(0);

      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByText('Ingresa tu correo electrónico').waitFor();
      await page.getByLabel('Correo electrónico').fill(adviserEmail);
      await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByText('Correo electrónico o contraseña incorrectos').waitFor();
      await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-larga');
      await page.getByRole('button', { name: 'Ingresar' }).click();

      await page.getByRole('heading', { level: 1, name: 'Nuevo memorial' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/socios/vender');
      await page.getByText('Luis Paz · Funeraria San Martín').waitFor();
      await expectAccessible(page, 'el formulario del asesor');
      expect(await horizontalOverflow(page)).toBe(0);

      // Sent empty, every required field says what it needs, in Spanish.
      await page.getByRole('button', { name: 'Crear memorial' }).click();
      await page.getByText('Ingresa el nombre completo de la persona fallecida').waitFor();
      for (const message of ['Ingresa la fecha de fallecimiento', 'Ingresa el DNI', 'Elige el parentesco con la persona fallecida', 'Ingresa el precio del contrato', 'El familiar debe aceptar la autorización para crear el memorial']) {
        await page.getByText(message).first().waitFor();
      }
      await expectAccessible(page, 'el formulario con errores');

      await page.getByLabel('Nombre completo').fill('Teodoro Huanca Quispe');
      await page.getByLabel('Fecha de fallecimiento').fill('2026-11-20');
      await page.getByLabel('Nombres').fill('Carmen');
      await page.getByLabel('Apellidos').fill('Huanca Rojas');
      await page.getByLabel('DNI').fill('4567891');
      await page.getByLabel('Parentesco con la persona fallecida').selectOption('hijo');
      await page.getByLabel('Correo electrónico').fill(family);
      await page.getByLabel('Celular (WhatsApp)').fill('987 654 321');
      await page.getByLabel('Precio del contrato (S/)').fill('350,50');
      await page.getByRole('button', { name: 'Agregar ceremonia' }).click();
      await page.getByLabel('Ceremonia 1').selectOption('velorio');
      await page.getByLabel('Fecha', { exact: true }).fill('2030-03-14');
      await page.getByLabel('Hora (opcional)').fill('19:00');
      await page.getByLabel('Lugar').fill('Sede Miraflores, sala 2');
      await page.getByRole('checkbox', { name: /Declaro que soy familiar/ }).check();
      await page.getByRole('button', { name: 'Crear memorial' }).click();
      await page.getByText('El DNI debe tener 8 dígitos').waitFor();
      await page.getByLabel('DNI').fill('45678912');
      await page.getByRole('button', { name: 'Crear memorial' }).click();

      await page.getByRole('heading', { level: 1, name: 'Memorial creado' }).waitFor();
      await expectAccessible(page, 'el memorial creado');
      const whatsapp = await page.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href');
      expect(whatsapp).toMatch(/^https:\/\/wa\.me\/51987654321\?text=/);
      const guestLink = await page.getByRole('link', { name: /\/guest\?id=/ }).getAttribute('href');

      // The list shows the sale waiting for the family, its counts, and no content.
      await page.getByRole('link', { name: 'Memoriales registrados' }).click();
      await page.getByRole('heading', { level: 1, name: 'Memoriales registrados' }).waitFor();
      const item = page.getByRole('listitem').filter({ hasText: 'Teodoro Huanca Quispe' });
      await item.getByText('Por activar').waitFor();
      await expectAccessible(page, 'los memoriales registrados');
      expect(await horizontalOverflow(page)).toBe(0);
      const [plaque] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /^Placa 10 × 10 cm \(PDF\)/ }).click()]);
      expect(plaque.suggestedFilename()).toMatch(/^placa-REC-\d{4}-\d{5}\.pdf$/);

      const mail = await waitForMail(server.smtp, family, 'Activa tu contrato de Recuerdos');
      expect(mail.text).toContain('Funeraria San Martín registró contigo el memorial de Teodoro Huanca Quispe');

      // The rite is on the memorial's public page, for the mourners with the link.
      await page.goto(new URL(guestLink ?? '').pathname + new URL(guestLink ?? '').search);
      await page.getByText('Sede Miraflores, sala 2').first().waitFor();
      // The funeral phase (§4): the rites come first, with the funeral home's discreet line.
      await page.getByText('Con el acompañamiento de Funeraria San Martín').waitFor();
      const ritesFirst = await page.evaluate(() => {
        const rites = document.getElementById('ceremonias');
        const name = document.querySelector('h1');
        return Boolean(rites && name && rites.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(ritesFirst).toBe(true);
      await expectAccessible(page, 'el memorial en la etapa del funeral');

      // The family activates, creates its password and ends the phase from its account, after a confirmation.
      await page.goto(linkIn(mail, server.baseUrl, '/activate-account?'));
      await page.getByRole('heading', { level: 1, name: 'Contrato activado' }).waitFor();
      const approved = await waitForMail(server.smtp, family, 'Notificación de contrato aprobado');
      await page.goto(linkIn(approved, server.baseUrl, '/new-password?token='));
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('clave-de-la-familia');
      await page.getByLabel('Confirma tu nueva contraseña').fill('clave-de-la-familia');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.waitForURL('**/login');
      await logIn(page, { email: family, password: 'clave-de-la-familia', name: 'Carmen', lastname: 'Huanca Rojas', memorials: [] }, 'Teodoro Huanca Quispe');
      const panel = page.getByRole('region', { name: 'Ceremonias y recordatorios' });
      await panel.getByText(/la línea «Con el acompañamiento de Funeraria San Martín»/).waitFor();
      await panel.getByRole('button', { name: 'Quitar a la funeraria ahora' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Quitar a la funeraria del memorial?' });
      await confirm.waitFor();
      await expectAccessible(page, 'quitar a la funeraria');
      await confirm.getByRole('button', { name: 'Sí, quitarla' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText('Listo: tu memorial ya no muestra a la funeraria').waitFor();
      expect(await panel.getByRole('button', { name: 'Quitar a la funeraria ahora' }).count()).toBe(0);

      // The QR page is the family's memorial alone: the profile first, no funeral home.
      await page.goto(new URL(guestLink ?? '').pathname + new URL(guestLink ?? '').search);
      await page.getByText('Sede Miraflores, sala 2').first().waitFor();
      expect(await page.getByText(/Con el acompañamiento de/).count()).toBe(0);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a partner admin sets the password with the printed link, enrols the authenticator and sells in a branch it chooses', async () => {
    const partner = JSON.parse(await runAdmin(server, ['create-partner', '--name', 'Camposanto Los Olivos', '--ruc', uniqueRuc(), '--branch', 'Sede Surco', '--json'])) as { partner: number };
    const adminEmail = uniqueEmail('gerencia');
    const created = JSON.parse(await runAdmin(server, ['create-partner-user', '--partner', String(partner.partner), '--email', adminEmail, '--name', 'Rosa Díaz', '--role', 'admin', '--json'])) as { setPasswordUrl: string };
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      const link = new URL(created.setPasswordUrl);
      await page.goto(link.pathname + link.search);
      await page.getByText(`Crea la contraseña de ${adminEmail}`, { exact: false }).waitFor();
      await expectAccessible(page, 'crear la contraseña del socio');
      await page.getByLabel('Contraseña nueva', { exact: true }).fill('una clave larga y segura');
      await page.getByLabel('Repite la contraseña', { exact: true }).fill('una clave larga y segura');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText('Tu contraseña fue creada. Ya puedes ingresar').waitFor();
      await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();

      await page.getByLabel('Correo electrónico').fill(adminEmail);
      await page.getByLabel('Contraseña', { exact: true }).fill('una clave larga y segura');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('heading', { name: 'Activa la verificación en dos pasos' }).waitFor();
      const secret = (await page.locator('.partner-secret').textContent({ timeout: 15_000 })) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessible(page, 'la verificación en dos pasos del socio');
      await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Activar e ingresar' }).click();
      await page.getByRole('heading', { name: 'Guarda tus códigos de recuperación' }).waitFor();
      expect(await page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem').count()).toBe(10);
      await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();

      await page.getByRole('heading', { level: 1, name: 'Nuevo memorial' }).waitFor();
      await page.getByLabel('Sede').locator('option', { hasText: 'Sede Surco' }).waitFor({ state: 'attached' });
      await expectAccessible(page, 'el formulario del administrador');

      // The admin adds an adviser to its branch and gets the link to hand over.
      await page.getByRole('link', { name: 'Sedes y asesores' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sedes y asesores' }).waitFor();
      await page.getByText('Sede Surco').first().waitFor();
      await expectAccessible(page, 'sedes y asesores');
      expect(await horizontalOverflow(page)).toBe(0);
      await page.getByLabel('Nombre del asesor').fill('Ana Ríos');
      await page.getByLabel('Correo electrónico del asesor').fill(uniqueEmail('asesora'));
      await page.getByLabel('Sede del asesor').selectOption({ label: 'Sede Surco' });
      await page.getByRole('button', { name: 'Agregar asesor' }).click();
      await page.getByText('/socios/set-password?token=', { exact: false }).waitFor();
      await page.getByText('Ana Ríos', { exact: false }).first().waitFor();

      // The month's statement: nothing sold yet by this camposanto.
      await page.getByRole('link', { name: 'Estado del mes' }).click();
      await page.getByRole('heading', { level: 1, name: 'Estado del mes' }).waitFor();
      await page.getByRole('table', { name: /Camposanto Los Olivos/ }).getByRole('rowheader', { name: 'Total' }).waitFor();
      await expectAccessible(page, 'el estado del mes');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
