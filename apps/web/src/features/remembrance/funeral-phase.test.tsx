// The family ends the funeral phase from the ceremonies panel (issue 30 §4): the panel says until
// when the memorial shows the funeral home; "Quitar a la funeraria ahora" asks first, and only the
// confirmation sends anything.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { Toaster } from '../../components/toast';
import { SAMPLE_PERSON, mockApi, storeUser } from '../../test/render';
import { CeremoniesPanel } from './components/ceremonies-panel';

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CeremoniesPanel person={SAMPLE_PERSON} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const REMINDERS = { 'GET /reminders/settings': () => ({ code: '200', data: { enabled: true, subscribers: 0 } }) };

describe('the funeral phase in the ceremonies panel', () => {
  beforeEach(() => storeUser());

  it('asks before ending it, sends nothing on "Cancelar", and ends it on confirmation', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...REMINDERS,
      'GET /events/list': () => ({ code: '200', data: { events: [], funeral: { partner: 'Funeraria San Martín', until: '2026-12-27' } } }),
      'POST /events/end-funeral-phase': () => ({ code: '200', message: 'Listo: tu memorial ya no muestra a la funeraria', data: {} }),
    });
    renderPanel();
    expect(await screen.findByText(/Hasta el 27 de diciembre del 2026, el memorial muestra primero las ceremonias y la línea «Con el acompañamiento de Funeraria San Martín»/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Quitar a la funeraria ahora' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar a la funeraria del memorial?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Quitar a la funeraria ahora' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, quitarla' }));
    expect(await screen.findByText('Listo: tu memorial ya no muestra a la funeraria')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Quitar a la funeraria ahora' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([['/events/end-funeral-phase', { identifier: 'mem-1' }]]);
  });

  it('says nothing of a funeral home when there is no phase', async () => {
    mockApi({ ...REMINDERS, 'GET /events/list': () => ({ code: '200', data: { events: [], funeral: null } }) });
    renderPanel();
    await screen.findByRole('button', { name: 'Agregar una ceremonia' });
    await screen.findByText('Nadie recibe recordatorios todavía.');
    expect(screen.queryByText(/Con el acompañamiento de/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar a la funeraria ahora' })).toBeNull();
  });
});
