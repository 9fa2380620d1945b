import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import { EMPTY_COMPLAINT_PAGE_MESSAGES } from '@recuerdos/shared/testing/spec-messages';
import { errorsShown, mockApi, renderRoute } from '../../test/render';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombres'), 'Rosa');
  await user.type(screen.getByLabelText('Apellidos'), 'Quispe Mamani');
  await user.type(screen.getByLabelText('Correo electrónico'), 'rosa@mail.com');
  await user.type(screen.getByLabelText('Número de contrato'), 'C-2026-0001');
  await user.type(screen.getByLabelText(/Número de documento/), '45678912');
  await user.type(screen.getByLabelText('Teléfono'), '987654321');
  await user.click(screen.getByLabelText('Queja'));
  await user.type(screen.getByLabelText('Detalle de la reclamación'), 'No pude ingresar a mi cuenta.');
  await user.type(screen.getByLabelText(/Pedido del consumidor/), 'Que revisen mi acceso.');
}

describe('/complaints-book', () => {
  it("prefills today's date (dd/mm/yyyy, Lima) and the claim type", async () => {
    renderRoute('/complaints-book');
    expect(await screen.findByRole('heading', { level: 1, name: 'Libro de Reclamaciones' })).toBeTruthy();
    const [year, month, day] = limaDate().split('-');
    expect(screen.getByLabelText<HTMLInputElement>('Fecha').value).toBe(`${day}/${month}/${year}`);
    expect(screen.getByLabelText<HTMLInputElement>('Reclamo').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Queja').checked).toBe(false);
  });

  it('shows the provider, its RUC and address, contact data, social links and the 15 business days', async () => {
    renderRoute('/complaints-book');
    expect(await screen.findByText('Recuerdos Perú S.A.C.')).toBeTruthy();
    expect(screen.getByText('20600000001')).toBeTruthy();
    expect(screen.getAllByText(/15 días hábiles/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '+51 999 888 777' }).getAttribute('href')).toBe('tel:+51999888777');
    expect(screen.getByRole('link', { name: 'contacto@recuerdos.pe' }).getAttribute('href')).toBe('mailto:contacto@recuerdos.pe');
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Instagram' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TikTok' })).toBeTruthy();
  });

  it('shows every message of spec §5 for an empty form', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderRoute('/complaints-book');
    await user.clear(await screen.findByLabelText('Fecha'));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(errorsShown()).toEqual(EMPTY_COMPLAINT_PAGE_MESSAGES);
    await user.type(screen.getByLabelText('Correo electrónico'), 'rosa@');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(errorsShown()).toContain('Correo electrónico inválido');
    expect(calls).toHaveLength(0);
  });

  it('sends every field and shows the success text', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /internal/complaints': () => ({ code: '200', data: { number: '2026-000007' } }) });
    renderRoute('/complaints-book');
    await screen.findByLabelText('Fecha');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Tu Reclamo o Queja se envió con éxito')).toBeTruthy();
    expect(screen.getByText('2026-000007')).toBeTruthy();
    const [year, month, day] = limaDate().split('-');
    expect(calls[0]?.body).toEqual({
      date: `${day}/${month}/${year}`,
      name: 'Rosa',
      lastname: 'Quispe Mamani',
      email: 'rosa@mail.com',
      contract: 'C-2026-0001',
      document: '45678912',
      phone: '987654321',
      type: '2',
      detail: 'No pude ingresar a mi cuenta.',
      order: 'Que revisen mi acceso.',
    });
  });

  it('keeps the form and says why when sending fails (issue 14 §5)', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /internal/complaints': () => ({ code: '500', message: 'Error' }) });
    renderRoute('/complaints-book');
    await screen.findByLabelText('Fecha');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const button = await screen.findByRole('button', { name: 'Enviar' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Tu Reclamo o Queja se envió con éxito')).toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos registrar tu reclamo. Error');
    expect(alert.textContent).toContain('Lo que escribiste sigue aquí');
    expect(screen.getByLabelText<HTMLInputElement>('Nombres').value).toBe('Rosa');
  });
});
