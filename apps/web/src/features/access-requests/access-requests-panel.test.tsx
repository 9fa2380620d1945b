// The owner's "Solicitudes de acceso" panel (issue 29 §2): what the family sees of a request and of the
// people with a personal link, and what each answer sends — declining sends nothing to the person
// unless the family ticks the gentle line; taking access back asks first.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AccessRequestsData } from '@recuerdos/shared/access-requests';
import { createQueryClient } from '../../app/query-client';
import { SAMPLE_PERSON, mockApi, storeUser } from '../../test/render';
import { AccessRequestsPanel } from './components/access-requests-panel';

const DATA: AccessRequestsData = {
  requests: [{ id: 7, name: 'Rosa Quispe', email: 'rosa@example.pe', message: 'Soy su sobrina de Arequipa.', date: '2026-11-02T15:00:00.000Z' }],
  grants: [{ id: 3, name: 'Tío Lucho', email: 'lucho@example.pe', date: '2026-10-01T15:00:00.000Z', lastOpened: null }],
  blocked: [],
};

function renderPanel(person = SAMPLE_PERSON) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AccessRequestsPanel person={person} />
    </QueryClientProvider>,
  );
}

describe('the owner’s access requests', () => {
  it('shows who asks, with their message, and who has a personal link', async () => {
    storeUser();
    mockApi({ 'GET /access-requests/list': () => ({ code: '200', data: DATA }) });
    renderPanel();
    const pending = await screen.findByRole('list', { name: 'Solicitudes pendientes' });
    expect(within(pending).getByText('Rosa Quispe')).toBeTruthy();
    expect(within(pending).getByText('rosa@example.pe · 2 de noviembre del 2026')).toBeTruthy();
    expect(within(pending).getByText('«Soy su sobrina de Arequipa.»')).toBeTruthy();
    const granted = screen.getByRole('list', { name: 'Personas con enlace personal' });
    expect(within(granted).getByText('lucho@example.pe · aún no abre su enlace')).toBeTruthy();
  });

  it('declines without a word to the person unless the family chooses the gentle line', async () => {
    storeUser();
    const calls = mockApi({
      'GET /access-requests/list': () => ({ code: '200', data: DATA }),
      'POST /access-requests/decline': () => ({ code: '200', message: 'Solicitud rechazada' }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar la solicitud de Rosa Quispe' }));
    const dialog = screen.getByRole('dialog', { name: 'Rechazar la solicitud' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/access-requests/decline')?.body).toEqual({ identifier: 'mem-1', request: 7, notify: false }));

    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar la solicitud de Rosa Quispe' }));
    const again = screen.getByRole('dialog', { name: 'Rechazar la solicitud' });
    fireEvent.click(within(again).getByRole('checkbox'));
    fireEvent.click(within(again).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/access-requests/decline').at(-1)?.body).toEqual({ identifier: 'mem-1', request: 7, notify: true }));
  });

  it('asks before taking access back, then sends it', async () => {
    storeUser();
    const calls = mockApi({
      'GET /access-requests/list': () => ({ code: '200', data: DATA }),
      'POST /access-grants/revoke': () => ({ code: '200', message: 'Listo' }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar el acceso de Tío Lucho' }));
    expect(calls.some((c) => c.path === '/access-grants/revoke')).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Quitar el acceso' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar acceso' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/access-grants/revoke')?.body).toEqual({ identifier: 'mem-1', grant: 3 }));
  });

  it('is not shown on a public memorial with nothing in it', async () => {
    storeUser();
    const calls = mockApi({ 'GET /access-requests/list': () => ({ code: '200', data: { requests: [], grants: [], blocked: [] } }) });
    const { container } = renderPanel({ ...SAMPLE_PERSON, type: 'U' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
