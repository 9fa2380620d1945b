// Ceremonies and remembrance reminders (issue 14 §1, §2) at 390 and 1280 px, with axe on each screen:
// the owner announces the velorio and the misa de 30 días (and shares them by WhatsApp); a visitor
// sees them above the memories with the past one folded, downloads the .ics, asks for reminders
// (consent required), confirms from the e-mail, gets the birthday reminder (the job run as an
// operator would) and leaves with one click; the owner sees how many receive them.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import { REMINDER_MESSAGES, reminderConsentText } from '@recuerdos/shared/remembrance';
import { expectAccessible } from './support/axe';
import { WIDTHS, horizontalOverflow, openPage } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { api, logIn, makeOwner, ownerToken, uniqueEmail } from './support/owner';
import { runAdmin } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const day = (offset: number) => limaDate(new Date(Date.now() + offset * 24 * 60 * 60_000));

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await fs.readFile(await download.path(), 'utf8') };
}

describe.each(WIDTHS)('ceremonies and reminders at $name', ({ viewport }) => {
  it('lets the family announce and share ceremonies, and visitors see them, add them to a calendar and be reminded', async () => {
    const owner = await makeOwner(server, 'ceremonias', ['Teodoro Huamán Quispe']);
    const memorial = owner.memorials[0];
    if (!memorial) throw new Error('no memorial');
    const token = await ownerToken(server, owner);
    // Born on this day (so the reminders job has a date to send today), 28 years before.
    const today = day(0);
    const born = `${Number(today.slice(0, 4)) - 88}${today.slice(4)}`;
    const basic = await api(server, 'POST', '/person/update-basic-data', {
      token,
      body: { identifier: memorial.identifier, fullname: 'Teodoro Huamán Quispe', birthdate: born, deathdate: day(-3), location: 'Cementerio El Ángel, Lima', description: 'Siempre con nosotros.' },
    });
    expect(basic.code, basic.message).toBe('200');
    const responso = await api(server, 'POST', '/events/save', { token, body: { identifier: memorial.identifier, kind: 'otro', title: 'Responso', date: day(-2), time: '08:00', place: 'Casa familiar' } });
    expect(responso.code, responso.message).toBe('200');

    // The owner announces the velorio (tomorrow) and the misa de 30 días.
    const ownerPage = await openPage(browser, server.baseUrl, viewport);
    try {
      const { page } = ownerPage;
      await logIn(page, owner, 'Teodoro Huamán Quispe');
      const panel = page.getByRole('region', { name: 'Ceremonias y recordatorios' });
      await panel.getByRole('button', { name: 'Agregar una ceremonia' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar una ceremonia' });
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect.poll(() => dialog.locator('.field__error').allTextContents()).toEqual(['Elige la fecha de la ceremonia', 'Escribe el lugar de la ceremonia']);
      await expectAccessible(page, `event dialog at ${viewport.width} px`);
      await dialog.getByLabel('Ceremonia', { exact: true }).selectOption('velorio');
      await dialog.getByLabel('Fecha').fill(day(1));
      await dialog.getByLabel('Hora (opcional)').fill('19:00');
      await dialog.getByLabel('Lugar').fill('Velatorio Santa Rosa, Av. Arequipa 123, Lima');
      await dialog.getByLabel('Enlace del mapa (opcional)').fill('https://maps.app.goo.gl/abc123');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await panel.getByRole('button', { name: 'Agregar una ceremonia' }).click();
      await dialog.getByLabel('Ceremonia', { exact: true }).selectOption('misa-30');
      await dialog.getByLabel('Fecha').fill(day(27));
      await dialog.getByLabel('Lugar').fill('Parroquia San Antonio de Padua, Miraflores');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => panel.locator('.owner-ceremony__name').allTextContents()).toEqual(['Velorio', 'Misa de 30 días', 'Responso']);
      const share = panel.getByRole('link', { name: 'Compartir por WhatsApp' }).first();
      const text = decodeURIComponent(new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '');
      expect(text).toContain('Velorio de Teodoro Huamán Quispe');
      expect(text).toContain('19:00, en Velatorio Santa Rosa');
      expect(text).toContain(`/guest?id=${memorial.identifier}`);
      expect(text).not.toContain(memorial.accessCode);
      // The family chooses to send the code along (Permisos): each ceremony's message carries it (issue 28 §1).
      await page.getByRole('checkbox', { name: 'Enviar el código de acceso al compartir' }).check();
      await expect
        .poll(async () => new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '')
        .toBe(`${text}\nCódigo de acceso: ${memorial.accessCode}`);
      await expectAccessible(page, `/account with ceremonies at ${viewport.width} px`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The family is reminded too: the owner asks with the same consent and confirmation.
      await panel.getByRole('button', { name: 'Recibir yo también los recordatorios' }).click();
      await panel.getByText(reminderConsentText('Teodoro Huamán Quispe')).waitFor();
      await panel.getByRole('button', { name: 'Acepto, recordarme' }).click();
      await page.getByText(REMINDER_MESSAGES.requested).waitFor();
      await waitForMail(server.smtp, owner.email, 'Confirma tus recordatorios de Teodoro Huamán Quispe');
      expect(ownerPage.problems).toEqual([]);
    } finally {
      await ownerPage.close();
    }

    // A visitor with the code: the upcoming ceremonies above the memories, the past one folded.
    const visitor = await openPage(browser, server.baseUrl, viewport);
    const email = uniqueEmail('nieto');
    try {
      const { page } = visitor;
      // A new memorial is private: the ceremonies show after the code (and its files carry the code).
      await page.goto(`/guest?id=${memorial.identifier}`);
      await page.locator('.toaster').waitFor({ state: 'attached' });
      await page.getByLabel('Código de acceso').fill(memorial.accessCode);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      const section = page.getByRole('region', { name: 'Ceremonias' });
      await expect.poll(() => section.locator('.ceremonies__list').first().locator('.ceremony__name').allTextContents()).toEqual(['Velorio', 'Misa de 30 días']);
      const ceremoniesTop = await section.boundingBox();
      const postsTop = await page.getByRole('heading', { level: 2, name: 'Publicaciones' }).boundingBox();
      expect(ceremoniesTop?.y ?? Infinity).toBeLessThan(postsTop?.y ?? 0);
      const past = section.locator('details.ceremonies__past');
      expect(await past.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      await past.locator('summary').click();
      await expect.poll(() => past.locator('.ceremony__name').allTextContents()).toEqual(['Responso']);
      await expectAccessible(page, `/guest with ceremonies at ${viewport.width} px`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      const ics = await downloaded(page, () => section.getByRole('link', { name: 'Añadir a mi calendario' }).first().click());
      expect(ics.name).toMatch(/\.ics$/);
      const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.text) as unknown[]).getFirstSubcomponent('vevent') ?? undefined);
      expect(vevent.summary).toBe('Velorio de Teodoro Huamán Quispe');

      // Reminders: consent is required, then a confirmation e-mail.
      await section.getByRole('button', { name: 'Recordarme sus fechas por correo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Recordarme sus fechas' });
      await dialog.getByLabel('Tu correo electrónico').fill(email);
      await dialog.getByRole('button', { name: 'Recordarme' }).click();
      await dialog.getByText(REMINDER_MESSAGES.consentRequired).waitFor();
      await expectAccessible(page, `reminder dialog at ${viewport.width} px`);
      await dialog.getByLabel(reminderConsentText('Teodoro Huamán Quispe')).check();
      await dialog.getByRole('button', { name: 'Recordarme' }).click();
      await page.getByText(REMINDER_MESSAGES.requested).waitFor();

      const confirmation = await waitForMail(server.smtp, email, 'Confirma tus recordatorios de Teodoro Huamán Quispe');
      await page.goto(linkIn(confirmation, server.baseUrl, '/recordatorios/confirmar'));
      await page.getByRole('heading', { name: 'Recordatorios confirmados' }).waitFor();
      await page.getByText(`${REMINDER_MESSAGES.confirmed} Teodoro Huamán Quispe.`).waitFor();
      await expectAccessible(page, `/recordatorios/confirmar at ${viewport.width} px`);

      // The birthday reminder (today), with the velorio of tomorrow, then one click to leave.
      await runAdmin(server, ['run-job', 'remembrance-reminders']);
      const reminder = await waitForMail(server.smtp, email, 'Hoy recordamos el cumpleaños de Teodoro Huamán Quispe');
      expect(reminder.text).toContain('cumpliría 88 años');
      expect(reminder.text).toContain('mañana es la ceremonia «Velorio»');
      expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const settings = await api<{ subscribers: number }>(server, 'GET', `/reminders/settings?identifier=${memorial.identifier}`, { token });
      expect(settings.data.subscribers).toBe(1);
      await page.goto(linkIn(reminder, server.baseUrl, '/recordatorios/baja'));
      await page.getByRole('heading', { name: '¿Dejar de recibir recordatorios?' }).waitFor();
      await expectAccessible(page, `/recordatorios/baja at ${viewport.width} px`);
      await page.getByRole('button', { name: 'Dejar de recibir recordatorios' }).click();
      await page.getByText(`${REMINDER_MESSAGES.unsubscribed}.`).waitFor();
      const after = await api<{ subscribers: number }>(server, 'GET', `/reminders/settings?identifier=${memorial.identifier}`, { token });
      expect(after.data.subscribers).toBe(0);
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
