// The back office's copy of a partner's statement (issue 30 §6): the operator chooses a partner and a
// month; the table shows the amounts and commission in soles, the sales without a price, and the
// totals; choosing another partner opens its statement.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PartnerStatementData } from '@recuerdos/shared/partner-api-types';
import { setOperatorSession } from '../../lib/operator/operator-session';
import { mockApi, renderRoute } from '../../test/render';

const STATEMENT: PartnerStatementData = {
  month: '2026-11',
  partner: 'Funeraria San Martín',
  legalName: 'Servicios Funerarios San Martín S.A.C.',
  ruc: '20100047218',
  commissionBp: 1250,
  commissionPercent: 12.5,
  rows: [
    { branch: 'Sede Miraflores', seller: 'Luis Paz', created: 2, activated: 1, unpriced: 0, amountCents: 70120, commissionCents: 8766 },
    { branch: 'Sede Surco', seller: 'Ana Ríos', created: 2, activated: 0, unpriced: 1, amountCents: 120000, commissionCents: 15000 },
  ],
  total: { created: 4, activated: 1, unpriced: 1, amountCents: 190120, commissionCents: 23766 },
};

const PARTNERS = [
  { id: 7, name: 'Funeraria San Martín', ruc: '20100047218', suspended: false },
  { id: 9, name: 'Camposanto Los Olivos', ruc: '20131312955', suspended: true },
];

afterEach(() => setOperatorSession(null));

const cells = (row: HTMLElement | undefined) => (row ? within(row).getAllByRole('cell').map((cell) => cell.textContent.replace(/\u00a0/g, ' ')) : []);

describe('a partner’s statement in the back office', () => {
  it('shows the month’s amounts and commission per branch and adviser, and opens another partner’s', async () => {
    setOperatorSession({ token: 'op', operator: { email: 'ops@recuerdos.pe', name: 'Operadora' } });
    const calls = mockApi({
      'GET /admin/partners': () => ({ code: '200', data: { partners: PARTNERS } }),
      'GET /admin/partners/7/statement': () => ({ code: '200', data: { statement: STATEMENT } }),
      'GET /admin/partners/9/statement': () => ({ code: '200', data: { statement: { ...STATEMENT, partner: 'Camposanto Los Olivos', ruc: '20131312955', rows: [], total: { created: 0, activated: 0, unpriced: 0, amountCents: 0, commissionCents: 0 } } } }),
    });
    const user = userEvent.setup();
    renderRoute('/admin/socios/7/estado?month=2026-11');

    const table = await screen.findByRole('table', { name: /Funeraria San Martín · RUC 20100047218 · noviembre del 2026 · comisión 12.5 %/ });
    const [, miraflores, surco, total] = within(table).getAllByRole('row');
    expect(cells(miraflores)).toEqual(['Sede Miraflores', 'Luis Paz', '2', '1', 'S/ 701.20', 'S/ 87.66']);
    expect(cells(surco)).toEqual(['Sede Surco', 'Ana Ríos', '2', '0', 'S/ 1,200.001 venta sin precio registrado', 'S/ 150.00']);
    expect(total ? within(total).getByRole('rowheader').textContent : null).toBe('Total');
    expect(cells(total)).toEqual(['4', '1', 'S/ 1,901.201 venta sin precio registrado', 'S/ 237.66']);
    expect(calls.find((call) => call.path === '/admin/partners/7/statement')?.headers).toMatchObject({ operator: 'op' });

    await user.selectOptions(screen.getByLabelText('Socio'), 'Camposanto Los Olivos · RUC 20131312955 (suspendido)');
    expect(await screen.findByText('No hay memoriales registrados en noviembre del 2026.')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/admin/partners/9/statement')).toBe(true));
  });
});
