// The optional first photo on the adviser's form (issue 30 §2): without one the sale goes as JSON,
// as before; a picture chosen but not cropped holds the form with the cropper's Spanish message and
// sends nothing. (The cropped photo reaching the QR page is e2e/partner-print.e2e.ts's.)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPartnerSession } from '../../lib/partner/partner-session';
import { mockApi, renderRoute } from '../../test/render';
import { SALE, fillSaleForm, signInAdviser } from './sale-form.fixtures';

afterEach(() => setPartnerSession(null));

describe('the first photo on the adviser’s form', () => {
  it('a picture chosen but not cropped holds the form and sends nothing; removed, the sale goes as JSON without it', async () => {
    signInAdviser();
    const calls = mockApi({ 'POST /partner/contracts': () => ({ code: '200', message: 'Memorial creado', data: { sale: SALE } }) });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined }));
    HTMLElement.prototype.scrollIntoView = () => undefined;
    const user = userEvent.setup();
    renderRoute('/socios/vender');
    await fillSaleForm(user, '350');
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
