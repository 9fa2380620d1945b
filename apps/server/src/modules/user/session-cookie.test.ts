// The session cookie of the document requests (docs/decisions/028), tested as an attacker would use
// it: it travels with every token the server issues and dies with the family, and it is no API
// credential — a request another site makes the browser send, carrying the cookie and nothing else,
// changes nothing and reads nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginData } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { DEFAULT_PASSWORD, makeAccount, makeMemorial, makeOwner } from '../../../test/factories';
import { ipSequence } from '../../../test/roles';
import { sessionCookieFor } from '../../auth/session-cookie';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const newIp = ipSequence('10.27');
const COOKIE = 'recuerdos-sesion';

/** The session cookie a reply sets: its value and attributes, or null when it sets none. */
function setCookie(headers: Headers): { value: string; attributes: string[] } | null {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair.slice(COOKIE.length + 1), attributes };
}

const withCookie = (token: string) => ({ headers: { cookie: `${COOKIE}=${token}` } });

async function loginAs(email: string) {
  return t.post<LoginData>('/api/user/login', { email, password: DEFAULT_PASSWORD }, { headers: { 'x-forwarded-for': newIp() } });
}

describe('the session cookie', () => {
  it('is issued with the token at login: HttpOnly, SameSite=Strict, the whole site, as long as the session', async () => {
    const account = await makeAccount(t.db);
    await makeMemorial(t.db, account.id);
    const res = await loginAs(account.email);
    expect(res.status).toBe(200);
    const cookie = setCookie(res.headers);
    expect(cookie?.value).toBe(res.body.data.token);
    expect(cookie?.attributes).toEqual(['Path=/', 'Max-Age=2592000', 'HttpOnly', 'SameSite=Strict']);
  });

  it('is not issued when the login is refused', async () => {
    const account = await makeAccount(t.db);
    const res = await t.post('/api/user/login', { email: account.email, password: 'otra-clave-1' }, { headers: { 'x-forwarded-for': newIp() } });
    expect(res.status).toBe(401);
    expect(setCookie(res.headers)).toBeNull();
  });

  it('follows every renewal, including a switch to another memorial', async () => {
    const { account, token } = await makeOwner(t.db);
    const second = await makeMemorial(t.db, account.id);
    const renewed = await t.post<LoginData>('/api/user/renew-token', { identifier: second.identifier }, { token });
    expect(renewed.status).toBe(200);
    expect(setCookie(renewed.headers)?.value).toBe(renewed.body.data.token);
    expect(renewed.body.data.token).not.toBe(token);
  });

  it('is cleared when a renewal is refused (the client logs out)', async () => {
    const res = await t.post('/api/user/renew-token', {}, { token: 'x'.repeat(22) + '.' + 'y'.repeat(43) });
    expect(res.status).toBe(401);
    expect(setCookie(res.headers)).toEqual({ value: '', attributes: ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'] });
  });

  it('is cleared at logout, and its token is dead with the family', async () => {
    const { token } = await makeOwner(t.db);
    const res = await t.post('/api/user/logout', {}, { token, ...withCookie(token) });
    expect(res.status).toBe(200);
    expect(setCookie(res.headers)?.attributes).toContain('Max-Age=0');
    expect((await t.post('/api/user/renew-token', {}, { token })).status).toBe(401);
  });

  it('ends its own family at logout when the local session was already gone', async () => {
    // 'Cerrar sesión' offline cleared local storage; the next logout (the page finding a cookie but
    // no local session) carries only the cookie.
    const { token } = await makeOwner(t.db);
    const other = await makeOwner(t.db);
    const res = await t.post('/api/user/logout', {}, withCookie(token));
    expect(res.status).toBe(200);
    expect(setCookie(res.headers)?.attributes).toContain('Max-Age=0');
    expect((await t.post('/api/user/renew-token', {}, { token })).status).toBe(401);
    // Nobody else's session moved.
    expect((await t.post('/api/user/renew-token', {}, { token: other.token })).status).toBe(200);
  });

  it('ends both families at logout when the header and the cookie name different logins', async () => {
    const first = await makeOwner(t.db);
    const second = await makeOwner(t.db);
    const res = await t.post('/api/user/logout', {}, { token: first.token, ...withCookie(second.token) });
    expect(res.status).toBe(200);
    expect((await t.post('/api/user/renew-token', {}, { token: first.token })).status).toBe(401);
    expect((await t.post('/api/user/renew-token', {}, { token: second.token })).status).toBe(401);
  });

  it('dies with its family: a password reset or change elsewhere ends it', async () => {
    const { account, token } = await makeOwner(t.db);
    const elsewhere = await loginAs(account.email);
    const changed = await t.post(
      '/api/user/change-password',
      { email: account.email, currentPassword: DEFAULT_PASSWORD, newPassword: 'clave-nueva-27' },
      { token: elsewhere.body.data.token },
    );
    expect(changed.status).toBe(200);
    // The first login's cookie can no longer end anything, nor is it a session.
    expect((await t.post('/api/user/logout', {}, withCookie(token))).status).toBe(401);
  });
});

describe('another site making the browser send the cookie', () => {
  // SameSite=Strict keeps browsers from sending it on another site's requests at all; these check
  // the second wall: the API never reads it, so even a request that carries it is a stranger's.
  it('changes nothing: every owner action with the cookie alone is refused and the row stays', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'U', flagMessage: 1 } });
    const before = await t.db.selectFrom('memorials').selectAll().where('id', '=', memorial.id).executeTakeFirstOrThrow();
    const attempts: [string, Record<string, string>][] = [
      ['/api/person/update-profile-type', { identifier: memorial.identifier, type: 'P' }],
      ['/api/person/update-access-code', { identifier: memorial.identifier, code: 'robado' }],
      ['/api/person/update-flag-message', { identifier: memorial.identifier, flag: '0' }],
      ['/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Escrito por otro sitio' }],
      ['/api/user/change-password', { email: 'x@ejemplo.pe', currentPassword: DEFAULT_PASSWORD, newPassword: 'clave-robada-1' }],
    ];
    for (const [path, fields] of attempts) {
      const res = await t.post(path, fields, { headers: { cookie: `${COOKIE}=${token}`, origin: 'https://otro-sitio.example' } });
      expect(res.status, path).toBe(401);
    }
    const after = await t.db.selectFrom('memorials').selectAll().where('id', '=', memorial.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const posts = await t.db.selectFrom('posts').select('id').where('memorialId', '=', memorial.id).execute();
    expect(posts).toEqual([]);
  });

  it('reads nothing private through the API, and cannot renew (rotate) the token', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'secreto' } });
    const read = await t.get(`/api/person/get-person?identifier=${memorial.identifier}`, withCookie(token));
    expect(read.status).toBe(401);
    const pending = await t.get(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, withCookie(token));
    expect(pending.status).toBe(401);
    const renewed = await t.post('/api/user/renew-token', {}, withCookie(token));
    expect(renewed.status).toBe(401);
    // The owner's own session is untouched by all of that.
    expect((await t.post('/api/user/renew-token', {}, { token })).status).toBe(200);
  });
});

describe('sessionCookieFor', () => {
  it('is a __Host- cookie, Secure, when the site is served over HTTPS', () => {
    expect(sessionCookieFor('https://recuerdos.pe')).toEqual({ name: '__Host-recuerdos-sesion', secure: true });
    expect(sessionCookieFor('http://localhost:3000')).toEqual({ name: COOKIE, secure: false });
  });

  it('is set with Secure over HTTPS', async () => {
    const https = await startTestServer({ env: { PUBLIC_URL: 'https://recuerdos.example' } });
    try {
      const account = await makeAccount(https.db);
      const res = await https.post<LoginData>('/api/user/login', { email: account.email, password: DEFAULT_PASSWORD });
      const line = res.headers.getSetCookie().find((l) => l.startsWith('__Host-recuerdos-sesion='));
      expect(line).toBe(`__Host-recuerdos-sesion=${res.body.data.token}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure`);
    } finally {
      await https.close();
    }
  });
});
