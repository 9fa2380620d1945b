// The contract's price on the adviser's form (issue 30 §6): required, typed the Peruvian ways
// ("350,50" or "350.50"), refused in Spanish when negative, zero or absurd — and then nothing is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PRICE_MESSAGES } from '@recuerdos/shared/money';
import { setPartnerSession } from '../../lib/partner/partner-session';
import { errorsShown, mockApi, renderRoute } from '../../test/render';

const SALE = { contract: 'REC-2026-0001', identifier: 'abc123', person: 'Rosa Quispe', email: 'ana@ejemplo.pe', type: 'U', guestUrl: 'http://recuerdos.test/guest?id=abc123', whatsappUrl: 'https://wa.me/51987654321?text=Hola' };

afterEach(() => setPartnerSession(null));

async function fillAllButPrice(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Nombre completo'), 'Rosa Quispe');
  await user.type(screen.getByLabelText('Fecha de fallecimiento'), '2026-01-10');
  await user.type(screen.getByLabelText('Nombres'), 'Ana');
  await user.type(screen.getByLabelText('Apellidos'), 'Quispe');
  await user.type(screen.getByLabelText('DNI'), '45678912');
  await user.selectOptions(screen.getByLabelText('Parentesco con la persona fallecida'), 'hijo');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@ejemplo.pe');
  await user.type(screen.getByLabelText('Celular (WhatsApp)'), '987654321');
  await user.click(screen.getByRole('checkbox', { name: /Declaro que soy familiar/ }));
}

describe('the price on the adviser’s form', () => {
  it('is required, refuses a negative, zero or absurd price in Spanish without sending, and sends "350,50" as S/ 350.50', async () => {
    setPartnerSession({ token: 'tok', user: { email: 'luis@funeraria.pe', name: 'Luis Paz', role: 'adviser', partner: 'Funeraria San Martín', branchId: 1 } });
    const calls = mockApi({ 'POST /partner/contracts': () => ({ code: '200', message: 'Memorial creado', data: { sale: SALE } }) });
    const user = userEvent.setup();
    renderRoute('/socios/vender');
    await fillAllButPrice(user);
    const price = screen.getByLabelText('Precio del contrato (S/)');
    const create = screen.getByRole('button', { name: 'Crear memorial' });

    await user.click(create);
    await waitFor(() => expect(errorsShown()).toEqual([PRICE_MESSAGES.required]));
    for (const [typed, message] of [['-350', PRICE_MESSAGES.positive], ['0', PRICE_MESSAGES.positive], ['350000', PRICE_MESSAGES.tooHigh], ['tres', PRICE_MESSAGES.invalid]] as const) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(create);
      await waitFor(() => expect(errorsShown()).toEqual([message]));
    }
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '350,50');
    await user.click(create);
    expect(await screen.findByText(/Creamos el memorial de Rosa Quispe/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body.price])).toEqual([['/partner/contracts', '350.50']]);
  });
});
