// GET /account and its pages: whoever asks, signed in or not, the answer is private to that browser
// (never kept by a shared cache, never stored on disk) and varies with the cookie (decision 028).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeOwner } from '../../../test/factories';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('the account documents', () => {
  it('are never cacheable by a shared cache, signed in or not', async () => {
    const { token } = await makeOwner(t.db);
    for (const path of ['/account', '/account/', '/account/notifications', '/account/personal', '/account/otra-cosa']) {
      for (const headers of [{}, { cookie: `recuerdos-sesion=${token}` }] as Record<string, string>[]) {
        const res = await fetch(t.url + path, { headers });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
        expect(res.headers.get('cache-control'), path).toBe('private, no-store');
        expect(res.headers.get('vary') ?? '', path).toMatch(/\bCookie\b/i);
        expect(res.headers.get('set-cookie'), path).toBeNull();
      }
    }
  });

  it('other pages of the web app keep their own caching', async () => {
    const res = await fetch(`${t.url}/complaints-book`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
