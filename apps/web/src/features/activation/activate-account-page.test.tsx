import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../test/render';

describe('/activate-account', () => {
  it('activates once, then replaces the URL and shows the confirmation', async () => {
    const calls = mockApi({ 'POST /contract/activate': () => ({ code: '200' }) });
    const { router } = renderRoute('/activate-account?contract=C-77&token=tok-act');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contrato activado' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ contract: 'C-77', token: 'tok-act' });
    expect(screen.getByText('Notificación de contrato aprobado', { exact: false })).toBeTruthy();
    expect(screen.getByText('Disfruta tu servicio')).toBeTruthy();
  });

  it('goes to / when the activation fails', async () => {
    mockApi({ 'POST /contract/activate': () => ({ code: '404', message: 'El enlace no es válido o ha expirado' }) });
    const { router } = renderRoute('/activate-account?contract=C-78&token=bad');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the confirmation without parameters and calls nothing', async () => {
    const calls = mockApi({});
    renderRoute('/activate-account?contract=C-79');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contrato activado' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
