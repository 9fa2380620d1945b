// /api/user/guest/*: the access code, the same answer for an unknown memorial and a wrong code,
// the guessing limits (docs/decisions/011-abuse-limits.md), token renewal, and guest and owner tokens
// never standing in for each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { auth, ipSequence, makeRoles, ROLES, type Role } from '../../../test/roles';
import { attemptKeys } from '../../security/attempt-guard';
import { releaseAtOnce } from '../../../test/burst';
import { GUEST_LOGIN_POLICY } from './guest.throttle';
import { guestLogin } from './guest.service';

let t: TestServer;
const freshIp = ipSequence('172.16');

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const login = (identifier: string, accessCode: string, ip: string) =>
  t.post<{ token?: string }>('/api/user/guest/login', { identifier, accessCode }, { headers: { 'x-forwarded-for': ip } });

describe('guest login', () => {
  it('gives a token for the right code (whitespace ignored) that opens this memorial only', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'Rosa2024' } });
    const other = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'Rosa2024' } });
    const res = await login(memorial.identifier, ' Rosa 2024 ', freshIp());
    expect(res.status).toBe(200);
    const guest = res.body.data.token ?? '';
    expect(guest.length).toBeGreaterThanOrEqual(40);
    expect((await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest })).status).toBe(200);
    expect((await t.get(`/api/person/get-data-for-guest?id=${other.memorial.identifier}`, { guest })).status).toBe(401);
  });

  it('answers an unknown memorial, a wrong code, a public memorial and a case change alike', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'Rosa2024' } });
    const open = await makeOwner(t.db, { memorial: { type: 'U', accessCode: 'abierto' } });
    const answers = [
      await login('noexiste123', 'Rosa2024', freshIp()),
      await login(memorial.identifier, 'otra', freshIp()),
      await login(memorial.identifier, 'rosa2024', freshIp()),
      await login(open.memorial.identifier, 'abierto', freshIp()),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: '401', message: 'El código de acceso es incorrecto', data: {} });
    }
  });

  it('validates the code with the spec messages', async () => {
    const empty = await login('x', '   ', freshIp());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Ingresa el código de acceso');
    const long = await login('x', 'a'.repeat(16), freshIp());
    expect(long.body.message).toBe('El código de acceso puede tener como máximo 15 caracteres');
  });
});

describe('guessing limits', () => {
  const TOO_MANY = 'Demasiados intentos con un código incorrecto. Espera unos minutos e inténtalo de nuevo';

  const statusOf = (result: PromiseSettledResult<unknown>) =>
    result.status === 'fulfilled' ? 200 : ((result.reason as { statusCode?: number }).statusCode ?? 500);

  it('counts before it compares: 100 guesses started at once from one address compare exactly 10 codes', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const attacker = freshIp();
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => guestLogin(t.ctx, attacker, { identifier: memorial.identifier, accessCode: i === 99 ? 'clave' : `mal${i}` })),
    );
    const statuses = results.map(statusOf);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(GUEST_LOGIN_POLICY.perTargetAddress.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - GUEST_LOGIN_POLICY.perTargetAddress.max);
  });

  it("the same over HTTP, the requests' last bytes released together", async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const attacker = freshIp();
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/user/guest/login',
        body: { identifier: memorial.identifier, accessCode: i === 99 ? 'clave' : `mal${i}` },
        headers: { 'x-forwarded-for': attacker },
      })),
    );
    expect(statuses.filter((status) => status !== 429)).toHaveLength(GUEST_LOGIN_POLICY.perTargetAddress.max);
  });

  it('stops one address after 10 failures on a memorial, while the family elsewhere gets in', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(memorial.identifier, `mal${i}`, attacker)).status).toBe(401);
    const stopped = await login(memorial.identifier, 'clave', attacker);
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe(TOO_MANY);
    const retryAfter = Number(stopped.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(25 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(stopped.body.data).toEqual({ retryAfter });
    // A family member elsewhere is not locked out.
    expect((await login(memorial.identifier, 'clave', freshIp())).status).toBe(200);
  });

  it('stops an address after 30 failures over every memorial until the window ends', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const ip = freshIp();
    // Stand in for 30 failures on other memorials over the last minutes.
    const { address } = attemptKeys(GUEST_LOGIN_POLICY, 'otro', ip);
    for (let i = 0; i < 30; i++) await t.ctx.limiter.hit(address, GUEST_LOGIN_POLICY.perAddress.windowMs);
    const res = await login(memorial.identifier, 'clave', ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(25 * 60);
  });

  it('never shuts the family out of a memorial guessed from many addresses: only a pause that grows to 8 s', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const before = t.pauses.length;
    for (let i = 0; i < 30; i++) expect((await login(memorial.identifier, `mal${i}`, freshIp())).status).toBe(401);
    const family = await login(memorial.identifier, 'clave', freshIp());
    expect(family.status).toBe(200);
    expect(t.pauses.slice(before)).toEqual([
      ...Array<number>(10).fill(0),
      1000, 2000, 4000,
      ...Array<number>(18).fill(8000),
    ]);
    // Other memorials are untouched.
    const other = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'otra' } });
    const pausesBefore = t.pauses.length;
    expect((await login(other.memorial.identifier, 'otra', freshIp())).status).toBe(200);
    expect(t.pauses.slice(pausesBefore)).toEqual([0]);
  });

  it('does not count right codes: a class on one Wi-Fi all gets in after a few typos', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const school = freshIp();
    for (let i = 0; i < 8; i++) expect((await login(memorial.identifier, `clabe${i}`, school)).status).toBe(401);
    // One after another, as phones do (attempts in flight count until they are answered).
    const students: number[] = [];
    for (let i = 0; i < 40; i++) students.push((await login(memorial.identifier, 'clave', school)).status);
    expect(students).toEqual(Array<number>(40).fill(200));
  });
});

