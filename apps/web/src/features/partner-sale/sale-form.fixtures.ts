// What the adviser's form tests share: a signed-in adviser, the API's answer to a sale, and the
// form filled as a wake's adviser would (the price optional, for the tests of the price itself).
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setPartnerSession } from '../../lib/partner/partner-session';

export const SALE = {
  contract: 'REC-2026-0001',
  identifier: 'abc123',
  person: 'Rosa Quispe',
  email: 'ana@ejemplo.pe',
  type: 'U',
  guestUrl: 'http://recuerdos.test/guest?id=abc123',
  whatsappUrl: 'https://wa.me/51987654321?text=Hola',
  photoSaved: null,
};

export function signInAdviser(): void {
  setPartnerSession({ token: 'tok', user: { email: 'luis@funeraria.pe', name: 'Luis Paz', role: 'adviser', partner: 'Funeraria San Martín', branchId: 1 } });
}

/** Every required field but the price; with `price`, that too. */
export async function fillSaleForm(user: ReturnType<typeof userEvent.setup>, price?: string): Promise<void> {
  await user.type(await screen.findByLabelText('Nombre completo'), 'Rosa Quispe');
  await user.type(screen.getByLabelText('Fecha de fallecimiento'), '2026-01-10');
  await user.type(screen.getByLabelText('Nombres'), 'Ana');
  await user.type(screen.getByLabelText('Apellidos'), 'Quispe');
  await user.type(screen.getByLabelText('DNI'), '45678912');
  await user.selectOptions(screen.getByLabelText('Parentesco con la persona fallecida'), 'hijo');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@ejemplo.pe');
  await user.type(screen.getByLabelText('Celular (WhatsApp)'), '987654321');
  if (price !== undefined) await user.type(screen.getByLabelText('Precio del contrato (S/)'), price);
  await user.click(screen.getByRole('checkbox', { name: /Declaro que soy familiar/ }));
}
