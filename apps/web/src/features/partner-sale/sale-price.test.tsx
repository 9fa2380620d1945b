// The contract's price on the adviser's form (issue 30 §6): required, typed the Peruvian ways
// ("350,50" or "350.50"), refused in Spanish when negative, zero or absurd — and then nothing is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PRICE_MESSAGES } from '@recuerdos/shared/money';
import { setPartnerSession } from '../../lib/partner/partner-session';
import { errorsShown, mockApi, renderRoute } from '../../test/render';
import { SALE, fillSaleForm, signInAdviser } from './sale-form.fixtures';

afterEach(() => setPartnerSession(null));

describe('the price on the adviser’s form', () => {
  it('is required, refuses a negative, zero or absurd price in Spanish without sending, and sends "350,50" as S/ 350.50', async () => {
    signInAdviser();
    const calls = mockApi({ 'POST /partner/contracts': () => ({ code: '200', message: 'Memorial creado', data: { sale: SALE } }) });
    const user = userEvent.setup();
    renderRoute('/socios/vender');
    await fillSaleForm(user);
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
