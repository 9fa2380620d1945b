import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptServerSession,
  clearGuestSession,
  getSessionState,
  getSessionView,
  handOverFreshLogin,
  needsRenewal,
  renderAsOwner,
  renewGuestSession,
  renewUserSession,
  resetSessionForTests,
  setGuestToken,
  setProfilePath,
  signIn,
  signOut,
  switchPerson,
  useUserSession,
} from './session';

const storedUser = { email: 'ana@mail.com', name: 'Ana', lastname: 'Paz', identifier: 'mem-1', profilepath: '/media/a.jpg', token: 'old-token' };

function loginData(identifier = 'mem-1', token = 'new-token', profilepath = '/media/a.jpg') {
  return { user: { email: 'ana@mail.com', name: 'Ana', lastname: 'Paz', identifier, profilepath }, token };
}

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status });
}

function stubFetch(impl: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(impl(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function storedJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSessionForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a login handed over to the next page (the light /login page, docs/decisions/015)', () => {
  it('is trusted once by the page that follows: confirmed, no renewal call', () => {
    signIn(loginData('mem-1', 'fresh-token'));
    handOverFreshLogin();
    // The next document: the module starts again from storage.
    resetSessionForTests();
    expect(getSessionState().confirmedIdentifier).toBe('mem-1');
    expect(needsRenewal()).toBe(false);
    expect(sessionStorage.length).toBe(0);
    // A reload after that is a restored session like any other.
    resetSessionForTests();
    expect(getSessionState().confirmedIdentifier).toBeNull();
    expect(needsRenewal()).toBe(true);
  });

  it('is not trusted after a minute, nor for another token', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['Date'] });
    signIn(loginData('mem-1', 'fresh-token'));
    handOverFreshLogin();
    vi.setSystemTime(new Date('2026-03-01T10:01:00Z'));
    resetSessionForTests();
    expect(getSessionState().confirmedIdentifier).toBeNull();
    expect(needsRenewal()).toBe(true);

    signIn(loginData('mem-1', 'fresh-token'));
    handOverFreshLogin();
    localStorage.setItem('user', JSON.stringify({ ...storedUser, token: 'another-token' }));
    resetSessionForTests();
    expect(getSessionState().confirmedIdentifier).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('hands nothing over without a session', () => {
    handOverFreshLogin();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('user session (spec §3, §4)', () => {
  it('is restored from local storage on load, unconfirmed until renewed', () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    expect(getSessionState().user).toEqual(storedUser);
    expect(getSessionState().confirmedIdentifier).toBeNull();
    expect(needsRenewal()).toBe(true);
  });

  it('ignores a stored value that is not a session', () => {
    localStorage.setItem('user', '{"name":"Ana"}');
    localStorage.setItem('guest', 'not json');
    resetSessionForTests();
    expect(getSessionState().user).toBeNull();
    expect(getSessionState().guest).toBeNull();
  });

  it('login stores the user with its token under "user", confirmed', () => {
    signIn(loginData('mem-1', 'tok'));
    expect(storedJson('user')).toEqual({ ...storedUser, token: 'tok' });
    expect(getSessionState().confirmedIdentifier).toBe('mem-1');
    expect(needsRenewal()).toBe(false);
  });

  it('renewal sends the memorial and picture, and stores the rotated token', async () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    const fetchMock = stubFetch(() => reply({ code: '200', message: '', data: loginData() }));
    await Promise.all([renewUserSession(), renewUserSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/renew-token');
    expect((init?.headers as Record<string, string>).token).toBe('old-token');
    const body = init?.body as FormData;
    expect(body.get('identifier')).toBe('mem-1');
    expect(body.get('profilePath')).toBe('/media/a.jpg');
    expect(getSessionState().user?.token).toBe('new-token');
    expect((storedJson('user') as { token: string }).token).toBe('new-token');
    expect(getSessionState().confirmedIdentifier).toBe('mem-1');
  });

  it('a refused renewal logs the user out and removes the stored data', async () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    stubFetch(() => reply({ code: '401', message: 'Tu sesión expiró', data: {} }, 401));
    await renewUserSession();
    expect(getSessionState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a lost connection keeps the session (a weak signal must not log a family out)', async () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renewUserSession();
    expect(getSessionState().user).toEqual(storedUser);
    expect(getSessionState().confirmedIdentifier).toBe('mem-1');
  });

  it('a server in trouble or a rate limit keeps the session (only a refusal logs out)', async () => {
    for (const status of [500, 502, 503, 429]) {
      localStorage.setItem('user', JSON.stringify(storedUser));
      resetSessionForTests();
      stubFetch(() => reply({ code: String(status), message: 'Ocurrió un problema', data: {} }, status));
      await renewUserSession();
      expect(getSessionState().user, `after a ${status}`).toEqual(storedUser);
      expect(getSessionState().confirmedIdentifier).toBe('mem-1');
    }
  });

  it('a switch made while a renewal is on its way is kept: the rotated token renews onto the chosen memorial', async () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    // Both calls leave with the old token; the first one's answer arrives first.
    const held: ((response: Response) => void)[] = [];
    const fetchMock = stubFetch((_url, init) => {
      const token = (init.headers as Record<string, string>).token;
      if (token === 'old-token') return new Promise<Response>((resolve) => held.push(resolve));
      return reply({ code: '200', message: '', data: loginData('mem-2', `${token}-on-mem-2`, '/media/b.jpg') });
    });
    const first = renewUserSession();
    switchPerson('mem-2', '/media/b.jpg');
    const second = renewUserSession();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[0]?.(reply({ code: '200', message: '', data: loginData('mem-1', 'rotated') }));
    await first;
    held[1]?.(reply({ code: '200', message: '', data: loginData('mem-2', 'old-token-on-mem-2', '/media/b.jpg') }));
    await second;
    await vi.waitFor(() => expect(getSessionState().confirmedIdentifier).toBe('mem-2'));
    expect(getSessionState().user).toMatchObject({ identifier: 'mem-2', profilepath: '/media/b.jpg', token: 'rotated-on-mem-2' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('adopts the token another tab renewed first instead of logging out', async () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    stubFetch(() => {
      localStorage.setItem('user', JSON.stringify({ ...storedUser, token: 'other-tab-token' }));
      return reply({ code: '401', message: 'Tu sesión expiró', data: {} }, 401);
    });
    await renewUserSession();
    expect(getSessionState().user?.token).toBe('other-tab-token');
  });

  it('person switch changes identifier and picture, keeps the token, and needs a renewal', async () => {
    signIn(loginData('mem-1', 'tok'));
    switchPerson('mem-2', '/media/b.jpg');
    expect(getSessionState().user).toMatchObject({ identifier: 'mem-2', profilepath: '/media/b.jpg', token: 'tok' });
    expect(getSessionState().confirmedIdentifier).toBeNull();
    expect(needsRenewal()).toBe(true);
    const fetchMock = stubFetch(() => reply({ code: '200', message: '', data: loginData('mem-2', 'tok-2', '/media/b.jpg') }));
    await renewUserSession();
    expect((fetchMock.mock.calls[0]?.[1].body as FormData).get('identifier')).toBe('mem-2');
    expect(getSessionState().confirmedIdentifier).toBe('mem-2');
  });

  it('a new profile picture changes only the profile path', () => {
    signIn(loginData('mem-1', 'tok'));
    setProfilePath('/media/new.jpg');
    expect(getSessionState().user).toEqual({ ...storedUser, token: 'tok', profilepath: '/media/new.jpg' });
    expect(getSessionState().confirmedIdentifier).toBe('mem-1');
    expect(needsRenewal()).toBe(true);
  });

  it('logout revokes the token on the server and clears the session even if that call fails', async () => {
    signIn(loginData('mem-1', 'tok'));
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('offline')));
    await signOut();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/logout');
    expect((fetchMock.mock.calls[0]?.[1].headers as Record<string, string>).token).toBe('tok');
    expect(getSessionState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('what the components read (issue 27, TBT)', () => {
  it('leaves out the token, so a renewal that only rotates it re-renders no reader', async () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    let token = 0;
    stubFetch(() => {
      token += 1;
      return reply({ code: '200', message: '', data: loginData('mem-1', `rotated-${token}`) });
    });
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useUserSession();
    });
    await act(() => renewUserSession());
    expect(result.current).toMatchObject({ confirmed: true, user: { identifier: 'mem-1', email: 'ana@mail.com' } });
    expect(result.current.user).not.toHaveProperty('token');
    const rendersWhenConfirmed = renders;
    const view = getSessionView();

    await act(() => renewUserSession());
    expect(getSessionState().user?.token).toBe('rotated-2');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ token: 'rotated-2' });
    expect(getSessionView()).toBe(view);
    expect(renders).toBe(rendersWhenConfirmed);

    // What a reader shows or keys on still reaches it.
    act(() => switchPerson('mem-2', '/media/b.jpg'));
    expect(result.current).toMatchObject({ confirmed: false, user: { identifier: 'mem-2', profilepath: '/media/b.jpg' } });
    expect(renders).toBeGreaterThan(rendersWhenConfirmed);
  });
});

describe('guest session (spec §3, §4)', () => {
  it('stores the guest token under "guest" and restores it', () => {
    setGuestToken('g-1');
    expect(storedJson('guest')).toEqual({ guestToken: 'g-1' });
    resetSessionForTests();
    expect(getSessionState().guest).toEqual({ guestToken: 'g-1' });
    clearGuestSession();
    expect(localStorage.getItem('guest')).toBeNull();
  });

  it('renewal stores the new token; a failure clears the session and returns the error', async () => {
    setGuestToken('g-1');
    const fetchMock = stubFetch(() => reply({ code: '200', message: '', data: { token: 'g-2' } }));
    await renewGuestSession();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/guest/renew-token');
    expect((fetchMock.mock.calls[0]?.[1].headers as Record<string, string>).guest).toBe('g-1');
    expect(getSessionState().guest).toEqual({ guestToken: 'g-2' });

    stubFetch(() => reply({ code: '401', message: 'Ingresa el código de acceso', data: {} }, 401));
    await expect(renewGuestSession()).rejects.toMatchObject({ message: 'Ingresa el código de acceso' });
    expect(getSessionState().guest).toBeNull();
    expect(localStorage.getItem('guest')).toBeNull();
  });
});

describe('a page the server rendered for the owner (docs/decisions/028)', () => {
  const serverUser = { email: 'ana@mail.com', name: 'Ana', lastname: 'Paz', identifier: 'mem-1', profilepath: '/media/fresh.jpg' };

  it('is adopted by the same session on the same memorial: confirmed at once, the fresh picture stored, renewed after', () => {
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    expect(adoptServerSession(serverUser)).toBe(true);
    expect(getSessionState().confirmedIdentifier).toBe('mem-1');
    expect(getSessionState().user).toEqual({ ...serverUser, token: 'old-token' });
    expect(storedJson('user')).toEqual({ ...serverUser, token: 'old-token' });
    // Spec §4: a restored session is renewed on load, no longer before the page shows.
    expect(needsRenewal()).toBe(true);
  });

  it('after a login just made, is not renewed again', () => {
    signIn(loginData('mem-1', 'fresh-token'));
    handOverFreshLogin();
    resetSessionForTests();
    expect(adoptServerSession(serverUser)).toBe(true);
    expect(needsRenewal()).toBe(false);
  });

  it('is refused with no local session, another account or another memorial', () => {
    expect(adoptServerSession(serverUser)).toBe(false);
    localStorage.setItem('user', JSON.stringify(storedUser));
    resetSessionForTests();
    expect(adoptServerSession({ ...serverUser, email: 'otra@mail.com' })).toBe(false);
    expect(adoptServerSession({ ...serverUser, identifier: 'mem-2' })).toBe(false);
    expect(getSessionState().confirmedIdentifier).toBeNull();
  });

  it('renders as the owner only within the render, without a token', () => {
    const seen = renderAsOwner(serverUser, () => getSessionState());
    expect(seen.user).toEqual({ ...serverUser, token: '' });
    expect(seen.confirmedIdentifier).toBe('mem-1');
    expect(getSessionState().user).toBeNull();
    expect(() => renderAsOwner(serverUser, () => { throw new Error('render failed'); })).toThrow('render failed');
    expect(getSessionState().user).toBeNull();
  });
});
