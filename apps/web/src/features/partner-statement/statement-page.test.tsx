// /socios/estado (issue 30 §6): the partner admin's month with the amounts the families paid and
// the commission in soles, the sales without a price said as such, and the PDF of the same month.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import type { PartnerStatementData } from '@recuerdos/shared/partner-api-types';
import { setPartnerSession } from '../../lib/partner/partner-session';
import { mockApi, renderRoute } from '../../test/render';

const month = limaDate().slice(0, 7);
const STATEMENT: PartnerStatementData = {
  month,
  partner: 'Funeraria San Martín',
  legalName: 'Servicios Funerarios San Martín S.A.C.',
  ruc: '20100047218',
  commissionBp: 1250,
  commissionPercent: 12.5,
  rows: [{ branch: 'Sede Surco', seller: 'Ana Ríos', created: 3, activated: 1, unpriced: 2, amountCents: 120000, commissionCents: 15000 }],
  total: { created: 3, activated: 1, unpriced: 2, amountCents: 120000, commissionCents: 15000 },
};

afterEach(() => setPartnerSession(null));

describe('the partner admin’s statement', () => {
  it('shows the amounts and commission in soles, says how many sales have no price, and downloads the month’s PDF', async () => {
    setPartnerSession({ token: 'p-admin', user: { email: 'rosa@funeraria.pe', name: 'Rosa Díaz', role: 'admin', partner: 'Funeraria San Martín', branchId: null } });
    const calls = mockApi({ 'GET /partner/statement': () => ({ code: '200', data: { statement: STATEMENT } }) });
    const user = userEvent.setup();
    renderRoute('/socios/estado');
    const table = await screen.findByRole('table', { name: /Funeraria San Martín · RUC 20100047218 · .* · comisión 12.5 %/ });
    const row = within(table).getByRole('row', { name: /Sede Surco/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent.replace(/\u00a0/g, ' '))).toEqual(['Sede Surco', 'Ana Ríos', '3', '1', 'S/ 1,200.002 ventas sin precio registrado', 'S/ 150.00']);
    expect(calls[0]?.headers).toMatchObject({ partner: 'p-admin' });

    const urls: string[] = [];
    const fetchMock = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) => {
      urls.push(url);
      return url.includes('statement.pdf') ? Promise.resolve(new Response(new Blob(['%PDF']), { status: 200 })) : fetchMock(url, init);
    }) as typeof fetch;
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => undefined;
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(urls).toEqual([`/api/partner/statement.pdf?month=${month}`]));
  });
});
