// /account/notifications: the heading with the count, the empty state, a post leaving the list
// (and the badge) once approved, and a denial asked first and then said (issue 28 §3).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SAMPLE_USER, mockApi, renderRoute, storeUser } from '../../test/render';
import { pendingHeading, pendingKinds } from './components/notifications-page';

const renewOk = () => ({ code: '200', data: { user: SAMPLE_USER, token: 'tok-2' } });

type Pending = { reg: string; date: string; fullname: string; text: string; path: string };
const post = (day: number, fullname: string, text: string): Pending => ({ reg: `2026-11-${day} 10:00:00.000`, date: `2026-11-${day} 10:00:00.000`, fullname, text, path: '' });

/** The account area with these pending posts; approving or denying one takes it off the list. */
function mockPending(posts: Pending[]) {
  let pending = posts;
  const moderate = (call: { body: Record<string, string> }) => {
    pending = pending.filter((p) => p.reg !== call.body.date);
    return { code: '200' };
  };
  return mockApi({
    'POST /user/renew-token': renewOk,
    'GET /content/get-guest-pending-posts': () => ({ code: '200', data: { posts: pending } }),
    'GET /contract/get-disclaimers': () => ({ code: '200', data: { disclaimers: [] } }),
    'POST /content/approve-message': moderate,
    'POST /content/deny-message': moderate,
  });
}

describe('pending messages', () => {
  it('says the count in the singular or plural (spec §2)', () => {
    expect(pendingHeading(1)).toBe('1 mensaje pendiente por aprobar');
    expect(pendingHeading(0)).toBe('0 mensajes pendientes por aprobar');
    expect(pendingHeading(7)).toBe('7 mensajes pendientes por aprobar');
  });

  it('approves a post: it leaves the list, the heading and the badge follow', async () => {
    storeUser();
    const calls = mockPending([post(20, 'Lucía', 'Gracias, tía'), post(21, 'Pedro', 'Un abrazo')]);
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

  it('asks before denying a memory (denying deletes it), keeps it on "No, mantener", and says what happened', async () => {
    storeUser();
    const calls = mockPending([post(20, 'Lucía', 'Gracias, tía')]);
    renderRoute('/account/notifications');
    const deny = await screen.findByRole('button', { name: 'Rechazar el recuerdo de Lucía' });
    await userEvent.click(deny);
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar el recuerdo de Lucía?' });
    expect(within(dialog).getByText('Se eliminará y no se mostrará en el perfil. Esta acción no se puede deshacer.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, mantener' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/content/deny-message')).toEqual([]);
    expect(screen.getByRole('article', { name: 'Recuerdo de Lucía' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Rechazar el recuerdo de Lucía' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, rechazar' }));
    expect(await screen.findByText('Recuerdo rechazado')).toBeTruthy();
    expect(screen.getByText('El recuerdo de Lucía se eliminó y no se verá en el perfil.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Recuerdo de Lucía' })).toBeNull();
    expect(calls.filter((c) => c.path === '/content/deny-message').map((c) => c.body)).toEqual([{ identifier: 'mem-1', date: '2026-11-20 10:00:00.000' }]);
  });

  it('counts what waits by its kind: a photo or a video is not a message (issue 28 §12)', () => {
    expect(pendingKinds([{ path: '' }, { path: '' }])).toBe('');
    expect(pendingKinds([{ path: '/m/a.jpg' }])).toBe('1 foto');
    expect(pendingKinds([{ path: '/m/a.jpg' }, { path: '/m/b.png' }, { path: '/m/c.mp4' }])).toBe('2 fotos y 1 video');
    expect(pendingKinds([{ path: '' }, { path: '/m/a.jpg' }, { path: '/m/c.mp4' }, { path: '/m/d.mp4' }])).toBe('1 mensaje, 1 foto y 2 videos');
  });

  it('shows the kinds under the heading when photos or videos wait', async () => {
    storeUser();
    mockPending([post(20, 'Lucía', 'Gracias, tía'), { ...post(21, 'Pedro', ''), path: '/media/p.jpg' }, { ...post(22, 'Rosa', ''), path: '/media/r.jpg' }]);
    renderRoute('/account/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: '3 mensajes pendientes por aprobar' })).toBeTruthy();
    expect(screen.getByText('1 mensaje y 2 fotos')).toBeTruthy();
  });

  it('shows the empty state once, as the heading, without a zero count', async () => {
    storeUser();
    mockPending([]);
    renderRoute('/account/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'No tienes mensajes pendientes por aprobar' })).toBeTruthy();
    expect(screen.queryByText(/^0 /)).toBeNull();
    expect(screen.getAllByText('No tienes mensajes pendientes por aprobar')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
  });
});

describe("a visitor's video still converting (issue 26)", () => {
  it('says so with its progress instead of a player that cannot play yet, then shows the video with its poster without a reload', async () => {
    storeUser();
    const video = { reg: '2026-11-22 10:00:00.000', date: '2026-11-22 10:00:00.000', fullname: 'Julián', text: '', path: '/media/s/x/pending/abc.mp4' };
    let ready = false;
    mockApi({
      'POST /user/renew-token': renewOk,
      'GET /content/get-guest-pending-posts': () => ({
        code: '200',
        data: { posts: [ready ? { ...video, poster: '/media/s/x/pending/abc-poster.jpg' } : { ...video, processing: { progress: 40 } }] },
      }),
      'GET /contract/get-disclaimers': () => ({ code: '200', data: { disclaimers: [] } }),
    });
    renderRoute('/account/notifications');
    const card = await screen.findByRole('article', { name: 'Recuerdo de Julián' });
    expect(within(card).getByRole('status').textContent).toBe('Procesando el video… 40 %');
    expect(card.querySelector('video')).toBeNull();
    // The family may approve it meanwhile.
    expect(within(card).getByRole('button', { name: 'Aprobar el recuerdo de Julián' })).toBeTruthy();
    ready = true;
    await waitFor(() => expect(card.querySelector('video')?.getAttribute('poster')).toBe('/media/s/x/pending/abc-poster.jpg'), { timeout: 10_000 });
    expect(within(card).queryByRole('status')).toBeNull();
  }, 15_000);
});
