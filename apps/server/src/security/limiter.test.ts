// The two rate-limit stores keep the same contract — a reservation is counted and checked in one step,
// so a burst released at once is granted exactly the cap — and with REDIS_URL several instances
// share their counts: a visitor who spreads guesses over two servers is still stopped at the cap.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeOwner } from '../../test/factories';
import { releaseAtOnce } from '../../test/burst';
import { MemoryRateLimiter, RedisRateLimiter, createRedis, type RateLimiter } from './limiter';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('limiter.test: Redis cases not run (reason: TEST_REDIS_URL is not set)');

function uniquePrefix(): string {
  return `test-${randomBytes(6).toString('hex')}:`;
}

const stores: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (redisUrl) stores.push(['redis', () => new RedisRateLimiter(createRedis(redisUrl), uniquePrefix())]);

describe.each(stores)('%s rate limiter', (_name, create) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = create();
  });
  afterAll(async () => {
    await limiter.close();
  });

  it('counts hits per key within a window and says when it resets', async () => {
    expect((await limiter.hit('a', 60_000)).count).toBe(1);
    const second = await limiter.hit('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(0);
    expect(second.resetMs).toBeLessThanOrEqual(60_000);
    expect((await limiter.hit('b', 60_000)).count).toBe(1);
  });

  it('peek reads without counting; reset forgets the key', async () => {
    await limiter.hit('c', 60_000);
    await limiter.hit('c', 60_000);
    expect((await limiter.peek('c')).count).toBe(2);
    expect((await limiter.peek('c')).count).toBe(2);
    await limiter.reset('c');
    expect(await limiter.peek('c')).toEqual({ count: 0, resetMs: 0 });
    expect((await limiter.hit('c', 60_000)).count).toBe(1);
  });

  it('starts a new window once the old one is over', async () => {
    await limiter.hit('d', 100);
    expect((await limiter.hit('d', 100)).count).toBe(2);
    await sleep(250);
    expect((await limiter.peek('d')).count).toBe(0);
    expect((await limiter.hit('d', 100)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => limiter.hit('e', 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('grants a burst of 100 reservations released at once exactly the cap, and counts no refusal', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => limiter.reserve('f', 60_000, 10)));
    expect(results.filter((r) => r.granted)).toHaveLength(10);
    expect(results.filter((r) => r.granted).map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    for (const refused of results.filter((r) => !r.granted)) {
      expect(refused.count).toBe(10);
      expect(refused.resetMs).toBeGreaterThan(0);
    }
    expect((await limiter.peek('f')).count).toBe(10);
  });

  it('reserves amounts (an upload budget in bytes) without going over', async () => {
    expect((await limiter.reserve('g', 60_000, 1000, 600)).granted).toBe(true);
    expect((await limiter.reserve('g', 60_000, 1000, 600)).granted).toBe(false);
    expect((await limiter.reserve('g', 60_000, 1000, 400)).granted).toBe(true);
    expect((await limiter.peek('g')).count).toBe(1000);
    expect((await limiter.hit('g', 60_000, 5)).count).toBe(1005);
  });

  it('release gives a reservation back, never below zero, and keeps the window', async () => {
    await limiter.reserve('h', 60_000, 2);
    await limiter.reserve('h', 60_000, 2);
    expect((await limiter.reserve('h', 60_000, 2)).granted).toBe(false);
    const before = await limiter.peek('h');
    await limiter.release('h');
    const after = await limiter.peek('h');
    expect(after.count).toBe(1);
    expect(after.resetMs).toBeLessThanOrEqual(before.resetMs);
    expect(after.resetMs).toBeGreaterThan(0);
    expect((await limiter.reserve('h', 60_000, 2)).granted).toBe(true);
    await limiter.release('h', 5);
    expect((await limiter.peek('h')).count).toBe(0);
    // Releasing a key that has no window leaves none behind.
    await limiter.release('never-seen');
    expect(await limiter.peek('never-seen')).toEqual({ count: 0, resetMs: 0 });
  });
});

describe('in-process limiter on a controllable clock', () => {
  it('starts a new window exactly when the old one ends', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ now: () => now });
    try {
      expect((await limiter.reserve('k', 1000, 1)).granted).toBe(true);
      now += 999;
      const refused = await limiter.reserve('k', 1000, 1);
      expect(refused).toEqual({ granted: false, count: 1, resetMs: 1 });
      now += 1;
      expect(await limiter.reserve('k', 1000, 1)).toEqual({ granted: true, count: 1, resetMs: 1000 });
    } finally {
      await limiter.close();
    }
  });
});

describe.skipIf(!redisUrl)('two servers sharing one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: uniquePrefix(), TRUST_PROXY: '1' };
    [a, b] = await Promise.all([
      startTestServer({ env, apiRequestsPerMinute: 20 }),
      startTestServer({ env, apiRequestsPerMinute: 20 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('share the login limit of an account and an address', async () => {
    const login = (server: TestServer, i: number) =>
      server.post('/api/user/login', { email: 'ana@ejemplo.pe', password: `mala-${i}` }, {
        headers: { 'x-forwarded-for': '10.9.0.1' },
      });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, i)).status).toBe(401);
    const blocked = await login(a, 6);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo');
    expect((await login(b, 7)).status).toBe(429);
  });

  it('compare exactly 10 access codes of 100 guesses released at once from one address over both servers', async () => {
    const { memorial } = await makeOwner(a.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const guesses = (server: TestServer, from: number) =>
      releaseAtOnce(
        server.url,
        Array.from({ length: 50 }, (_, i) => ({
          path: '/api/user/guest/login',
          body: { identifier: memorial.identifier, accessCode: from + i === 99 ? 'clave' : `mal${from + i}` },
          headers: { 'x-forwarded-for': '10.9.2.1' },
        })),
      );
    const [onA, onB] = await Promise.all([guesses(a, 0), guesses(b, 50)]);
    expect([...onA, ...onB].filter((status) => status !== 429)).toHaveLength(10);
  });

  it('share the per-address read ceiling on /api, and never count health checks', async () => {
    const read = (server: TestServer, ip = '10.9.1.1') =>
      fetch(`${server.url}/api/content/epitafio/random`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 20; i++) expect((await read(i % 2 ? a : b)).status).not.toBe(429);
    const refused = await read(a);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Demasiados intentos/);
    expect((await read(b)).status).toBe(429);
    // Another client is not affected, and health checks from the refused one still answer.
    expect((await read(b, '10.9.1.2')).status).not.toBe(429);
    const health = await fetch(`${a.url}/api/health`, { headers: { 'x-forwarded-for': '10.9.1.1' } });
    expect(health.status).toBe(200);
  });
});

describe('a server whose Redis is away', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails after its retries.
    t = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: uniquePrefix() }, apiRequestsPerMinute: 20 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still answers what needs no limit, and refuses a limited call with a Spanish 503', async () => {
    expect((await t.get('/api/health')).status).toBe(200);
    const login = await t.post('/api/user/login', { email: 'ana@ejemplo.pe', password: 'cualquiera' });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({
      code: '503',
      message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos',
      data: {},
    });
  });
});
