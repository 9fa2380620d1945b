// Login, forgot-password and new-password pages: every message of spec §5 and the flows of §4.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER, errorsShown, mockApi, renderRoute } from '../../test/render';

describe('/login', () => {
  it('shows the spec messages for missing and malformed input', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(errorsShown()).toEqual(['Ingresa tu correo electrónico', 'Ingresa tu contraseña']);
    const email = screen.getByLabelText('Correo electrónico');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    await user.type(email, 'ana@correo');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(errorsShown()).toEqual(['Correo electrónico inválido']);
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message under the form when the login fails", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /user/login': () => ({ code: '401', message: 'El correo o la contraseña no son correctos' }) });
    renderRoute('/login');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@mail.com');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El correo o la contraseña no son correctos');
  });

  it('logs in with the normalised e-mail, stores the session and goes to /account (replace)', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /user/login': () => ({ code: '200', data: { user: SAMPLE_USER, token: 'tok-login' } }) });
    const { router } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Correo electrónico'), ' Ana@Mail.com ');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByLabelText('Contraseña').getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls[0]?.body).toEqual({ email: 'ana@mail.com', password: 'secreta' });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({ ...SAMPLE_USER, token: 'tok-login' });
    // A fresh login needs no renewal call (the account area then reads its data).
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/user/login']);
  });

  it('links to the forgot-password page and the logo returns to /', async () => {
    renderRoute('/login');
    expect((await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Recuerdos, ir al inicio' }).getAttribute('href')).toBe('/');
  });
});

describe('/forgot-password', () => {
  it('validates the e-mail, then hides the form and shows the success text', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /user/forgot-password': () => ({ code: '200' }) });
    renderRoute('/forgot-password');
    const button = await screen.findByRole('button', { name: 'Enviar solicitud' });
    await user.click(button);
    expect(errorsShown()).toEqual(['Ingresa tu correo electrónico']);
    const email = screen.getByLabelText('Correo electrónico');
    expect(email.getAttribute('maxlength')).toBe('60');
    await user.type(email, 'no-es-correo');
    await user.click(button);
    expect(errorsShown()).toEqual(['Correo electrónico inválido']);
    await user.clear(email);
    await user.type(email, 'ana@mail.com');
    await user.click(button);
    expect(
      (await screen.findByText('En unos minutos te llegará un correo electrónico con un enlace web para que ingreses tu nueva contraseña')).getAttribute(
        'role',
      ),
    ).toBe('status');
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();
    expect(screen.queryByLabelText('Correo electrónico')).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'ana@mail.com' });
  });

  it('shows the four steps, a support contact, and the server text in red on failure', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /user/forgot-password': () => ({ code: '429', message: 'Demasiados intentos. Espera unos minutos.' }) });
    renderRoute('/forgot-password');
    const steps = await screen.findAllByRole('listitem');
    expect(steps.filter((li) => li.closest('ol.auth__steps'))).toHaveLength(4);
    expect(screen.getByText(/carpeta de spam/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '¿Necesitas ayuda?' })).toBeTruthy();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@mail.com');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demasiados intentos. Espera unos minutos.');
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeTruthy();
  });
});

describe('/new-password', () => {
  it('loads the e-mail for the token and shows the spec messages', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET /user/tok-reset': () => ({ code: '200', data: { email: 'ana@mail.com' } }) });
    renderRoute('/new-password?token=tok-reset');
    expect(await screen.findByText('ana@mail.com')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Guardar contraseña' });
    await user.click(save);
    expect(errorsShown()).toEqual(['Ingresa tu nueva contraseña', 'Confirma tu nueva contraseña']);
    await user.type(screen.getByLabelText('Nueva contraseña'), '12345');
    await user.type(screen.getByLabelText('Confirma tu nueva contraseña'), '12345');
    await user.click(save);
    expect(errorsShown()).toEqual(['La contraseña debe tener al menos 6 caracteres']);
    await user.type(screen.getByLabelText('Nueva contraseña'), '6');
    await user.click(save);
    expect(errorsShown()).toEqual(['Las contraseñas con coinciden']);
    expect(calls.map((c) => c.path)).toEqual(['/user/tok-reset']);
  });

  it('sends e-mail, password and token; shows the success text and goes to /login after 3 seconds', async () => {
    const calls = mockApi({
      'GET /user/tok-reset': () => ({ code: '200', data: { email: 'ana@mail.com' } }),
      'POST /user/restore-password': () => ({ code: '200' }),
    });
    const { router } = renderRoute('/new-password?token=tok-reset');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'nueva-clave');
    await user.type(screen.getByLabelText('Confirma tu nueva contraseña'), 'nueva-clave');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
      expect(
        await screen.findByText('Tu contraseña ha sido cambiada exitosamente. Serás redirigido al inicio de sesión en 3 segundos'),
      ).toBeTruthy();
      expect(calls[1]?.body).toEqual({ email: 'ana@mail.com', password: 'nueva-clave', token: 'tok-reset' });
      vi.advanceTimersByTime(2900);
      expect(router.state.location.pathname).toBe('/new-password');
      vi.advanceTimersByTime(200);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server text in red when the restore fails', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /user/tok-reset': () => ({ code: '200', data: { email: 'ana@mail.com' } }),
      'POST /user/restore-password': () => ({ code: '400', message: 'El enlace no es válido o ha expirado' }),
    });
    renderRoute('/new-password?token=tok-reset');
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'nueva-clave');
    await user.type(screen.getByLabelText('Confirma tu nueva contraseña'), 'nueva-clave');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El enlace no es válido o ha expirado');
  });
});
