// Libro de Reclamaciones: every message of spec §5, a complaint sent, and its e-mail copy.
import { describe, expect, it } from 'vitest';
import { EMPTY_COMPLAINT_PAGE_MESSAGES } from '@recuerdos/shared/testing/spec-messages';
import { expectAccessible } from './support/axe';
import { PHONE, WIDTHS, fieldErrors, openPage } from './support/browser';
import { waitForMail } from './support/mail';
import { uniqueEmail } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();


function limaToday(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  return parts; // dd/mm/yyyy
}

describe.each(WIDTHS)('complaints book at $name', ({ viewport }) => {
  it('prefills date and type, and shows every validation message', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto('/complaints-book');
      await page.getByRole('heading', { level: 1, name: 'Libro de Reclamaciones' }).waitFor();
      expect(await page.getByLabel('Fecha').inputValue()).toBe(limaToday());
      expect(await page.getByLabel('Reclamo').isChecked()).toBe(true);

      await page.getByLabel('Fecha').fill('');
      await page.getByRole('button', { name: 'Enviar' }).click();
      expect(await fieldErrors(page)).toEqual(EMPTY_COMPLAINT_PAGE_MESSAGES);
      await expectAccessible(page, `/complaints-book with errors at ${viewport.width} px`);
      await page.getByLabel('Correo electrónico').fill('rosa@@mail');
      await page.getByRole('button', { name: 'Enviar' }).click();
      expect(await fieldErrors(page)).toContain('Correo electrónico inválido');

      const config = await page.evaluate(() => JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as { legal: { name: string; ruc: string; address: string } });
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain(config.legal.name);
      expect(text).toContain(config.legal.ruc);
      expect(text).toContain(config.legal.address);
      expect(text).toContain('15 días hábiles');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('sending a complaint', () => {
  it('shows the success text and e-mails the consumer a copy', async () => {
    const email = uniqueEmail('reclamo');
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto('/complaints-book');
      await page.getByLabel('Nombres').fill('Rosa');
      await page.getByLabel('Apellidos').fill('Quispe Mamani');
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Número de contrato').fill('C-2026-0042');
      await page.getByLabel('Número de documento').fill('45678912');
      await page.getByLabel('Teléfono').fill('987654321');
      await page.getByLabel('Queja').check();
      await page.getByLabel('Detalle de la reclamación').fill('El código QR de la placa no se lee bien con mi celular.');
      await page.getByLabel('Pedido del consumidor').fill('Que me envíen una placa nueva.');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('Tu Reclamo o Queja se envió con éxito').waitFor();
      await expectAccessible(page, '/complaints-book after sending');

      const copy = await waitForMail(server.smtp, email, /Libro de Reclamaciones/);
      expect(copy.text).toContain('Quispe Mamani');
      expect(copy.text).toContain('El código QR de la placa no se lee bien con mi celular.');
      expect(copy.text).toContain('Que me envíen una placa nueva.');
      expect(copy.subject).toMatch(/queja/i);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
