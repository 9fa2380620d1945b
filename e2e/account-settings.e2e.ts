// The rest of the account area (issue 6) at 390 and 1280 px: 'Editar datos' (messages, date rules,
// 'Dame una idea' (never over the family's own words unless chosen), the photo (the saved one shown
// on return), 'Regresar' on a phone, the preview above 1100 px, save → /account), 'Datos personales' with
// 'Descargar mis recuerdos', 'Cambiar contraseña' (every message, the 5 s success), switching between
// two memorials of one account, the contract banners in their two styles, and 'Cerrar sesión'.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '../packages/shared/src/dates';
import { EMPTY_EDIT_DATA_MESSAGES } from '@recuerdos/shared/testing/spec-messages';
import { readZip } from '../apps/server/test/zip-reader';
import { expectAccessible } from './support/axe';
import { WIDTHS, fieldErrors, horizontalOverflow, openPage } from './support/browser';
import { api, logIn, makeOwner, ownerToken, type Owner } from './support/owner';
import { runAdmin } from './support/server';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

let photoJpeg: Buffer;

beforeAll(async () => {
  photoJpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a07040' } }).jpeg().toBuffer();
});

/** Opens the user menu: the dropdown on a desktop, the profile dialog on a phone. */
async function openUserMenu(page: Page, phone: boolean): Promise<void> {
  if (phone) {
    await page.getByRole('button', { name: 'Mi perfil' }).click();
    await page.getByRole('dialog', { name: 'Mi perfil' }).waitFor();
  } else {
    await page.getByRole('button', { name: /menú de tu cuenta/ }).click();
  }
  await page.getByText('Perfiles', { exact: true }).waitFor();
}

async function optionCount(page: Page, label: string, nth: number): Promise<number> {
  return page.getByLabel(label, { exact: true }).nth(nth).locator('option:not([value=""])').count();
}

