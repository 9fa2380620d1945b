// Moderation in the account area (issue 6) at 390 and 1280 px: the pending badge ('+9' on a phone,
// '+99' on a desktop), /account/notifications with its heading, text and empty state, a guest's
// memory approved (it joins the memorial and its author is told by e-mail) and another denied, after
// a confirmation and with a word of what happened (issue 28 §3); the badge rising without a reload
// while the page stays open, asked when the page is shown again and every minute, never while hidden
// (issue 28 §4).
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { WIDTHS, openPage } from './support/browser';
import { waitForMail } from './support/mail';
import { api, guestToken, logIn, makeOwner, uniqueEmail } from './support/owner';
import { browser, server, useServerAndBrowser } from './support/suite';

// Distinct visitor addresses (X-Forwarded-For), as many phones at a funeral would have.
useServerAndBrowser({ TRUST_PROXY: '1' });

let ipCount = 0;

/** How often the bell asks while the page is visible (lib/account/get-pending-posts.ts). */
const PENDING_POLL_MS = 60_000;

/** A guest's memory through the API; a new visitor address every 10 (the per-visitor limit is 20). */
async function submit(guest: string, identifier: string, fields: Record<string, string | Blob>): Promise<void> {
  const form = new FormData();
  form.append('identifier', identifier);
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'foto.jpg');
  }
  ipCount += 1;
  const ip = `10.9.${Math.floor(ipCount / 10)}.1`;
  const res = await api(server, 'POST', '/content/save-guest-message', { guest, form, ip });
  expect(res.code, res.message).toBe('200');
}

function badge(page: Page) {
  return page.getByTestId('notification-badge');
}

/** What a phone does when another app comes to the front and when the family comes back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

async function openNotifications(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^Notificaciones/ }).click();
  await page.waitForURL('**/account/notifications');
}

