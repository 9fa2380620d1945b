// The server platform: envelope, errors, headers, body parsing, web app fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helper';
import { makeOwner } from '../test/factories';
import { ok } from './http/reply';
import { readUpload } from './http/upload';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({
    routes(app) {
      app.post('/api/test/echo', (request) => ok({ body: request.body as Record<string, unknown> }));
      app.post('/api/test/upload', { config: { multipartFiles: true } }, async (request) => {
        const upload = await readUpload(request, { maxFileBytes: 1024 * 1024 });
        const size = upload.file ? upload.file.result.buffer.length : 0;
        return ok({ fields: upload.fields, size, truncated: false });
      });
      app.get('/api/test/boom', () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('envelope and errors', () => {
  it('answers health in the envelope', async () => {
    const res = await t.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'OK', data: { status: 'ok' } });
  });

  it('answers an unknown API path with a Spanish 404 envelope', async () => {
    const res = await t.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: '404', message: 'No encontramos lo que buscas', data: {} });
    const post = await t.post('/api/no/such/thing', { a: '1' });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('404');
  });

  it('never sends a stack trace or internal message for a crash', async () => {
    const res = await fetch(`${t.url}/api/test/boom`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      code: '500',
      message: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos',
      data: {},
    });
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('.ts:');
  });
});

describe('security headers', () => {
  it('sends a strict CSP, HSTS, nosniff and a referrer policy on pages and API', async () => {
    for (const pathName of ['/', '/api/health']) {
      const res = await fetch(t.url + pathName);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    }
  });
});

describe('web app', () => {
  it('serves index.html with the site config for deep links', async () => {
    const res = await fetch(`${t.url}/account/notifications`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    // An account page is private to its browser (decision 028).
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({ publicUrl: 'http://recuerdos.test', contact: { whatsapp: '51999888777' } });
  });

  it('serves hashed assets with a year of immutable cache, and a missing asset as 404', async () => {
    const asset = await fetch(`${t.url}/assets/app-test.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${t.url}/assets/nope.js`);
    expect(missing.status).toBe(404);
    const favicon = await fetch(`${t.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('accepts multipart, JSON and url-encoded, with bracket fields expanded', async () => {
    const fields = { 'cards[0][reg]': 'a', 'cards[0][place]': '2', name: 'Ana' };
    for (const as of ['multipart', 'form'] as const) {
      const res = await t.post<{ body: unknown }>('/api/test/echo', fields, { as });
      expect(res.status).toBe(200);
      expect(res.body.data.body).toEqual({ cards: { '0': { reg: 'a', place: '2' } }, name: 'Ana' });
    }
    const json = await t.post<{ body: unknown }>('/api/test/echo', { name: 'Ana' }, { as: 'json' });
    expect(json.body.data.body).toEqual({ name: 'Ana' });
  });

  it('drops keys that could reach an object prototype', async () => {
    const res = await t.post<{ body: Record<string, unknown> }>('/api/test/echo', { '__proto__[x]': '1', 'a[constructor]': '2', b: '3' }, { as: 'form' });
    expect(res.body.data.body).toEqual({ b: '3' });
  });

  const malformed: [string, RequestInit][] = [
    ['invalid JSON', { headers: { 'content-type': 'application/json' }, body: '{"a":' }],
    ['empty JSON', { headers: { 'content-type': 'application/json' }, body: '' }],
    ['unknown content type', { headers: { 'content-type': 'application/x-custom' }, body: 'x' }],
    [
      'truncated multipart',
      {
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
      },
    ],
    ['multipart without boundary', { headers: { 'content-type': 'multipart/form-data' }, body: 'abc' }],
    ['oversized JSON', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(300_000) }) }],
  ];
  for (const [name, init] of malformed) {
    it(`answers ${name} with a 4xx envelope, never a 5xx`, async () => {
      const res = await fetch(`${t.url}/api/test/echo`, { method: 'POST', ...init });
      const body = (await res.json()) as { code: string; message: string };
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(body.code).toBe(String(res.status));
      expect(body.message).toMatch(/[a-záéíóúñ]/i);
    });
  }

  it('answers a body that is not an object of fields (a JSON array, string or number, plain text) in Spanish', async () => {
    const bodies: [string, string][] = [
      ['application/json', '[]'],
      ['application/json', '[{"email":"ana@ejemplo.pe"}]'],
      ['application/json', '"hola"'],
      ['application/json', '42'],
      ['text/plain', 'email=ana@ejemplo.pe&password=x'],
      ['text/plain; charset=utf-8', 'hola'],
    ];
    for (const [type, body] of bodies) {
      const res = await fetch(`${t.url}/api/user/login`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, `${type} ${body}`).toBe(400);
      expect(await res.json()).toEqual({ code: '400', message: 'El cuerpo de la solicitud no es válido', data: {} });
    }
  });

  it('words in Spanish even what no schema foresaw (a field of the wrong type)', async () => {
    const { token } = await makeOwner(t.db);
    const res = await t.post('/api/user/renew-token', { identifier: 5 } as unknown as Record<string, string>, { as: 'json', token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Entrada inválida: se esperaba texto, recibido número');
  });

  it('refuses an oversized multipart field', async () => {
    const res = await t.post('/api/test/echo', { a: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('La solicitud es demasiado grande');
  });

  it('refuses a file sent to a route that takes none', async () => {
    const res = await t.post('/api/test/echo', { a: '1', f: { blob: new Blob(['x']), filename: 'x.txt' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Este formulario no admite archivos');
  });

  it('streams an upload and refuses a file over the route limit instead of truncating it', async () => {
    const small = await t.post<{ size: number; fields: Record<string, string> }>('/api/test/upload', {
      note: 'hola',
      f: { blob: new Blob([new Uint8Array(1000)]), filename: 'a.bin' },
    });
    expect(small.status).toBe(200);
    expect(small.body.data).toMatchObject({ size: 1000, fields: { note: 'hola' } });
    const big = await t.post('/api/test/upload', { f: { blob: new Blob([new Uint8Array(1024 * 1024 + 1)]), filename: 'b.bin' } });
    expect(big.status).toBe(413);
  });
});
