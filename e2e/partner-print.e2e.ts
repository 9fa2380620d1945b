// The partner area's tools for the wake (issue 30 §2, §3, §5) in Chromium at 390 × 844, axe on every
// screen: the adviser sells a memorial with its first photo (cropped square, then the profile photo on
// the QR page) and another without; the list says until when each funeral phase lasts; "Corregir ritos"
// changes the rites in a dialog, and once the family activated meanwhile, the dialog says so in
// Spanish and the list stops offering it; both memorials chosen print as one PDF of cards and one
// of plaques, read back; the terms page is one click from the sign-in page.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, horizontalOverflow, openPage, smallTargets } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { runAdmin, uniqueEmail } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';
import { uniqueRuc } from '../apps/server/test/partners';
import { pdfText } from '../apps/server/test/pdf';

useServerAndBrowser();

let photoJpeg: Buffer;
beforeAll(async () => {
  photoJpeg = await sharp({ create: { width: 900, height: 640, channels: 3, background: '#7a5c3e' } }).jpeg().toBuffer();
});

async function fillSale(page: Page, person: string, email: string): Promise<void> {
  await page.getByLabel('Nombre completo').fill(person);
  await page.getByLabel('Fecha de fallecimiento').fill('2026-11-20');
  await page.getByLabel('Nombres').fill('Carmen');
  await page.getByLabel('Apellidos').fill('Huanca Rojas');
  await page.getByLabel('DNI').fill('45678912');
  await page.getByLabel('Parentesco con la persona fallecida').selectOption('hijo');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Celular (WhatsApp)').fill('987 654 321');
  await page.getByLabel('Precio del contrato (S/)').fill('350');
  await page.getByRole('button', { name: 'Agregar ceremonia' }).click();
  await page.getByLabel('Ceremonia 1').selectOption('velorio');
  await page.getByLabel('Fecha', { exact: true }).fill('2030-03-14');
  await page.getByLabel('Lugar').fill('Sala 1');
  await page.getByRole('checkbox', { name: /Declaro que soy familiar/ }).check();
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), text: (await pdfText(new Uint8Array(bytes))).pageTexts.map((text) => text.replace(/\s+/g, ' ')) };
}