describe.each(WIDTHS)('moderation at $name', ({ viewport }) => {
  const phone = viewport.width < 600;

  it('approves one memory and denies another; the heading, the badge and the memorial follow', async () => {
    const owner = await makeOwner(server, 'modera');
    const memorial = owner.memorials[0];
    if (!memorial) throw new Error('no memorial');
    const guest = await guestToken(server, memorial.identifier, memorial.accessCode, '10.8.0.1');
    const luciaEmail = uniqueEmail('lucia');
    await submit(guest, memorial.identifier, { fullname: 'Lucía Torres', email: luciaEmail, message: 'Gracias por todo, tía Rosa' });
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#60a060' } }).jpeg().toBuffer();
    await submit(guest, memorial.identifier, { fullname: 'Pedro Huamán', message: ' ', postPicture: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }) });

    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    // The page's clock runs as usual, and can jump a minute ahead.
    await page.clock.install();
    const countAsks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/content/count-guest-pending-posts')) countAsks.push(request.url());
    });
    try {
      await logIn(page, owner);
      await badge(page).waitFor();
      expect(await badge(page).textContent()).toBe('2');
      await openNotifications(page);
      await page.getByRole('heading', { level: 1, name: '2 mensajes pendientes por aprobar' }).waitFor();
      await page.getByText('Aprueba los recuerdos compartidos por otras personas para verlos en el perfil').waitFor();
      expect(await page.getByRole('link', { name: 'Regresar' }).count()).toBe(phone ? 1 : 0);
      const lucia = page.getByRole('article', { name: 'Recuerdo de Lucía Torres' });
      await lucia.getByText('Gracias por todo, tía Rosa').waitFor();
      await lucia.getByText('De Lucía Torres').waitFor();
      const pedro = page.getByRole('article', { name: 'Recuerdo de Pedro Huamán' });
      await pedro.getByRole('img', { name: 'Foto compartida por Pedro Huamán' }).waitFor();
      await expectAccessible(page, `/account/notifications at ${viewport.width} px`);

      await lucia.getByRole('button', { name: /^Aprobar/ }).click();
      await page.getByText('El recuerdo de Lucía Torres ya se ve en el perfil.').waitFor();
      await page.getByRole('heading', { level: 1, name: '1 mensaje pendiente por aprobar' }).waitFor();
      await lucia.waitFor({ state: 'detached' });
      expect(await badge(page).textContent()).toBe('1');
      // The visitor who left an e-mail hears that the memory is on the memorial.
      const mail = await waitForMail(server.smtp, luciaEmail, /Tu recuerdo ya está en el memorial/);
      expect(mail.text).toContain(memorial.identifier);

      // Denying deletes the memory: asked first, and "No, mantener" keeps it.
      await pedro.getByRole('button', { name: /^Rechazar/ }).click();
      const confirm = page.getByRole('dialog', { name: '¿Rechazar el recuerdo de Pedro Huamán?' });
      await confirm.getByText('Se eliminará y no se mostrará en el perfil. Esta acción no se puede deshacer.').waitFor();
      await expectAccessible(page, `deny confirmation at ${viewport.width} px`);
      await confirm.getByRole('button', { name: 'No, mantener' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await pedro.isVisible()).toBe(true);
      expect(await badge(page).textContent()).toBe('1');
      await pedro.getByRole('button', { name: /^Rechazar/ }).click();
      await confirm.getByRole('button', { name: 'Sí, rechazar' }).click();
      await page.getByText('El recuerdo de Pedro Huamán se eliminó y no se verá en el perfil.').waitFor();
      await page.getByRole('heading', { level: 1, name: 'No tienes mensajes pendientes por aprobar' }).waitFor();
      expect(await page.getByText('0 mensajes pendientes por aprobar').count()).toBe(0);
      expect(await badge(page).count()).toBe(0);
      await expectAccessible(page, `empty /account/notifications at ${viewport.width} px`);

      // The approved memory is on the memorial; the denied one is gone for good.
      if (phone) await page.getByRole('link', { name: 'Regresar' }).click();
      else await page.getByRole('link', { name: 'Inicio', exact: true }).click();
      await page.waitForURL('**/account');
      const shared = page.getByRole('region', { name: 'Recuerdos compartidos por otros' });
      await shared.getByText('De Lucía Torres').waitFor();
      // Lucía's message is the only card: Pedro's denied photo is not there (its name is in the card's label).
      expect(await shared.getByRole('article').count()).toBe(1);
      expect(await shared.getByRole('article', { name: /Pedro Huamán/ }).count()).toBe(0);
      const approved = await api<{ posts: { fullname: string }[] }>(server, 'GET', `/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`, { guest });
      expect(approved.data.posts.map((p) => p.fullname)).toEqual(['Lucía Torres']);

      // Pending memories are asked again on every change of path.
      await submit(guest, memorial.identifier, { fullname: 'Marta', message: 'Un abrazo' });
      await openNotifications(page);
      await page.getByRole('heading', { level: 1, name: '1 mensaje pendiente por aprobar' }).waitFor();
      await badge(page).getByText('1').waitFor();

      // The page stays open (issue 28 §4). Hidden behind another app, a minute passes: nothing is asked.
      await submit(guest, memorial.identifier, { fullname: 'Inés', message: 'Te recordamos' });
      const asked = countAsks.length;
      await setVisibility(page, 'hidden');
      await page.clock.fastForward(PENDING_POLL_MS + 1000);
      await page.evaluate(() => fetch('/api/health'));
      expect(countAsks.length).toBe(asked);
      expect(await badge(page).textContent()).toBe('1');
      // Shown again: the count is asked, and the badge and the list rise without a reload.
      await setVisibility(page, 'visible');
      await badge(page).getByText('2').waitFor();
      await page.getByRole('heading', { level: 1, name: '2 mensajes pendientes por aprobar' }).waitFor();
      expect(countAsks.length).toBe(asked + 1);
      // And every minute while it is visible.
      await submit(guest, memorial.identifier, { fullname: 'Jorge', message: 'Un abrazo, familia' });
      await page.clock.fastForward(PENDING_POLL_MS + 1000);
      await badge(page).getByText('3').waitFor();
      await page.getByRole('article', { name: 'Recuerdo de Jorge' }).waitFor();
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it(`caps the badge at ${phone ? '+9' : '+99'}`, async () => {
    const owner = await makeOwner(server, 'tope');
    const memorial = owner.memorials[0];
    if (!memorial) throw new Error('no memorial');
    const guest = await guestToken(server, memorial.identifier, memorial.accessCode, '10.7.0.1');
    const count = phone ? 10 : 100;
    for (let i = 1; i <= count; i++) await submit(guest, memorial.identifier, { fullname: `Visita ${i}`, message: `Recuerdo ${i}` });
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await logIn(page, owner);
      await badge(page).waitFor();
      expect(await badge(page).textContent()).toBe(phone ? '+9' : '+99');
      expect(await page.getByRole('link', { name: /^Notificaciones/ }).textContent()).toContain(phone ? 'más de 9 mensajes pendientes' : 'más de 99 mensajes pendientes');
      await openNotifications(page);
      await page.getByRole('heading', { level: 1, name: `${count} mensajes pendientes por aprobar` }).waitFor();
      expect(await page.getByRole('article').count()).toBe(count);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
