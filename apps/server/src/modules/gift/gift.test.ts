// /api/gift/*: permissions per role, exact counting under concurrency, and the per-IP limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeOwner } from '../../../test/factories';
import { EVERYONE, ipSequence, makeRoles, OWNER_ONLY, OWNER_OR_GUEST, testRoles, type RoleCase } from '../../../test/roles';
import { GIFT_LIMIT } from './gift.service';

let t: TestServer;

// Client IPs come from X-Forwarded-For here, so each test can be its own set of visitors.
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const counts = (id: number) => t.db.selectFrom('memorials').select(['candles', 'flowers']).where('id', '=', id).executeTakeFirstOrThrow();
const freshIp = ipSequence('10.0');

describe('permissions per role', () => {
  const cases: RoleCase[] = [
    {
      name: 'GET get-gifts',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      run: async (roles, options) => {
        const res = await t.get(`/api/gift/get-gifts?identifier=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'GET get-gifts-for-guest',
      expect: { P: OWNER_OR_GUEST, U: EVERYONE },
      run: async (roles, options) => {
        const res = await t.get(`/api/gift/get-gifts-for-guest?id=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'POST update-gift',
      expect: { P: OWNER_OR_GUEST, U: EVERYONE },
      run: async (roles, options) => {
        const res = await t.post('/api/gift/update-gift', { identifier: roles.owner.memorial.identifier, type: 'V' }, options);
        return { status: res.status, data: res.body.data, changed: (await counts(roles.owner.memorial.id)).candles === 1 };
      },
    },
  ];
  testRoles(() => t.db, cases, () => ({ headers: { 'x-forwarded-for': freshIp() } }));

  it('checks the owner’s e-mail parameter and answers 404 for an unknown memorial', async () => {
    const roles = await makeRoles(t.db);
    const own = await t.get(`/api/gift/get-gifts?identifier=${roles.owner.memorial.identifier}&email=${encodeURIComponent(roles.owner.account.email)}`, {
      token: roles.owner.token,
    });
    expect(own.status).toBe(200);
    const other = await t.get(`/api/gift/get-gifts?identifier=${roles.owner.memorial.identifier}&email=${encodeURIComponent(roles.other.account.email)}`, {
      token: roles.owner.token,
    });
    expect(other.status).toBe(403);
    expect((await t.post('/api/gift/update-gift', { identifier: 'noexiste123', type: 'F' })).status).toBe(404);
  });
});

describe('counting', () => {
  it('adds flowers and candles and answers the new counts', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { candles: 5, flowers: 120 } });
    const ip = freshIp();
    const flower = await t.post('/api/gift/update-gift', { identifier: memorial.identifier, type: 'F' }, { headers: { 'x-forwarded-for': ip } });
    expect(flower.body.data).toEqual({ gifts: { flowers: 121, candles: 5 } });
    const candle = await t.post('/api/gift/update-gift', { identifier: memorial.identifier, type: 'V' }, { as: 'json', headers: { 'x-forwarded-for': ip } });
    expect(candle.body.data).toEqual({ gifts: { flowers: 121, candles: 6 } });
    expect((await t.get(`/api/gift/get-gifts?identifier=${memorial.identifier}`, { token })).body.data).toEqual({ gifts: { flowers: 121, candles: 6 } });
    expect((await t.get(`/api/gift/get-gifts-for-guest?id=${memorial.identifier}`)).body.data).toEqual({ gifts: { flowers: 121, candles: 6 } });
    const bad = await t.post('/api/gift/update-gift', { identifier: memorial.identifier, type: 'X' }, { headers: { 'x-forwarded-for': ip } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('El tipo de regalo debe ser F (flores) o V (velas)');
    expect(await counts(memorial.id)).toEqual({ flowers: 121, candles: 6 });
  });

  it('counts exactly the accepted ones of 200 concurrent candles from 200 visitors', async () => {
    const { memorial } = await makeOwner(t.db);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.post('/api/gift/update-gift', { identifier: memorial.identifier, type: 'V' }, { headers: { 'x-forwarded-for': freshIp() } }),
      ),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(accepted).toBe(200);
    expect((await counts(memorial.id)).candles).toBe(accepted);
  });

  it('counts exactly the accepted ones of 200 concurrent candles from one visitor, refusing the rest with 429', async () => {
    const { memorial } = await makeOwner(t.db);
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => t.post('/api/gift/update-gift', { identifier: memorial.identifier, type: 'V' }, { headers: { 'x-forwarded-for': ip } })),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.status === 429);
    expect(accepted).toBe(GIFT_LIMIT.max);
    expect(refused).toHaveLength(200 - GIFT_LIMIT.max);
    expect(refused[0]?.body.message).toBe('Gracias por tu cariño. Podrás dejar más velas y flores en unos minutos');
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await counts(memorial.id)).candles).toBe(accepted);
    // The limit is per memorial: the same visitor can still leave flowers on another one.
    const other = await makeOwner(t.db);
    expect((await t.post('/api/gift/update-gift', { identifier: other.memorial.identifier, type: 'F' }, { headers: { 'x-forwarded-for': ip } })).status).toBe(200);
  });
});
