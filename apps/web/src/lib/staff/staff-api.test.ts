// The back office and the partner area share one API client and one session store (docs/decisions/033)
// but never each other's token: each realm sends only its own header to its own base URL, keeps its
// session under its own key, and a 401 ends only its own session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../operator/admin-api';
import { getOperatorSession, setOperatorSession } from '../operator/operator-session';
import { partnerApi } from '../partner/partner-api';
import { getPartnerSession, setPartnerSession } from '../partner/partner-session';

const OPERATOR = { token: 'token-del-operador', operator: { email: 'lucia@recuerdos.pe', name: 'Lucía' } };
const PARTNER = { token: 'token-del-socio', user: { email: 'rosa@funeraria.pe', name: 'Rosa', role: 'admin' as const, partner: 'Funeraria San Martín', branchId: null } };

const calls: { url: string; headers: Record<string, string> }[] = [];

function answer(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      const body = status === 200 ? { code: '200', message: 'OK', data: {} } : { code: String(status), message: 'Tu sesión expiró. Ingresa nuevamente', data: {} };
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
}

beforeEach(() => {
  calls.length = 0;
  setOperatorSession(OPERATOR);
  setPartnerSession(PARTNER);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOperatorSession(null);
  setPartnerSession(null);
});

describe('two staff realms in one browser tab', () => {
  it('sends each token only in its own header, to its own API', async () => {
    answer(200);
    await adminApi.get('/auth/me');
    await partnerApi.get('/auth/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/auth/me', '/api/partner/auth/me']);
    expect(calls[0]?.headers).toMatchObject({ operator: OPERATOR.token });
    expect(calls[0]?.headers).not.toHaveProperty('partner');
    expect(calls[1]?.headers).toMatchObject({ partner: PARTNER.token });
    expect(calls[1]?.headers).not.toHaveProperty('operator');
  });

  it('keeps the sessions under their own keys, and a 401 ends only the realm that answered it', async () => {
    expect(JSON.parse(window.sessionStorage.getItem('operator') ?? '{}')).toEqual(OPERATOR);
    expect(JSON.parse(window.sessionStorage.getItem('partner') ?? '{}')).toEqual(PARTNER);
    answer(401);
    await expect(partnerApi.get('/memorials')).rejects.toThrow('Tu sesión expiró. Ingresa nuevamente');
    expect(getPartnerSession()).toBeNull();
    expect(window.sessionStorage.getItem('partner')).toBeNull();
    expect(getOperatorSession()).toEqual(OPERATOR);

    await expect(adminApi.get('/complaints')).rejects.toThrow();
    expect(getOperatorSession()).toBeNull();
  });

  it('keeps a half-done sign-in on a 401, so its step can show the error', async () => {
    setOperatorSession({ token: 'paso', operator: null });
    answer(401);
    await expect(adminApi.post('/auth/verify', { code: '123456' })).rejects.toThrow();
    expect(getOperatorSession()).toEqual({ token: 'paso', operator: null });
  });
});