describe('permissions per role', () => {
  // Login needs no session: whatever a caller holds, the code alone decides.
  for (const role of ROLES) {
    it(`POST user/guest/login as ${role} → 200 with the right code, 401 with a wrong one`, async () => {
      const roles = await makeRoles(t.db, { type: 'P', accessCode: 'clave1' });
      const options = { ...auth(roles, role), headers: { 'x-forwarded-for': freshIp() } };
      const right = await t.post('/api/user/guest/login', { identifier: roles.owner.memorial.identifier, accessCode: 'clave1' }, options);
      expect(right.status).toBe(200);
      const wrong = await t.post('/api/user/guest/login', { identifier: roles.owner.memorial.identifier, accessCode: 'otro' }, options);
      expect(wrong.status).toBe(401);
      expect(wrong.body.data).toEqual({});
    });
  }
  const renew: Record<Role, number> = { anonymous: 401, guest: 200, otherGuest: 200, owner: 401, otherOwner: 401 };
  for (const role of ROLES) {
    it(`GET user/guest/renew-token as ${role} → ${renew[role]}`, async () => {
      const roles = await makeRoles(t.db, { type: 'P', accessCode: 'clave1' });
      const res = await t.get<{ token?: string }>('/api/user/guest/renew-token', auth(roles, role));
      expect(res.status).toBe(renew[role]);
      if (res.status === 200) {
        // The renewed token opens the same memorial the old one did, and no other.
        const own = role === 'guest' ? roles.owner.memorial : roles.other.memorial;
        const foreign = role === 'guest' ? roles.other.memorial : roles.owner.memorial;
        expect((await t.get(`/api/person/get-data-for-guest?id=${own.identifier}`, { guest: res.body.data.token ?? '' })).status).toBe(200);
        expect((await t.get(`/api/person/get-data-for-guest?id=${foreign.identifier}`, { guest: res.body.data.token ?? '' })).status).toBe(401);
      } else {
        expect(res.body.data).toEqual({});
      }
    });
  }
});

describe('tokens', () => {
  it('renews a guest token (rotation), and refuses owner tokens, foreign tokens and revoked ones', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const guest = await makeGuestToken(t.db, memorial);
    const renewed = await t.get<{ token: string }>('/api/user/guest/renew-token', { guest });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.token).not.toBe(guest);
    expect((await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest: renewed.body.data.token })).status).toBe(200);

    expect((await t.get('/api/user/guest/renew-token')).status).toBe(401);
    const asOwner = await t.get('/api/user/guest/renew-token', { token });
    expect(asOwner.status).toBe(401);
    expect(asOwner.body.message).toBe('Tu acceso a este perfil ha expirado. Ingresa el código de acceso nuevamente');
    // An owner token in the guest header, and a guest token in the owner header, are nobody.
    expect((await t.get('/api/user/guest/renew-token', { guest: token })).status).toBe(401);
    expect((await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest: token })).status).toBe(401);
    expect((await t.get(`/api/person/get-person?identifier=${memorial.identifier}`, { token: renewed.body.data.token })).status).toBe(401);
    expect((await t.get(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token: guest })).status).toBe(401);

    // Changing the code ends the session.
    await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: 'nueva' }, { token });
    expect((await t.get('/api/user/guest/renew-token', { guest: renewed.body.data.token })).status).toBe(401);
    expect((await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest: renewed.body.data.token })).status).toBe(401);
  });
});
