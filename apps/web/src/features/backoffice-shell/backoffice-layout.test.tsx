// The back office's bar marks one section at a time: the page's own, the longest section path the
// address starts with ("Estados de socios" on /admin/socios/estado, not "Socios" as well).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setOperatorSession } from '../../lib/operator/operator-session';
import { mockApi, renderRoute } from '../../test/render';

afterEach(() => setOperatorSession(null));

async function marked(path: string): Promise<string[]> {
  setOperatorSession({ token: 'op', operator: { email: 'ops@recuerdos.pe', name: 'Operadora' } });
  mockApi({
    'GET /admin/partners': () => ({ code: '200', data: { partners: [] } }),
    'GET /admin/audit': () => ({ code: '200', data: { entries: [], next: null } }),
  });
  renderRoute(path);
  const nav = await screen.findByRole('navigation', { name: 'Secciones' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('the back office’s sections', () => {
  it('marks only "Estados de socios" on its page, and "Socios" on the partners’ pages', async () => {
    expect(await marked('/admin/socios/estado')).toEqual(['Estados de socios']);
  });

  it('marks "Socios" on the list of partners', async () => {
    expect(await marked('/admin/socios')).toEqual(['Socios']);
  });
});
