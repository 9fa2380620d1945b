// /socios/memoriales (issue 30 §3, §4, §5): each memorial says until when its funeral phase lasts;
// one not yet activated offers "Corregir ritos", a dialog with its rites that sends the whole list
// and, when the family activated it meanwhile, shows the server's Spanish 409 message; memorials
// chosen together print as one PDF.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerMemorialData } from '@recuerdos/shared/partner-api-types';
import { setPartnerSession } from '../../lib/partner/partner-session';
import { mockApi, renderRoute } from '../../test/render';

const BASE: PartnerMemorialData = {
  contract: 'A-1',
  person: 'Rosa Quispe',
  branch: 'Sede Miraflores',
  seller: 'Luis Paz',
  state: 'pending',
  soldAt: '2026-11-20T15:00:00.000Z',
  activatedAt: null,
  visits: 3,
  memories: 0,
  guestUrl: 'http://recuerdos.test/guest?id=rosa',
  canCorrectRites: true,
  funeralUntil: '2026-12-27',
  rites: [{ kind: 'velorio', title: '', date: '2026-11-26', time: '19:00', place: 'Sala 3', mapUrl: '' }],
};
const ACTIVE: PartnerMemorialData = { ...BASE, contract: 'A-2', person: 'Juan Mamani', state: 'active', activatedAt: '2026-11-21T15:00:00.000Z', canCorrectRites: false, funeralUntil: null, rites: [] };

const LIST = { 'GET /partner/memorials': () => ({ code: '200', data: { memorials: [BASE, ACTIVE] } }) };

beforeEach(() => setPartnerSession({ token: 'p-1', user: { email: 'luis@funeraria.pe', name: 'Luis Paz', role: 'adviser', partner: 'Funeraria San Martín', branchId: 1 } }));
afterEach(() => setPartnerSession(null));

describe('the partner’s list of memorials', () => {
  it('says until when the funeral phase lasts, or that it ended, and offers "Corregir ritos" only before activation', async () => {
    mockApi(LIST);
    renderRoute('/socios/memoriales');
    const rosa = (await screen.findByRole('heading', { name: 'Rosa Quispe' })).closest('li') as HTMLElement;
    const juan = screen.getByRole('heading', { name: 'Juan Mamani' }).closest('li') as HTMLElement;
    expect(within(rosa).getByText('Etapa del funeral hasta el 27 de diciembre del 2026')).toBeTruthy();
    expect(within(juan).getByText('La etapa del funeral terminó: el memorial ya es solo de la familia')).toBeTruthy();
    expect(within(rosa).getByRole('button', { name: 'Corregir ritos de Rosa Quispe' })).toBeTruthy();
    expect(within(juan).queryByRole('button', { name: /Corregir ritos/ })).toBeNull();
  });

  it('corrects the rites in a dialog: shows the current ones, sends the whole list, closes on success', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ ...LIST, 'POST /partner/memorials/A-1/rites': () => ({ code: '200', message: 'Ceremonias actualizadas', data: {} }) });
    renderRoute('/socios/memoriales');
    await user.click(await screen.findByRole('button', { name: 'Corregir ritos de Rosa Quispe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corregir ritos de Rosa Quispe' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Lugar').value).toBe('Sala 3');
    await user.clear(within(dialog).getByLabelText('Lugar'));
    await user.type(within(dialog).getByLabelText('Lugar'), 'Sala 5');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar ceremonia' }));
    await user.selectOptions(within(dialog).getByLabelText('Ceremonia 2'), 'cremacion');
    await user.type(within(dialog).getAllByLabelText('Fecha')[1] as HTMLElement, '2026-11-27');
    await user.type(within(dialog).getAllByLabelText('Lugar')[1] as HTMLElement, 'Crematorio Jardines');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ritos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Ceremonias actualizadas')).toBeTruthy();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent.map((call) => call.path)).toEqual(['/partner/memorials/A-1/rites']);
    expect(sent[0]?.body).toEqual({
      rites: [
        { kind: 'velorio', title: '', date: '2026-11-26', time: '19:00', place: 'Sala 5', mapUrl: '' },
        { kind: 'cremacion', title: '', date: '2026-11-27', time: '', place: 'Crematorio Jardines', mapUrl: '' },
      ],
    });
  });

  it('a bad rite is refused in the dialog and nothing is sent; the 409 after activation shows its Spanish message', async () => {
    const user = userEvent.setup();
    const handedOver = 'La familia ya activó este memorial: ahora es suyo y solo ella puede cambiarlo';
    const calls = mockApi({ ...LIST, 'POST /partner/memorials/A-1/rites': () => ({ code: '409', message: handedOver }) });
    renderRoute('/socios/memoriales');
    await user.click(await screen.findByRole('button', { name: 'Corregir ritos de Rosa Quispe' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Lugar'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ritos' }));
    expect(await within(dialog).findByText('Escribe el lugar de la ceremonia')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Lugar'), 'Sala 5');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ritos' }));
    expect(await within(dialog).findByText(handedOver)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('prints the chosen memorials as one PDF, in the list’s order', async () => {
    const user = userEvent.setup();
    const calls = mockApi(LIST);
    renderRoute('/socios/memoriales');
    const button = await screen.findByRole('button', { name: 'Placas 10 × 10 cm (PDF)' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('Elegir para imprimir varios: Juan Mamani'));
    await user.click(screen.getByLabelText('Elegir para imprimir varios: Rosa Quispe'));
    expect(screen.getByText('2 memoriales elegidos.')).toBeTruthy();
    const urls: string[] = [];
    const fetchMock = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) => {
      urls.push(url);
      return url.includes('/print/') ? Promise.resolve(new Response(new Blob(['%PDF']), { status: 200 })) : fetchMock(url, init);
    }) as typeof fetch;
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => undefined;
    await user.click(screen.getByRole('button', { name: 'Recordatorios de billetera (PDF)' }));
    await waitFor(() => expect(urls).toEqual(['/api/partner/print/cards.pdf?numbers=A-1%2CA-2&size=wallet']));
    expect(calls.filter((call) => call.path.startsWith('/partner/print'))).toHaveLength(0);
  });
});
