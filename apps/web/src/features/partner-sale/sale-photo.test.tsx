// The optional first photo on the adviser's form (issue 30 §2): without one the sale goes as JSON,
// as before; a picture chosen but not cropped holds the form with the cropper's Spanish message and
// sends nothing. (The cropped photo reaching the QR page is e2e/partner-print.e2e.ts's.)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPartnerSession } from '../../lib/partner/partner-session';
import { mockApi, renderRoute } from '../../test/render';

const SALE = { contract: 'REC-2026-0001', identifier: 'abc123', person: 'Rosa Quispe', email: 'ana@ejemplo.pe', type: 'U', guestUrl: 'http://recuerdos.test/guest?id=abc123', whatsappUrl: 'https://wa.me/51987654321?text=Hola', photoSaved: null };

afterEach(() => setPartnerSession(null));

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Nombre completo'), 'Rosa Quispe');
  await user.type(screen.getByLabelText('Fecha de fallecimiento'), '2026-01-10');
  await user.type(screen.getByLabelText('Nombres'), 'Ana');
  await user.type(screen.getByLabelText('Apellidos'), 'Quispe');
  await user.type(screen.getByLabelText('DNI'), '45678912');
  await user.selectOptions(screen.getByLabelText('Parentesco con la persona fallecida'), 'hijo');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@ejemplo.pe');
  await user.type(screen.getByLabelText('Celular (WhatsApp)'), '987654321');
  await user.type(screen.getByLabelText('Precio del contrato (S/)'), '350');
  await user.click(screen.getByRole('checkbox', { name: /Declaro que soy familiar/ }));
}

describe('the first photo on the adviser’s form', () => {
  it('a picture chosen but not cropped holds the form and sends nothing; removed, the sale goes as JSON without it', async () => {
    setPartnerSession({ token: 'tok', user: { email: 'luis@funeraria.pe', name: 'Luis Paz', role: 'adviser', partner: 'Funeraria San Martín', branchId: 1 } });
    const calls = mockApi({ 'POST /partner/contracts': () => ({ code: '200', message: 'Memorial creado', data: { sale: SALE } }) });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined }));
    HTMLElement.prototype.scrollIntoView = () => undefined;
    const user = userEvent.setup();
    renderRoute('/socios/vender');
    await fillAll(user);
    await user.upload(screen.getByLabelText('Foto de la persona fallecida'), new File(['\xff\xd8\xff'], 'rosa.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Crear memorial' }));
    expect(await screen.findByText('Selecciona la imagen cortada')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Quitar la foto' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Seleccionar' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Crear memorial' }));
    expect(await screen.findByText(/Creamos el memorial de Rosa Quispe/)).toBeTruthy();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
    expect(sent[0]?.body).toMatchObject({ person: 'Rosa Quispe', dni: '45678912' });
    expect(sent[0]?.body).not.toHaveProperty('picture');
  });
});
