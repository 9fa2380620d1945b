// /account/notifications: the heading with the count, the empty state, and a post leaving the list
// (and the badge) once approved.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SAMPLE_USER, mockApi, renderRoute, storeUser } from '../../test/render';
import { pendingHeading } from './components/notifications-page';

const renewOk = () => ({ code: '200', data: { user: SAMPLE_USER, token: 'tok-2' } });

describe('pending messages', () => {
  it('says the count in the singular or plural (spec §2)', () => {
    expect(pendingHeading(1)).toBe('1 mensaje pendiente por aprobar');
    expect(pendingHeading(0)).toBe('0 mensajes pendientes por aprobar');
    expect(pendingHeading(7)).toBe('7 mensajes pendientes por aprobar');
  });

  it('approves a post: it leaves the list, the heading and the badge follow', async () => {
    storeUser();
    let pending = [
      { reg: '2026-11-20 10:00:00.000', date: '2026-11-20 10:00:00.000', fullname: 'Lucía', text: 'Gracias, tía', path: '' },
      { reg: '2026-11-21 10:00:00.000', date: '2026-11-21 10:00:00.000', fullname: 'Pedro', text: 'Un abrazo', path: '' },
    ];
    const calls = mockApi({
      'POST /user/renew-token': renewOk,
      'GET /content/get-guest-pending-posts': () => ({ code: '200', data: { posts: pending } }),
      'GET /contract/get-disclaimers': () => ({ code: '200', data: { disclaimers: [] } }),
      'POST /content/approve-message': (call) => {
        pending = pending.filter((p) => p.reg !== call.body.date);
        return { code: '200' };
      },
    });
    renderRoute('/account/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: '2 mensajes pendientes por aprobar' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    const lucia = screen.getByRole('article', { name: 'Recuerdo de Lucía' });
    expect(within(lucia).getByText('20 de noviembre del 2026')).toBeTruthy();
    await userEvent.click(within(lucia).getByRole('button', { name: 'Aprobar el recuerdo de Lucía' }));
    expect(await screen.findByRole('heading', { level: 1, name: '1 mensaje pendiente por aprobar' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    expect(screen.queryByRole('article', { name: 'Recuerdo de Lucía' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Recuerdo de Pedro' })).toBeTruthy();
    const approve = calls.find((c) => c.path === '/content/approve-message');
    expect(approve?.body).toEqual({ identifier: 'mem-1', date: '2026-11-20 10:00:00.000' });
    expect(approve?.headers['Content-Type']).toBe('application/json');
  });

  it('shows the empty state', async () => {
    storeUser();
    mockApi({
      'POST /user/renew-token': renewOk,
      'GET /content/get-guest-pending-posts': () => ({ code: '200', data: { posts: [] } }),
      'GET /contract/get-disclaimers': () => ({ code: '200', data: { disclaimers: [] } }),
    });
    renderRoute('/account/notifications');
    expect(await screen.findByText('No tienes mensajes pendientes por aprobar')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
  });
});