describe('the partner’s tools for the wake at 390 px', () => {
  it('sells with a photo, corrects the rites until the family activates, and prints two memorials in one file', async () => {
    const partner = JSON.parse(await runAdmin(server, ['create-partner', '--name', 'Funeraria Santa Rosa', '--ruc', uniqueRuc(), '--branch', 'Sede Lince', '--json'])) as { partner: number; branch: number };
    const adviserEmail = uniqueEmail('asesor');
    await runAdmin(server, ['create-partner-user', '--partner', String(partner.partner), '--email', adviserEmail, '--name', 'Luis Paz', '--role', 'adviser', '--branch', String(partner.branch), '--password', 'una-clave-larga', '--json']);
    const [first, second] = [uniqueEmail('familia'), uniqueEmail('familia')];

    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      // The terms, one click from the sign-in page.
      await page.goto('/socios');
      await page.getByRole('link', { name: 'Condiciones para funerarias y camposantos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Condiciones para funerarias y camposantos' }).waitFor();
      await page.getByText(/lleva al enlace permanente del memorial/).waitFor();
      await expectAccessible(page, 'las condiciones para socios');
      expect(await horizontalOverflow(page)).toBe(0);

      await page.goto('/socios');
      await page.getByLabel('Correo electrónico').fill(adviserEmail);
      await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-larga');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Nuevo memorial' }).waitFor();

      // The first photo, cropped square like the profile's.
      await fillSale(page, 'Rosa Elvira Quispe', first);
      await page.getByLabel('Foto de la persona fallecida', { exact: true }).setInputFiles({ name: 'rosa.jpg', mimeType: 'image/jpeg', buffer: photoJpeg });
      await page.getByRole('button', { name: 'Seleccionar' }).waitFor();
      await expectAccessible(page, 'el formulario con la foto por cortar');
      await page.getByRole('button', { name: 'Seleccionar' }).click();
      await page.getByRole('button', { name: 'Crear memorial' }).click();
      await page.getByRole('heading', { level: 1, name: 'Memorial creado' }).waitFor();
      const guestLink = new URL((await page.getByRole('link', { name: /\/guest\?id=/ }).getAttribute('href')) ?? '');

      await page.getByRole('button', { name: 'Registrar otro memorial' }).click();
      await fillSale(page, 'Juan Mamani Ccori', second);
      await page.getByRole('button', { name: 'Crear memorial' }).click();
      await page.getByRole('heading', { level: 1, name: 'Memorial creado' }).waitFor();

      // The photo is the memorial's profile photo on the QR page.
      await page.goto(guestLink.pathname + guestLink.search);
      const photo = page.getByRole('img', { name: 'Foto de Rosa Elvira Quispe' }).first();
      await photo.waitFor();
      await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('img.profile-card__photo')).some((img) => img.complete && img.naturalWidth > 0));
      expect(await photo.getAttribute('src')).toMatch(/\/media\//);

      // The list: the funeral phase's last day (30 days after the velorio), and the rites to correct.
      await page.goto('/socios/memoriales');
      await page.getByRole('heading', { level: 1, name: 'Memoriales registrados' }).waitFor();
      const rosa = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rosa Elvira Quispe' }) });
      await rosa.getByText('Etapa del funeral hasta el 13 de abril del 2030').waitFor();
      await expectAccessible(page, 'los memoriales con la etapa del funeral');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await smallTargets(page)).toEqual([]);

      await rosa.getByRole('button', { name: 'Corregir ritos de Rosa Elvira Quispe' }).click();
      let dialog = page.getByRole('dialog', { name: 'Corregir ritos de Rosa Elvira Quispe' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Lugar').inputValue()).toBe('Sala 1');
      await expectAccessible(page, 'corregir ritos');
      expect(await smallTargets(page)).toEqual([]);
      await dialog.getByLabel('Lugar').fill('Sala 5');
      await dialog.getByRole('button', { name: 'Guardar ritos' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Ceremonias actualizadas').waitFor();

      // The family activates while the adviser has the dialog open: the correction is refused, in Spanish.
      await rosa.getByRole('button', { name: 'Corregir ritos de Rosa Elvira Quispe' }).click();
      dialog = page.getByRole('dialog', { name: 'Corregir ritos de Rosa Elvira Quispe' });
      expect(await dialog.getByLabel('Lugar').inputValue()).toBe('Sala 5');
      const mail = await waitForMail(server.smtp, first, 'Activa tu contrato de Recuerdos');
      const activation = new URL(linkIn(mail, server.baseUrl, '/activate-account?'));
      const activated = await fetch(`${server.baseUrl}/api/contract/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contract: activation.searchParams.get('contract'), token: activation.searchParams.get('token') }),
      });
      expect(activated.status).toBe(200);
      await dialog.getByLabel('Lugar').fill('Sala 7');
      await dialog.getByRole('button', { name: 'Guardar ritos' }).click();
      await dialog.getByText('La familia ya activó este memorial: ahora es suyo y solo ella puede cambiarlo').waitFor();
      await expectAccessible(page, 'ritos rechazados tras la activación');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await rosa.getByText('Activado por la familia').waitFor();
      expect(await rosa.getByRole('button', { name: /Corregir ritos/ }).count()).toBe(0);

      // Both chosen: one PDF of cards and one of plaques, a page each, in the list's order (newest first).
      await page.getByLabel('Elegir para imprimir varios: Rosa Elvira Quispe').check();
      await page.getByLabel('Elegir para imprimir varios: Juan Mamani Ccori').check();
      await page.getByText('2 memoriales elegidos.').waitFor();
      await expectAccessible(page, 'dos memoriales elegidos para imprimir');
      const cards = await downloaded(page, () => page.getByRole('button', { name: 'Recordatorios A6 (PDF)' }).click());
      expect(cards.name).toBe('recordatorios-a6.pdf');
      expect(cards.text).toHaveLength(2);
      expect(cards.text[0]).toContain('Juan Mamani Ccori');
      expect(cards.text[1]).toContain('Rosa Elvira Quispe');
      for (const text of cards.text) expect(text).toContain('Con el acompañamiento de Funeraria Santa Rosa');
      const plaques = await downloaded(page, () => page.getByRole('button', { name: 'Placas 10 × 10 cm (PDF)' }).click());
      expect(plaques.name).toBe('placas.pdf');
      expect(plaques.text).toHaveLength(2);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
