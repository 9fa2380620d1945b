// The back office (issue 15) in Chromium at 390 and 1280 px, with axe on every screen: an operator
// made with `admin create-operator` sets a password with the printed link, enrols the authenticator
// (a code computed from the key on the page), keeps the recovery codes, answers a complaint (the
// consumer's e-mail is read back), finds a contract, hides a memory a visitor reported with
// 'Reportar' on the guest page (the family's e-mail is read back; visitors no longer get it), and
// reads it all in the audit trail.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/test/operators';
import { expectAccessible } from './support/axe';
import { WIDTHS, horizontalOverflow, openPage, pageHydrated } from './support/browser';
import { waitForMail } from './support/mail';
import { api, logIn, makeOwner, ownerToken, uniqueEmail } from './support/owner';
import { runAdmin } from './support/server';
import { uniqueRuc } from '../apps/server/test/partners';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser({ TRUST_PROXY: '1' });

async function accessible(page: Page, where: string, phone: boolean): Promise<void> {
  await expectAccessible(page, where);
  if (phone) expect(await horizontalOverflow(page), `${where} scrolls sideways`).toBe(0);
}

describe.each(WIDTHS)('the back office at $name', ({ name, viewport }) => {
  const phone = viewport.width < 600;

  it('runs the business from /admin: login with TOTP, a complaint answered, a contract, a reported memory hidden, the audit trail', async () => {
    // A family's public memorial with a memory, and a consumer's complaint.
    const owner = await makeOwner(server, 'familia-bo');
    const memorial = owner.memorials[0];
    if (!memorial) throw new Error('no memorial');
    const token = await ownerToken(server, owner);
    expect((await api(server, 'POST', '/person/update-profile-type', { token, body: { identifier: memorial.identifier, type: 'U' } })).code).toBe('200');
    const memoryText = `Una foto que no es de mamá (${name})`;
    expect((await api(server, 'POST', '/content/save-admin-message', { token, body: { identifier: memorial.identifier, message: memoryText } })).code).toBe('200');
    const consumer = uniqueEmail('consumidor');
    const filed = await api<{ number: string }>(server, 'POST', '/internal/complaints', {
      ip: `10.77.${viewport.width % 250}.1`,
      body: { date: '05/06/2026', name: 'Ñusta', lastname: 'Quispe', email: consumer, contract: 'REC-2026-00001', document: '45678912', phone: '987654321', type: '1', detail: 'No puedo entrar a mi cuenta.', order: 'Que me ayuden a entrar.' },
    });
    expect(filed.code, filed.message).toBe('200');
    const complaintNumber = filed.data.number;

    // A visitor reports the memory on the guest page.
    const visitor = await openPage(browser, server.baseUrl, viewport);
    try {
      await visitor.page.goto(`/guest?id=${memorial.identifier}`);
      await visitor.page.getByText(memoryText).waitFor();
      await pageHydrated(visitor.page);
      await visitor.page.getByRole('button', { name: 'Reportar este recuerdo' }).first().click();
      const dialog = visitor.page.getByRole('dialog', { name: 'Reportar este recuerdo' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
      await dialog.getByText('Elige el motivo del reporte').waitFor();
      await accessible(visitor.page, `el diálogo de reporte (${name})`, false);
      await dialog.getByLabel('Expone datos o imágenes privadas').check();
      await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
      await visitor.page.getByText('Gracias. Nuestro equipo revisará este recuerdo').waitFor();
      expect(visitor.problems, visitor.problems.join('\n')).toEqual([]);
    } finally {
      await visitor.close();
    }

    // The operator: made on the command line, password from the printed link.
    const email = uniqueEmail('operador');
    const created = JSON.parse(await runAdmin(server, ['create-operator', '--email', email, '--name', 'Lucía Torres', '--json'])) as { setPasswordUrl: string };
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto(new URL(created.setPasswordUrl).pathname + new URL(created.setPasswordUrl).search);
      await page.getByText(`Crea la contraseña de ${email}`, { exact: false }).waitFor();
      await accessible(page, `crear contraseña (${name})`, phone);
      await page.getByLabel('Contraseña nueva', { exact: true }).fill('una clave larga y segura');
      await page.getByLabel('Repite la contraseña', { exact: true }).fill('una clave larga y segura');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText('Tu contraseña fue creada. Ya puedes ingresar').waitFor();
      await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();

      // Login: password, then the authenticator set up with the key shown on the page.
      await page.getByRole('heading', { level: 1, name: 'Administración de Recuerdos' }).waitFor();
      await accessible(page, `inicio de sesión (${name})`, phone);
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('una clave larga y segura');
      await page.getByRole('button', { name: 'Continuar' }).click();
      const secret = (await page.locator('.bo-secret').textContent({ timeout: 15_000 })) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect.poll(() => page.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' }).isVisible()).toBe(true);
      await accessible(page, `activar verificación en dos pasos (${name})`, phone);
      await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Activar y entrar' }).click();
      const codes = page.getByRole('list', { name: 'Códigos de recuperación' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);
      await accessible(page, `códigos de recuperación (${name})`, phone);
      await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();

      // The complaints book: the complaint, answered and e-mailed.
      await page.getByRole('heading', { level: 1, name: 'Libro de Reclamaciones' }).waitFor();
      await page.getByRole('link', { name: complaintNumber }).waitFor();
      await accessible(page, `libro de reclamaciones (${name})`, phone);
      await page.getByRole('link', { name: complaintNumber }).click();
      await page.getByRole('heading', { level: 1, name: `Reclamo N.° ${complaintNumber}` }).waitFor();
      await accessible(page, `un reclamo (${name})`, phone);
      await page.getByLabel('Respuesta al consumidor').fill('Ya restablecimos tu acceso. Gracias por avisarnos.');
      await page.getByRole('button', { name: 'Revisar y enviar respuesta' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Enviar esta respuesta?' });
      await confirm.waitFor();
      await accessible(page, `confirmar la respuesta (${name})`, false);
      await confirm.getByRole('button', { name: 'Sí, enviar respuesta' }).click();
      await page.getByText('Respuesta registrada y enviada al consumidor').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Agregar una nota' }).waitFor();
      const answer = await waitForMail(server.smtp, consumer, `Respuesta a tu reclamo N.° ${complaintNumber}`);
      expect(answer.text).toContain('Ya restablecimos tu acceso. Gracias por avisarnos.');
      expect(answer.text).toContain('Lucía Torres');

      // Contracts: found by the owner's e-mail.
      await page.getByRole('link', { name: 'Contratos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contratos' }).waitFor();
      await page.getByRole('searchbox').fill(owner.email);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => page.locator('.bo-table tbody tr').count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('cell', { name: memorial.person }).waitFor();
      await accessible(page, `contratos (${name})`, phone);
      await page.getByRole('row', { name: new RegExp(memorial.person) }).getByRole('link').click();
      await page.getByRole('heading', { level: 2, name: 'Avisos para la familia' }).waitFor();
      await accessible(page, `un contrato (${name})`, phone);

      // Reports: the memory in context, hidden; the family is told why.
      await page.getByRole('link', { name: 'Reportes' }).click();
      await page.getByText(memoryText).waitFor();
      await accessible(page, `reportes (${name})`, phone);
      const card = page.getByRole('listitem').filter({ hasText: memoryText });
      await card.getByRole('button', { name: /^Ocultar recuerdo/ }).click();
      const hide = page.getByRole('dialog', { name: 'Ocultar este recuerdo' });
      await hide.getByLabel('Motivo (lo leerá la familia)').fill('La foto no corresponde a este memorial.');
      await accessible(page, `ocultar un recuerdo (${name})`, false);
      await hide.getByRole('button', { name: 'Ocultar y avisar a la familia' }).click();
      await page.getByText('Ocultamos el recuerdo y le escribimos a la familia').waitFor();
      const told = await waitForMail(server.smtp, owner.email, /^Ocultamos un recuerdo/);
      expect(told.text).toContain('La foto no corresponde a este memorial.');
      const visible = await api<{ posts: { text: string }[] }>(server, 'GET', `/content/get-admin-posts-for-guest?id=${memorial.identifier}`);
      expect(visible.data.posts.map((p) => p.text)).not.toContain(memoryText);

      // The audit trail.
      await page.getByRole('link', { name: 'Auditoría' }).click();
      await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
      await page.getByRole('cell', { name: 'Respondió un reclamo' }).first().waitFor();
      await page.getByRole('cell', { name: 'Ocultó un recuerdo reportado' }).first().waitFor();
      await accessible(page, `auditoría (${name})`, phone);

      // A partner's monthly statement, the back office's copy (issue 30 §6).
      const ruc = uniqueRuc();
      await runAdmin(server, ['create-partner', '--name', `Funeraria del Estado ${viewport.width}`, '--ruc', ruc, '--commission', '12.5', '--json']);
      await page.getByRole('link', { name: 'Estados de socios' }).click();
      await page.getByRole('heading', { level: 1, name: 'Estado de cuenta de socios' }).waitFor();
      await page.getByLabel('Socio').selectOption({ label: `Funeraria del Estado ${viewport.width} · RUC ${ruc}` });
      const statement = page.getByRole('table', { name: new RegExp(`Funeraria del Estado ${viewport.width} · RUC ${ruc} · .* · comisión 12.5 %`) });
      await statement.getByRole('rowheader', { name: 'Total' }).waitFor();
      await statement.getByText(/No hay memoriales registrados en/).waitFor();
      await accessible(page, `estado de cuenta de un socio (${name})`, phone);

      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByRole('button', { name: 'Continuar' }).waitFor();
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }

    // The family still sees the memory in the account area, marked hidden with the reason.
    const family = await openPage(browser, server.baseUrl, viewport);
    try {
      await logIn(family.page, owner);
      await family.page.getByText(memoryText).waitFor();
      await family.page.getByText('Oculto por el equipo de Recuerdos.').waitFor();
      expect(await family.page.getByRole('note').first().textContent()).toContain('La foto no corresponde a este memorial.');
      await accessible(family.page, `la cuenta de la familia con un recuerdo oculto (${name})`, phone);
      expect(family.problems, family.problems.join('\n')).toEqual([]);
    } finally {
      await family.close();
    }
  }, 240_000);
});
