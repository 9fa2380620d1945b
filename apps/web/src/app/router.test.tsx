// The route table of spec §2: guards and redirects.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SAMPLE_USER, mockApi, renderRoute, storeUser } from '../test/render';

const renewOk = () => ({ code: '200', data: { user: SAMPLE_USER, token: 'tok-2' } });

describe('routes', () => {
  it('shows the landing at / and at any unlisted path', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Un lugar para recordar a quienes amamos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the unlisted URL but renders the landing', async () => {
    const { router } = renderRoute('/no-existe/aqui');
    expect(await screen.findByRole('heading', { level: 1, name: 'Un lugar para recordar a quienes amamos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-existe/aqui');
  });

  it('sends /account to /login without a session', async () => {
    const { router } = renderRoute('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends any other /account/* to /, with or without a session', async () => {
    const { router } = renderRoute('/account/desconocido');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    storeUser();
    mockApi({ 'POST /user/renew-token': renewOk });
    const second = renderRoute('/account/otra/cosa');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'));
  });

  it('sends a logged-in user from /login to /account, once the server confirms the session', async () => {
    storeUser();
    const calls = mockApi({ 'POST /user/renew-token': renewOk });
    const { router } = renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    // One renewal; the account area's own reads (pending posts, banners…) follow it.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/user/renew-token']);
    expect(calls[0]?.path).toBe('/user/renew-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ token: 'tok-2' });
  });

  it('renders each account page behind the login', async () => {
    const pages = [
      ['/account', 'Inicio'],
      ['/account/notifications', 'No tienes mensajes pendientes por aprobar'],
      ['/account/edit-basic-data', 'Editar datos'],
      // Narrow screens (jsdom has no media queries) open the settings menu first.
      ['/account/personal', 'Mi cuenta'],
      ['/account/change-password', 'Cambiar contraseña'],
    ] as const;
    for (const [path, title] of pages) {
      storeUser();
      mockApi({ 'POST /user/renew-token': renewOk });
      const view = renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      view.unmount();
    }
  });

  it('logs out and goes to /login when the stored session is refused', async () => {
    storeUser();
    mockApi({ 'POST /user/renew-token': () => ({ code: '401', message: 'Tu sesión expiró' }) });
    const { router } = renderRoute('/account/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('sends /guest without an id to /', async () => {
    const { router } = renderRoute('/guest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const withId = renderRoute('/guest?id=abc');
    await waitFor(() => expect(withId.router.state.location.pathname).toBe('/guest'));
  });

  it('keeps a visitor on a public memorial whose content fails to load, says so, and loads it on Reintentar (issue 14 §5)', async () => {
    const person = { fullname: 'Rosa Mamani', birthdate: '1941-03-14', deathdate: '2023-09-05', description: 'Siempre', location: 'Lima', profilepath: '' };
    let failing = true;
    mockApi({
      'GET /person/verify-type-account': () => ({ code: '200', data: { type: 'U', fullname: 'Rosa Mamani', flagmsg: '1', flagpic: '1' } }),
      'GET /person/guest-view': () =>
        failing
          ? { code: '500', message: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos' }
          : { code: '200', data: { type: 'U', fullname: 'Rosa Mamani', flagmsg: '1', flagpic: '1', personData: person, gifts: { candles: 0, flowers: 0 }, adminPosts: [], guestPosts: [], events: [], reminders: true } },
    });
    const { router } = renderRoute('/guest?id=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Mamani' })).toBeTruthy();
    expect(screen.queryByText('Cargando el memorial…')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('No pudimos cargar los recuerdos de este memorial. Revisa tu conexión e inténtalo de nuevo.');
    expect(router.state.location.pathname).toBe('/guest');
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('La familia aún no ha compartido publicaciones.')).toBeTruthy();
  });

  it('shows a public memorial on the client-rendered /guest route with one toast region', async () => {
    const person = { fullname: 'Rosa Mamani', birthdate: '1941-03-14', deathdate: '2023-09-05', description: 'Siempre', location: 'Lima', profilepath: '' };
    mockApi({
      'GET /person/verify-type-account': () => ({ code: '200', data: { type: 'U', fullname: 'Rosa Mamani', flagmsg: '1', flagpic: '1' } }),
      'GET /person/guest-view': () => ({
        code: '200',
        data: { type: 'U', fullname: 'Rosa Mamani', flagmsg: '1', flagpic: '1', personData: person, gifts: { candles: 2, flowers: 1 }, adminPosts: [], guestPosts: [], events: [], reminders: true },
      }),
    });
    renderRoute('/guest?id=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Mamani' })).toBeTruthy();
    await screen.findByText('La familia aún no ha compartido publicaciones.');
    // Every toast is announced once: one live region on the page.
    expect(document.querySelectorAll('.toaster')).toHaveLength(1);
  });

  it('sends /new-password without a token, or with an unknown one, to /', async () => {
    const { router } = renderRoute('/new-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    mockApi({ 'GET /user/nope': () => ({ code: '404', message: 'El enlace no es válido o ha expirado' }) });
    const unknown = renderRoute('/new-password?token=nope');
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/'));
  });

  it('serves the legal pages', async () => {
    for (const [path, title] of [
      ['/terminos', 'Términos y condiciones'],
      ['/cookies', 'Política de cookies'],
      ['/privacidad', 'Política de privacidad'],
    ] as const) {
      const view = renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      // The title is set by an effect, which may run just after the heading is on the page.
      await waitFor(() => expect(document.title).toBe(`${title} · Recuerdos`));
      view.unmount();
    }
  });
});