describe.each(WIDTHS)('account settings at $name', ({ viewport }) => {
  const phone = viewport.width < 600;

  it('edits the memorial: messages, date rules, an epitaph idea, the photo and the preview', async () => {
    const owner = await makeOwner(server, 'editar');
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await logIn(page, owner);
      await page.getByRole('link', { name: 'Editar datos' }).click();
      await page.waitForURL('**/account/edit-basic-data');
      await page.getByRole('heading', { level: 1, name: 'Editar datos' }).waitFor();
      const name = page.getByLabel('Nombre', { exact: true });
      await name.waitFor();
      expect(await name.inputValue()).toBe('Rosa Mamani Huamán');
      // Spec §2: the preview only above 1100 px. A way back, as Notificaciones has, below it (issue 28 §8).
      expect(await page.getByRole('region', { name: 'Previsualización del perfil' }).count()).toBe(phone ? 0 : 1);
      expect(await page.getByRole('link', { name: 'Regresar' }).count()).toBe(phone ? 1 : 0);

      // Every message of spec §5.
      await name.fill('');
      await page.getByLabel('Epitafio').fill('');
      await page.getByLabel('Lugar de descanso').fill('');
      await page.getByRole('button', { name: 'Guardar' }).click();
      expect(await fieldErrors(page)).toEqual(EMPTY_EDIT_DATA_MESSAGES);
      await expectAccessible(page, `/account/edit-basic-data with errors at ${viewport.width} px`);

      // Years from 1900 to this year; this year's months stop at this month; days follow year and month.
      const today = limaDate();
      const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
      expect(await optionCount(page, 'Año', 0)).toBe(year - 1900 + 1);
      await page.getByLabel('Año', { exact: true }).nth(0).selectOption(String(year));
      expect(await optionCount(page, 'Mes', 0)).toBe(month);
      await page.getByLabel('Año', { exact: true }).nth(0).selectOption('2000');
      expect(await optionCount(page, 'Mes', 0)).toBe(12);
      await page.getByLabel('Mes', { exact: true }).nth(0).selectOption('02');
      expect(await optionCount(page, 'Día', 0)).toBe(29);
      await page.getByLabel('Día', { exact: true }).nth(0).selectOption('29');
      await page.getByLabel('Año', { exact: true }).nth(0).selectOption('2001');
      expect(await optionCount(page, 'Día', 0)).toBe(28);
      expect(await page.getByLabel('Día', { exact: true }).nth(0).inputValue()).toBe('');
      await page.getByLabel('Año', { exact: true }).nth(0).selectOption('1941');
      await page.getByLabel('Mes', { exact: true }).nth(0).selectOption('03');
      await page.getByLabel('Día', { exact: true }).nth(0).selectOption('14');
      await page.getByLabel('Año', { exact: true }).nth(1).selectOption('2023');
      await page.getByLabel('Mes', { exact: true }).nth(1).selectOption('09');
      await page.getByLabel('Día', { exact: true }).nth(1).selectOption('05');

      // 'Dame una idea' fills an empty epitaph…
      await page.getByRole('button', { name: 'Dame una idea' }).click();
      const epitaph = page.getByLabel('Epitafio');
      await expect.poll(() => epitaph.inputValue()).not.toBe('');
      // …but over the family's own words it only offers the idea, kept out unless chosen (issue 28 §7).
      await epitaph.fill('Mamá, siempre con nosotros.');
      // Pressed at the bottom of the screen, as a thumb does.
      const ideaButton = page.getByRole('button', { name: 'Dame una idea' });
      await ideaButton.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
      await ideaButton.click();
      const useIdea = page.getByRole('button', { name: 'Usar esta idea' });
      await useIdea.waitFor();
      await page.getByText('Tu epitafio no cambió. ¿Quieres usar esta idea en su lugar?').waitFor();
      // In sight, even from the bottom of a phone's screen: the offer and both answers.
      const offer = page.locator('.edit-data__idea');
      await expect.poll(() => offer.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight + 1)).toBe(true);
      expect(await epitaph.inputValue()).toBe('Mamá, siempre con nosotros.');
      await expectAccessible(page, `an epitaph idea offered at ${viewport.width} px`);
      const idea = (await page.locator('.edit-data__idea-text').textContent()) ?? '';
      expect(idea).not.toBe('');
      await useIdea.click();
      expect(await epitaph.inputValue()).toBe(idea);
      await page.getByText(`${idea.length}/500`).waitFor();

      await name.fill('Rosa Mamani de Quispe');
      await page.getByLabel('Lugar de descanso').fill('Cementerio El Ángel, Lima');
      // Enter does not submit from the single-line fields.
      await name.press('Enter');
      await page.getByLabel('Lugar de descanso').press('Enter');
      await page.waitForTimeout(700);
      expect(new URL(page.url()).pathname).toBe('/account/edit-basic-data');

      // A death before the birth: one message, in the label's words, under the whole date (issue 14 §6).
      await page.getByLabel('Año', { exact: true }).nth(1).selectOption('1930');
      await page.getByLabel('Mes', { exact: true }).nth(1).selectOption('01');
      await page.getByLabel('Día', { exact: true }).nth(1).selectOption('01');
      await page.getByRole('button', { name: 'Guardar' }).click();
      const deathDate = page.getByRole('group', { name: 'Fecha de partida' });
      const dateError = deathDate.locator('.field__error');
      await dateError.waitFor();
      expect(await dateError.textContent()).toBe('La fecha de partida no puede ser anterior a la de nacimiento');
      expect(await deathDate.getAttribute('aria-describedby')).toBe(await dateError.getAttribute('id'));
      const [groupBox, errorBox] = [await deathDate.boundingBox(), await dateError.boundingBox()];
      expect(errorBox?.width ?? 0).toBeGreaterThan((groupBox?.width ?? 0) * 0.9);
      await page.getByLabel('Año', { exact: true }).nth(1).selectOption('2023');
      await page.getByLabel('Mes', { exact: true }).nth(1).selectOption('09');
      await page.getByLabel('Día', { exact: true }).nth(1).selectOption('05');
      expect(await dateError.count()).toBe(0);

      // The photo, cropped square; the preview shows what will be saved.
      await page.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'rosa.jpg', mimeType: 'image/jpeg', buffer: photoJpeg });
      await page.getByRole('button', { name: 'Seleccionar' }).click();
      await page.getByRole('img', { name: 'Tu foto recortada' }).waitFor();
      if (!phone) {
        const preview = page.getByRole('region', { name: 'Previsualización del perfil' });
        await preview.getByText('Previsualización', { exact: true }).waitFor();
        await preview.getByRole('heading', { name: 'Rosa Mamani de Quispe' }).waitFor();
        await preview.getByText('Cementerio El Ángel, Lima').waitFor();
        expect(await preview.getByRole('img', { name: 'Foto de Rosa Mamani de Quispe' }).getAttribute('src')).toMatch(/^blob:/);
        await expectAccessible(page, `/account/edit-basic-data with the preview at ${viewport.width} px`);
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      const historyLength = await page.evaluate(() => history.length);
      const saved = page.waitForResponse((r) => r.url().includes('/api/person/update-basic-data'));
      await page.getByRole('button', { name: 'Guardar' }).click();
      const reply = (await (await saved).json()) as { data: { profilepath: string } };
      await page.waitForURL((url) => url.pathname === '/account');
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      await page.getByRole('heading', { level: 1, name: 'Rosa Mamani de Quispe' }).waitFor();
      const card = page.getByRole('region', { name: 'Perfil de Rosa Mamani de Quispe' });
      await card.getByText('14 de Mar').waitFor();
      await card.getByText('05 de Set').waitFor();
      await card.getByText(idea).waitFor();
      expect(reply.data.profilepath).toMatch(/^\/media\/.+\.jpg$/);
      expect(await card.getByRole('img', { name: 'Foto de Rosa Mamani de Quispe' }).getAttribute('src')).toBe(reply.data.profilepath);
      const stored = Buffer.from(await (await fetch(`${server.baseUrl}${reply.data.profilepath}`)).arrayBuffer());
      expect(await sharp(stored).metadata()).toMatchObject({ width: 300, height: 300 });
      // A new picture changes the session's profile path (the user menu's picture).
      await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { profilepath?: string }).profilepath)).toBe(reply.data.profilepath);

      // Back in 'Editar datos', the saved photo shows, not an empty picker (issue 28 §8); 'Regresar' leads home on a phone.
      await page.getByRole('link', { name: 'Editar datos' }).click();
      await page.waitForURL('**/account/edit-basic-data');
      const current = page.getByRole('img', { name: 'Foto actual de Rosa Mamani de Quispe' });
      await current.waitFor();
      expect(await current.getAttribute('src')).toBe(reply.data.profilepath);
      await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      if (phone) {
        await page.getByRole('link', { name: 'Regresar' }).click();
        await page.waitForURL((url) => url.pathname === '/account');
      }
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the personal data, downloads the memories and changes the password', async () => {
    const owner: Owner = await makeOwner(server, 'personal');
    const id = owner.memorials[0]?.identifier ?? '';
    const token = await ownerToken(server, owner);
    await api(server, 'POST', '/content/save-admin-message', { token, body: { identifier: id, message: 'Siempre contigo' } });
    const form = new FormData();
    form.append('identifier', id);
    form.append('message', 'En Paracas');
    form.append('postPicture', new Blob([new Uint8Array(photoJpeg)], { type: 'image/jpeg' }), 'paracas.jpg');
    expect((await api(server, 'POST', '/content/save-admin-message', { token, form })).code).toBe('200');

    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      // Page timers under the test's control (the 5 s success below), running at their own pace until paused.
      await page.clock.install();
      await logIn(page, owner);
      await openUserMenu(page, phone);
      await page.getByRole('link', { name: 'Mi cuenta' }).click();
      await page.waitForURL('**/account/personal');
      await page.getByText('Hola, Ana Quispe Rojas').first().waitFor();
      if (phone) {
        // The menu first; 'Datos personales' shows the content, 'Regresar' the menu again.
        await page.getByRole('navigation', { name: 'Configuración de tu cuenta' }).waitFor();
        // A page of its own, not a bare list: its title, the e-mail, and what each entry holds (issue 14 §6).
        await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();
        await page.getByText(owner.email, { exact: true }).waitFor();
        const personalEntry = page.getByRole('link', { name: 'Datos personales' });
        expect(await personalEntry.getAttribute('aria-current')).toBeNull();
        expect(await page.locator(`#${await personalEntry.getAttribute('aria-describedby')}`).textContent()).toBe('Tu nombre y tu correo');
        await expectAccessible(page, `/account/personal menu at ${viewport.width} px`);
        await page.getByRole('link', { name: 'Datos personales' }).click();
        await page.getByRole('heading', { level: 1, name: 'Datos personales' }).waitFor();
        await page.getByRole('button', { name: 'Regresar' }).click();
        await page.getByRole('link', { name: 'Datos personales' }).click();
      }
      await page.getByRole('heading', { level: 1, name: 'Datos personales' }).waitFor();
      expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Ana Quispe Rojas');
      expect(await page.getByLabel('Nombre completo').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(owner.email);
      await expectAccessible(page, `/account/personal at ${viewport.width} px`);

      // 'Descargar mis recuerdos': the memorial, its posts and their pictures, in one ZIP.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar mis recuerdos' }).click()]);
      expect(download.suggestedFilename()).toBe('recuerdos-rosa-mamani-huaman.zip');
      // The browser itself followed the single-use link (streamed to disk, not fetched into the page).
      const link = new URL(download.url());
      expect(link.pathname).toBe('/api/person/export');
      expect(link.searchParams.get('ticket')).toMatch(/^[\w-]{20,}$/);
      const entries = readZip(await fs.readFile(await download.path()));
      const names = entries.map((e) => e.name).sort();
      expect(names).toEqual([
        'recuerdos-rosa-mamani-huaman/fotos/familia-001.jpg',
        'recuerdos-rosa-mamani-huaman/index.html',
        'recuerdos-rosa-mamani-huaman/recuerdos.json',
      ]);
      const json = JSON.parse(entries.find((e) => e.name.endsWith('.json'))?.data.toString('utf8') ?? '{}') as { publicacionesDeLaFamilia: { texto: string }[] };
      expect(json.publicacionesDeLaFamilia.map((p) => p.texto)).toEqual(['En Paracas', 'Siempre contigo']);
      await page.getByText('Tu descarga comenzó', { exact: false }).waitFor();

      // 'Cambiar contraseña': every message, the server's refusal, the success for 5 s.
      if (phone) await page.getByRole('button', { name: 'Regresar' }).click();
      await page.getByRole('link', { name: 'Cambiar contraseña' }).click();
      await page.waitForURL('**/account/change-password');
      await page.getByRole('heading', { level: 1, name: 'Cambiar contraseña' }).waitFor();
      await page.getByText('Hola, Ana Quispe Rojas').first().waitFor();
      await page.getByRole('link', { name: 'Regresar' }).waitFor();
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      expect(await fieldErrors(page)).toEqual(['Ingresa tu contraseña actual', 'Ingresa tu contraseña nueva', 'Repite tu contraseña nueva']);
      await expectAccessible(page, `/account/change-password with errors at ${viewport.width} px`);
      await page.getByLabel('Contraseña actual', { exact: true }).fill('equivocada');
      await page.getByLabel('Contraseña nueva', { exact: true }).fill('abc');
      await page.getByLabel('Repite tu contraseña nueva', { exact: true }).fill('abd');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      expect(await fieldErrors(page)).toEqual(['La contraseña debe tener al menos 6 caracteres', 'Las contraseñas no coinciden']);
      await page.getByRole('button', { name: 'Mostrar contraseña nueva' }).click();
      expect(await page.getByLabel('Contraseña nueva', { exact: true }).getAttribute('type')).toBe('text');
      await page.getByLabel('Contraseña nueva', { exact: true }).fill('nueva-clave-2026');
      await page.getByLabel('Repite tu contraseña nueva', { exact: true }).fill('nueva-clave-2026');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('La contraseña actual no es correcta');
      await page.getByLabel('Contraseña actual', { exact: true }).fill(owner.password);
      // Time stands still from here: the success message's 5 s are counted by the test, not by the machine.
      await page.clock.pauseAt(Date.now() + 1000);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      const success = page.getByText('Tu contraseña fue cambiada exitosamente');
      await success.waitFor();
      expect(await page.getByLabel('Contraseña actual', { exact: true }).inputValue()).toBe('');
      await page.clock.fastForward(4_900);
      expect(await success.isVisible()).toBe(true);
      await page.clock.fastForward(200);
      await success.waitFor({ state: 'detached' });
      await page.clock.resume();

      // 'Cerrar sesión' from the settings menu; the new password works.
      if (phone) await page.getByRole('link', { name: 'Regresar' }).click();
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/login');
      await logIn(page, { ...owner, password: 'nueva-clave-2026' });
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('switches between two memorials of one account, shows the banners in their styles, and signs out', async () => {
    const owner = await makeOwner(server, 'perfiles', ['Rosa Mamani Huamán', 'Juan Quispe Paredes']);
    const [rosa, juan] = owner.memorials;
    if (!rosa || !juan) throw new Error('two memorials expected');
    await runAdmin(server, ['add-disclaimer', '--identifier', juan.identifier, '--type', 'R', '--title', 'Pago vencido', '--descr', 'Tu cuota de noviembre está vencida.']);
    await runAdmin(server, ['add-disclaimer', '--identifier', juan.identifier, '--type', 'W', '--title', 'Mantenimiento', '--descr', 'El domingo el servicio estará en pausa unos minutos.']);

    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await logIn(page, owner, 'Rosa Mamani Huamán');
      // The SPA's /login route, where a switch goes (spec §4), is held on its way: the switch waits
      // for it, so the chosen memorial renders once, at /account, and is not taken away and back.
      let releaseLoginRoute = (): void => undefined;
      const loginRouteHeld = new Promise<void>((resolve) => (releaseLoginRoute = resolve));
      await page.route(/\/assets\/login-route-[\w-]+\.js$/, async (route) => {
        await loginRouteHeld;
        await route.continue();
      });
      expect(await page.getByRole('region', { name: 'Avisos de tu contrato' }).count()).toBe(0);
      // The owner is shown by their initials, never by the photo of the person they lost (issue 14 §6).
      const ownerPicture = page.locator(phone ? '.mobile-bar__profile .avatar' : '.user-dropdown__button .avatar');
      expect(await ownerPicture.textContent()).toBe('AQ');
      expect(await ownerPicture.evaluate((el) => el.tagName)).toBe('SPAN');
      await openUserMenu(page, phone);
      expect(await page.locator('.user-menu__who .avatar').textContent()).toBe('AQ');
      const current = page.getByRole('button', { name: /Rosa Mamani Huamán/ });
      expect(await current.getAttribute('aria-current')).toBe('true');
      expect(await page.getByRole('button', { name: /Juan Quispe Paredes/ }).getAttribute('aria-current')).toBeNull();
      await expectAccessible(page, `user menu at ${viewport.width} px`);

      await page.evaluate(() => {
        const removed: string[] = [];
        (window as unknown as { removedHeadings: string[] }).removedHeadings = removed;
        new MutationObserver((records) => {
          for (const record of records) {
            record.removedNodes.forEach((node) => {
              if (!(node instanceof Element)) return;
              if (node.tagName === 'H1') removed.push(node.textContent);
              node.querySelectorAll('h1').forEach((heading) => removed.push(heading.textContent));
            });
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      const juanOption = page.getByRole('button', { name: /Juan Quispe Paredes/ });
      await juanOption.click();
      // While the route's code is on its way the chosen profile says so, and nothing has switched yet.
      expect(await juanOption.getAttribute('aria-busy')).toBe('true');
      expect(await page.getByRole('heading', { level: 1, name: 'Rosa Mamani Huamán' }).count()).toBe(1);
      // The owner closes the menu before it comes: they changed their mind, and nothing switches.
      await page.keyboard.press('Escape');
      await juanOption.waitFor({ state: 'detached' });
      const loginRouteArrived = page.waitForResponse(/\/assets\/login-route-[\w-]+\.js$/);
      releaseLoginRoute();
      await loginRouteArrived;
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(new URL(page.url()).pathname).toBe('/account');
      expect(await page.getByRole('heading', { level: 1, name: 'Rosa Mamani Huamán' }).count()).toBe(1);
      expect((JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { identifier: string }).identifier).toBe(rosa.identifier);

      // Chosen again, with the code here now, the switch goes.
      await openUserMenu(page, phone);
      await juanOption.click();
      await page.getByRole('heading', { level: 1, name: 'Juan Quispe Paredes' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/account');
      const removedHeadings = await page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings);
      expect(removedHeadings.filter((text) => text.includes('Juan'))).toEqual([]);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { identifier: string });
      expect(stored.identifier).toBe(juan.identifier);
      expect(await page.getByLabel('Código de acceso para los visitantes').inputValue()).toBe(juan.accessCode);

      // This memorial's banners: R in the error style, W in the warning style.
      const banners = page.getByRole('region', { name: 'Avisos de tu contrato' });
      await banners.getByText('Pago vencido').waitFor();
      expect(await banners.locator('.banner--error').textContent()).toBe('Pago vencidoTu cuota de noviembre está vencida.');
      expect(await banners.locator('.banner--warning').textContent()).toBe('MantenimientoEl domingo el servicio estará en pausa unos minutos.');
      await expectAccessible(page, `/account with banners at ${viewport.width} px`);

      await openUserMenu(page, phone);
      expect(await page.getByRole('button', { name: /Juan Quispe Paredes/ }).getAttribute('aria-current')).toBe('true');
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string }).token);
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      expect((await api(server, 'POST', '/user/renew-token', { token, body: {} })).code).toBe('401');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
