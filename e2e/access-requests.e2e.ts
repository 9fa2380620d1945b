// A relative without the code asks the family (issue 29 §1–3) on a 390 × 844 phone, with axe on each
// screen: on the code screen "¿No tienes el código? Pídeselo a la familia", the form (its messages,
// the consent), the one answer; the family's e-mail and its link to the owner's panel; "Dar acceso";
// the personal link from the e-mail opens the memorial without the code; the family takes the access
// back and the next page is the code screen again.
import { describe, expect, it } from 'vitest';
import { ACCESS_REQUEST_MESSAGES, accessRequestConsentText } from '@recuerdos/shared/access-requests';
import { MESSAGES } from '@recuerdos/shared/messages';
import { expectAccessible } from './support/axe';
import { PHONE, fieldErrors, horizontalOverflow, openPage, smallTargets } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { accountLive, logIn, makeOwner, uniqueEmail } from './support/owner';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

describe('asking the family for access on a phone', () => {
  it('request → e-mail → approve → the personal link opens the memorial; taken back → the code screen', async () => {
    const owner = await makeOwner(server, 'pide-acceso', ['Julia Mamani Ccori']);
    const memorial = owner.memorials[0];
    if (!memorial) throw new Error('no memorial');
    const niece = uniqueEmail('sobrina');

    const visitor = await openPage(browser, server.baseUrl, PHONE);
    const family = await openPage(browser, server.baseUrl, PHONE);
    try {
      const { page } = visitor;
      await page.goto(`/guest?id=${memorial.identifier}`);
      await page.locator('.toaster').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: '¿No tienes el código? Pídeselo a la familia' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pídele acceso a la familia' });
      await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
      await expect.poll(() => fieldErrors(page)).toEqual([MESSAGES.guestNameRequired, MESSAGES.emailRequired, ACCESS_REQUEST_MESSAGES.consentRequired]);
      await expectAccessible(page, 'the request form at 390 px');
      await dialog.getByLabel('Tu nombre').fill('Rosa Quispe');
      await dialog.getByLabel('Tu correo electrónico').fill(niece);
      await dialog.getByLabel('Mensaje para la familia (opcional)').fill('Soy su sobrina de Arequipa.');
      await dialog.getByLabel(accessRequestConsentText('Julia Mamani Ccori')).check();
      await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(ACCESS_REQUEST_MESSAGES.requested).waitFor();
      await expectAccessible(page, 'the code screen after asking at 390 px');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await smallTargets(page)).toEqual([]);

      // The family's e-mail names her and her message, and its link opens the panel.
      const asked = await waitForMail(server.smtp, owner.email, 'Rosa Quispe te pide acceso al memorial de Julia Mamani Ccori');
      expect(asked.text).toContain('Soy su sobrina de Arequipa.');
      const answerLink = linkIn(asked, server.baseUrl, '/account');
      expect(answerLink.endsWith('#solicitudes-de-acceso')).toBe(true);

      await logIn(family.page, owner, 'Julia Mamani Ccori');
      await family.page.goto(answerLink);
      const panel = family.page.getByRole('region', { name: 'Solicitudes de acceso' });
      await panel.getByText('«Soy su sobrina de Arequipa.»').waitFor();
      await expectAccessible(family.page, 'the requests panel at 390 px');
      expect(await smallTargets(family.page)).toEqual([]);
      await panel.getByRole('button', { name: 'Dar acceso a Rosa Quispe' }).click();
      await family.page.getByText(ACCESS_REQUEST_MESSAGES.approved).waitFor();
      await panel.getByText(`${niece} · aún no abre su enlace`).waitFor();

      // Her personal link opens the memorial without the code, and leaves the address bar clean.
      const granted = await waitForMail(server.smtp, niece, 'Ya puedes visitar el memorial de Julia Mamani Ccori');
      const personal = linkIn(granted, server.baseUrl, '/guest?id=');
      expect(personal).toMatch(/#acceso=[\w-]{40,}$/);
      // Opened from the e-mail: a new page load (the same tab, had it still shown the code screen,
      // would take the link too: the fragment is watched).
      await page.goto('about:blank');
      await page.goto(personal);
      await page.getByRole('heading', { level: 1, name: 'Julia Mamani Ccori', exact: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Publicaciones' }).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await expectAccessible(page, 'the memorial opened by a personal link at 390 px');

      // The family takes it back: her next page is the code screen.
      await family.page.reload();
      await accountLive(family.page);
      await panel.getByText(/abrió su enlace el/).waitFor();
      await panel.getByRole('button', { name: 'Quitar el acceso de Rosa Quispe' }).click();
      const confirm = family.page.getByRole('dialog', { name: 'Quitar el acceso' });
      await expectAccessible(family.page, 'the take-back dialog at 390 px');
      await confirm.getByRole('button', { name: 'Quitar acceso' }).click();
      await family.page.getByText(ACCESS_REQUEST_MESSAGES.revoked).waitFor();
      await page.reload();
      await page.getByLabel('Código de acceso').waitFor();
      await page.getByRole('button', { name: '¿No tienes el código? Pídeselo a la familia' }).waitFor();
      expect(visitor.problems).toEqual([]);
      expect(family.problems).toEqual([]);
    } finally {
      await visitor.close();
      await family.close();
    }
  });
});
