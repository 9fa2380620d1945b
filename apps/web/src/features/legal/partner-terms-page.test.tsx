// /socios/condiciones (issue 30 §5): public, reached from the partner sign-in page's footer, and it
// says that every QR code is the memorial's permanent link, that the family owns the memorial from
// activation, and under which law the family's data are treated.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../test/render';

describe('the partner terms page', () => {
  it('is linked from the partner sign-in page and says what a funeral home may not do, the QR codes’ permanence and Ley 29733', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = renderRoute('/socios');
    await user.click(await screen.findByRole('link', { name: 'Condiciones para funerarias y camposantos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Condiciones para funerarias y camposantos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/socios/condiciones');
    expect(screen.getByRole('heading', { name: '2. Lo que la funeraria no puede hacer' })).toBeTruthy();
    expect(screen.getByText(/Leer el contenido de un memorial privado/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3. Los códigos QR son permanentes' })).toBeTruthy();
    expect(screen.getByText(/sigue\s+funcionando aunque termine la relación de la funeraria con Recuerdos/)).toBeTruthy();
    expect(screen.getByText(/Desde que lo activa, el memorial es suyo/)).toBeTruthy();
    expect(screen.getByText(/Ley N\.° 29733, Ley de Protección de Datos Personales/)).toBeTruthy();
  });
});
