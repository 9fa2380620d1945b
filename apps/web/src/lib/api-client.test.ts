import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, createApiClient, parseEnvelope } from './api-client';
import { contentApi, usersApi } from './api';

type FetchArgs = [string, RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubFetch(reply: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() => Promise.resolve(reply()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function lastCall(fetchMock: ReturnType<typeof stubFetch>): FetchArgs {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call;
}

function headersOf(init: RequestInit): Record<string, string> {
  return init.headers as Record<string, string>;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the two API clients (spec §7)', () => {
  it('call paths under /api and ask for JSON', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ code: '200', message: 'ok', data: { email: 'ana@mail.com' } }));
    await expect(usersApi.get<{ email: string }>('/user/abc')).resolves.toEqual({ email: 'ana@mail.com' });
    const [url, init] = lastCall(fetchMock);
    expect(url).toBe('/api/user/abc');
    expect(init.method).toBe('GET');
    expect(headersOf(init).Accept).toBe('application/json');
    expect(init.body).toBeUndefined();

    await contentApi.get('/person/verify-type-account', { query: { id: 'x y', skip: undefined } });
    expect(lastCall(fetchMock)[0]).toBe('/api/person/verify-type-account?id=x+y');
  });

  it('read the token and guest headers from local storage on every request', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ code: '200', message: '', data: {} }));
    await usersApi.post('/user/logout');
    expect(headersOf(lastCall(fetchMock)[1])).not.toHaveProperty('token');
    expect(headersOf(lastCall(fetchMock)[1])).not.toHaveProperty('guest');

    localStorage.setItem('user', JSON.stringify({ email: 'a@b.pe', name: 'Ana', lastname: 'Paz', identifier: 'm1', profilepath: '', token: 'tok-1' }));
    localStorage.setItem('guest', JSON.stringify({ guestToken: 'g-1' }));
    await contentApi.post('/gift/update-gift', { identifier: 'm1', type: 'V' });
    expect(headersOf(lastCall(fetchMock)[1])).toMatchObject({ token: 'tok-1', guest: 'g-1' });

    localStorage.setItem('user', JSON.stringify({ email: 'a@b.pe', token: 'tok-2' }));
    localStorage.removeItem('guest');
    await usersApi.post('/user/renew-token', { identifier: 'm1', profilePath: '' });
    const headers = headersOf(lastCall(fetchMock)[1]);
    expect(headers.token).toBe('tok-2');
    expect(headers).not.toHaveProperty('guest');
  });

  it('send multipart form data by default, and JSON when asked', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ code: '200', message: '', data: {} }));
    const picture = new Blob(['jpeg-bytes'], { type: 'image/jpeg' });
    await contentApi.post('/content/save-admin-message', {
      identifier: 'm1',
      message: ' ',
      place: 3,
      cards: [{ reg: 'r1', place: 2 }],
      postPicture: picture,
      skipped: undefined,
    });
    const [, init] = lastCall(fetchMock);
    expect(init.body).toBeInstanceOf(FormData);
    expect(headersOf(init)).not.toHaveProperty('Content-Type');
    const form = init.body as FormData;
    expect(form.get('identifier')).toBe('m1');
    expect(form.get('message')).toBe(' ');
    expect(form.get('place')).toBe('3');
    expect(form.get('cards')).toBe('[{"reg":"r1","place":2}]');
    expect(form.get('postPicture')).toBeInstanceOf(Blob);
    expect((form.get('postPicture') as File).name).toBe('image.jpg');
    expect(form.has('skipped')).toBe(false);

    await contentApi.post('/content/approve-message', { identifier: 'm1', date: 'r1' }, { json: true });
    const [, jsonInit] = lastCall(fetchMock);
    expect(headersOf(jsonInit)['Content-Type']).toBe('application/json');
    expect(jsonInit.body).toBe('{"identifier":"m1","date":"r1"}');
  });

  it('treat a code other than "200" as a failure carrying the server message', async () => {
    stubFetch(() => jsonResponse({ code: '401', message: 'Correo o contraseña incorrectos', data: {} }, 401));
    const error = await usersApi.post('/user/login', { email: 'a@b.pe', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Correo o contraseña incorrectos');
    expect((error as ApiError).code).toBe('401');
    expect((error as ApiError).fromServer).toBe(true);

    // Even with HTTP 200, the envelope decides.
    stubFetch(() => jsonResponse({ code: '409', message: 'Ya existe', data: {} }, 200));
    await expect(usersApi.post('/x')).rejects.toMatchObject({ code: '409', message: 'Ya existe' });
  });

  it('turn unreadable replies and lost connections into gentle Spanish errors', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(usersApi.get('/x')).rejects.toMatchObject({ code: '502', message: UNEXPECTED_ERROR_MESSAGE });

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await usersApi.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('network');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.fromServer).toBe(false);
  });

  it('parse envelopes with a numeric code or no data', () => {
    expect(parseEnvelope(200, '{"code":200,"message":"ok"}')).toEqual({ code: '200', message: 'ok', data: {} });
    expect(() => parseEnvelope(200, '{"message":"no code"}')).toThrow(ApiError);
  });
});

/** A stand-in for XMLHttpRequest that records what it is given and lets the test drive it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('upload progress', () => {
  it('goes through XMLHttpRequest and reports percentages', async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'tok-9' }));
    const client = createApiClient({
      baseUrl: '/api',
      headers: () => ({ token: 'tok-9' }),
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });
    const seen: number[] = [];
    const promise = client.post<{ data: { path: string } }>(
      '/content/save-guest-message',
      { identifier: 'm1', postVideo: new Blob(['mp4'], { type: 'video/mp4' }) },
      { onUploadProgress: (p) => seen.push(p.percent) },
    );
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error('no XMLHttpRequest');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/content/save-guest-message');
    expect(xhr.headers).toMatchObject({ Accept: 'application/json', token: 'tok-9' });
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(((xhr.body as FormData).get('postVideo') as File).name).toBe('video.mp4');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 30, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ code: '200', message: '', data: { data: { path: '/media/v.mp4' } } });
    xhr.onload?.();
    await expect(promise).resolves.toEqual({ data: { path: '/media/v.mp4' } });
    expect(seen).toEqual([25, 100]);
  });

  it('fails with the server message, or as a network error, or as aborted', async () => {
    const client = createApiClient({ baseUrl: '/api', createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const onUploadProgress = () => undefined;

    const refused = client.post('/x', {}, { onUploadProgress });
    const xhr1 = FakeXhr.last;
    if (!xhr1) throw new Error('no XMLHttpRequest');
    xhr1.status = 413;
    xhr1.responseText = JSON.stringify({ code: '413', message: 'El video seleccionado excede los 50 MB', data: {} });
    xhr1.onload?.();
    await expect(refused).rejects.toMatchObject({ code: '413', message: 'El video seleccionado excede los 50 MB' });

    const lost = client.post('/x', {}, { onUploadProgress });
    FakeXhr.last?.onerror?.();
    await expect(lost).rejects.toMatchObject({ code: 'network' });

    const controller = new AbortController();
    const cancelled = client.post('/x', {}, { onUploadProgress, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
  });
});
