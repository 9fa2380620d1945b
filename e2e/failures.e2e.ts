// Issue 14 §5: the calls that spec §8 let fail in silence now say so, in Spanish, and nothing is lost.
// The network is cut by the test (page.route aborts the one call), as at a cemetery with a weak signal;
// each step then checks the message, that the page kept what the person did or wrote, and that the
// same action succeeds once the connection is back.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, openPage } from './support/browser';
import { api, guestToken, logIn, makeOwner, ownerToken } from './support/owner';
import { createContract, uniqueEmail } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser({ TRUST_PROXY: '1' });

const CONNECTION = 'No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.';

/** Cuts the connection for the calls whose URL contains `part`; returns the function that restores it. */
async function cut(page: Page, part: string): Promise<() => Promise<void>> {
  const pattern = (url: URL) => url.pathname.includes(part);
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(pattern);
}

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('.toast').filter({ hasText: title }).filter({ hasText: CONNECTION }).first().waitFor();
}

function ownerCards(page: Page) {
  return page.getByTestId('owner-post');
}

async function cardTexts(page: Page): Promise<string[]> {
  return ownerCards(page).evaluateAll((cards) => cards.map((card) => (card.querySelector('.post-card__message')?.textContent ?? '?').trim()));
}

describe('failures that used to be silent (spec §8), on a phone', () => {
  it('the owner is told when deleting, reordering, a setting, approving or saving data fails, and nothing is lost', async () => {
    const owner = await makeOwner(server, 'fallas');
    const memorial = owner.memorials[0];
    if (!memorial) throw new Error('no memorial');
    const token = await ownerToken(server, owner);
    for (const message of ['Primero', 'Segundo']) {
      const res = await api(server, 'POST', '/content/save-admin-message', { token, body: { identifier: memorial.identifier, message } });
      expect(res.code, res.message).toBe('200');
    }
    const guest = await guestToken(server, memorial.identifier, memorial.accessCode, '10.44.0.1');
    const form = new FormData();
    form.append('identifier', memorial.identifier);
    form.append('fullname', 'Lucía Torres');
    form.append('message', 'Siempre en nuestro corazón');
    expect((await api(server, 'POST', '/content/save-guest-message', { guest, form, ip: '10.44.0.1' })).code).toBe('200');

    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await logIn(page, owner);
      await ownerCards(page).first().waitFor();
      expect(await cardTexts(page)).toEqual(['Segundo', 'Primero']);

      // Delete without a connection: the post stays, the owner is told; with it back, it goes.
      let restore = await cut(page, '/content/delete-message');
      await ownerCards(page).first().getByRole('button', { name: 'Eliminar publicación' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Eliminar esta publicación?' });
      await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
      await toast(page, 'No pudimos eliminar la publicación');
      await confirm.waitFor({ state: 'detached' });
      expect(await cardTexts(page)).toEqual(['Segundo', 'Primero']);
      await expectAccessible(page, 'a failed delete at 390 px');
      await restore();

      // Reorder by keyboard without a connection: the cards go back to the saved order.
      restore = await cut(page, '/content/update-cards-order');
      await ownerCards(page).nth(1).getByRole('button', { name: /^Mover el mensaje/ }).focus();
      await page.keyboard.press('Space');
      const live = page.locator('[id^="DndLiveRegion"]');
      await live.getByText('Moviendo el mensaje', { exact: false }).or(live.getByText('Sobre la posición 2 de 2.')).first().waitFor();
      await page.waitForTimeout(100);
      await page.keyboard.press('ArrowUp');
      await live.getByText('Sobre la posición 1 de 2.').waitFor();
      await page.keyboard.press('Space');
      await toast(page, 'No pudimos guardar el nuevo orden');
      await expect.poll(() => cardTexts(page)).toEqual(['Segundo', 'Primero']);
      await restore();

      // A setting without a connection: the choice goes back to what is saved.
      restore = await cut(page, '/person/update-flag-message');
      const messages = page.getByRole('group', { name: '¿Los invitados pueden dejar mensajes?' });
      const noMessages = messages.getByLabel('No');
      const wasChecked = await noMessages.isChecked();
      await (wasChecked ? messages.getByLabel('Sí') : noMessages).check();
      await toast(page, 'No pudimos guardar el cambio');
      await expect.poll(() => noMessages.isChecked()).toBe(wasChecked);
      await restore();

      // Approving without a connection: the memory stays pending, the button comes back.
      restore = await cut(page, '/content/approve-message');
      await page.getByRole('link', { name: /^Notificaciones/ }).click();
      const lucia = page.getByRole('article', { name: 'Recuerdo de Lucía Torres' });
      await lucia.getByRole('button', { name: /^Aprobar/ }).click();
      await toast(page, 'No pudimos aprobar el recuerdo');
      expect(await lucia.getByRole('button', { name: /^Aprobar/ }).isEnabled()).toBe(true);
      await restore();
      await lucia.getByRole('button', { name: /^Aprobar/ }).click();
      await lucia.waitFor({ state: 'detached' });

      // 'Editar datos' without a connection: the form keeps what was written.
      await page.goto('/account/edit-basic-data');
      const name = page.getByLabel('Nombre', { exact: true });
      await name.fill('Rosa Mamani Huamán de Quispe');
      for (const [legend, date] of [['Fecha de nacimiento', ['1941', '03', '12']], ['Fecha de partida', ['2024', '08', '30']]] as const) {
        const group = page.getByRole('group', { name: legend });
        await group.getByLabel('Año').selectOption(date[0]);
        await group.getByLabel('Mes').selectOption(date[1]);
        await group.getByLabel('Día').selectOption(date[2]);
      }
      await page.getByLabel('Epitafio').fill('Siempre con nosotros');
      await page.getByLabel('Lugar de descanso').fill('Cementerio El Ángel, Lima');
      restore = await cut(page, '/person/update-basic-data');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await toast(page, 'No pudimos guardar los cambios');
      expect(await name.inputValue()).toBe('Rosa Mamani Huamán de Quispe');
      expect(new URL(page.url()).pathname).toBe('/account/edit-basic-data');
      await restore();
    } finally {
      await close();
    }
  });

  it('a post the owner could not save keeps what was written, says so, and is saved on Reintentar (issue 13 §4)', async () => {
    const owner = await makeOwner(server, 'reintento');
    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await logIn(page, owner);
      await page.getByText('Aún no has compartido publicaciones.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Deja tu mensaje ...' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deja tu mensaje' });
      await dialog.getByLabel('Mensaje').fill('Misa de un año, el domingo a las 10');
      const restore = await cut(page, '/content/save-admin-message');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const alert = dialog.getByRole('alert');
      await alert.getByText(`No pudimos guardar la publicación. ${CONNECTION}`).waitFor();
      expect(await alert.getByText('Lo que escribiste sigue aquí: puedes reintentarlo.').isVisible()).toBe(true);
      expect(await dialog.getByLabel('Mensaje').inputValue()).toBe('Misa de un año, el domingo a las 10');
      await expectAccessible(page, 'an owner post that failed');
      await restore();
      await alert.getByRole('button', { name: 'Reintentar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await cardTexts(page)).toEqual(['Misa de un año, el domingo a las 10']);
    } finally {
      await close();
    }
  });

  it('a complaint that cannot be sent keeps what was written and says so', async () => {
    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto('/complaints-book');
      await page.getByLabel('Nombres').fill('Rosa');
      await page.getByLabel('Apellidos').fill('Quispe Mamani');
      await page.getByLabel('Correo electrónico').fill(uniqueEmail('reclamo-falla'));
      await page.getByLabel('Número de contrato').fill('C-2026-0042');
      await page.getByLabel('Número de documento').fill('45678912');
      await page.getByLabel('Teléfono').fill('987654321');
      await page.getByLabel('Detalle de la reclamación').fill('El código QR de la placa no se lee bien.');
      await page.getByLabel('Pedido del consumidor').fill('Una placa nueva.');
      const restore = await cut(page, '/internal/complaints');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByRole('alert').filter({ hasText: 'No pudimos registrar tu reclamo' }).filter({ hasText: CONNECTION }).waitFor();
      expect(await page.getByLabel('Detalle de la reclamación').inputValue()).toBe('El código QR de la placa no se lee bien.');
      await expectAccessible(page, 'a failed complaint at 390 px');
      await restore();
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('Número de registro').waitFor();
    } finally {
      await close();
    }
  });

  it('activation and a password link: a lost connection offers Reintentar; a refused link says why on /', async () => {
    const created = await createContract(server, { email: uniqueEmail('activa-falla'), name: 'Carmen', lastname: 'Soto Vega', person: 'Julio Soto Paredes' });
    const { page, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      let restore = await cut(page, '/contract/activate');
      await page.goto(created.activationUrl);
      await page.getByRole('heading', { level: 1, name: 'No pudimos activar tu contrato' }).waitFor();
      await page.getByText(CONNECTION).waitFor();
      await expectAccessible(page, 'activation without a connection at 390 px');
      await restore();
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contrato activado' }).waitFor();

      // The spent link now goes to / and says why.
      await page.goto(created.activationUrl);
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('.toast').filter({ hasText: 'No pudimos activar tu contrato' }).waitFor();

      // A reset link: unknown → / with the reason; without a connection → Reintentar.
      await page.goto('/new-password?token=no-existe-este-enlace');
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('.toast').filter({ hasText: 'Este enlace ya no sirve' }).waitFor();
      restore = await cut(page, '/user/');
      await page.goto('/new-password?token=otro-enlace-cualquiera');
      await page.getByRole('heading', { level: 1, name: 'No pudimos verificar el enlace' }).waitFor();
      expect(await page.getByRole('button', { name: 'Reintentar' }).isVisible()).toBe(true);
      await restore();
    } finally {
      await close();
    }
  });
});
