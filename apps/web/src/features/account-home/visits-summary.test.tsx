// The owner's visit figures (issue 29 §4): asked for the current memorial with the owner's session,
// shown with their Spanish labels beside the candles and flowers.
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { SAMPLE_USER, mockApi, storeUser } from '../../test/render';
import { VisitsSummary } from './components/visits-summary';

function renderSummary() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <VisitsSummary />
    </QueryClientProvider>,
  );
}

/** Each figure's label and value, in the order shown to a screen reader. */
function figures(): [string, string][] {
  const list = screen.getByRole('region', { name: 'Visitas al memorial' });
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']);
}

describe('the owner’s visit figures', () => {
  it('shows the last seven days, 1 and 2 November of its year, and the total', async () => {
    storeUser();
    const calls = mockApi({ 'GET /visit/get-visits': () => ({ code: '200', data: { visits: { week: 12, total: 1480, november: { year: 2026, visits: 315 } } } }) });
    renderSummary();
    expect(await screen.findByText('1 y 2 de noviembre de 2026')).toBeTruthy();
    expect(figures()).toEqual([
      ['Últimos 7 días', '12'],
      ['1 y 2 de noviembre de 2026', '315'],
      // Grouped as Peru writes numbers.
      ['Desde el inicio', '1,480'],
    ]);
    expect(screen.getByText(/No se cuentan tus propias visitas ni las vistas previas/)).toBeTruthy();
    // Asked for the current memorial, as its owner.
    expect(calls[0]?.headers.token).toBe(SAMPLE_USER.token);
  });

  it('says so in Spanish when the figures cannot be loaded', async () => {
    storeUser();
    mockApi({ 'GET /visit/get-visits': () => ({ code: '500', message: 'Error' }) });
    renderSummary();
    expect(await screen.findByText('No pudimos cargar las visitas. Vuelve a intentarlo en unos minutos.')).toBeTruthy();
  });
});
