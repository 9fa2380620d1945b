// The two rate-limit stores keep the same contract, and with REDIS_URL several instances share their
// counts: a visitor who spreads password guesses over two servers is still stopped after five.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
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

  it('share the login limit of an account', async () => {
    const login = (server: TestServer, i: number) =>
      server.post('/api/user/login', { email: 'ana@ejemplo.pe', password: `mala-${i}` }, {
        headers: { 'x-forwarded-for': `10.9.0.${i}` },
      });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, i)).status).toBe(401);
    const blocked = await login(a, 6);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo');
    expect((await login(b, 7)).status).toBe(429);
  });

  it('share the per-IP ceiling on /api', async () => {
    const health = (server: TestServer) =>
      fetch(`${server.url}/api/health`, { headers: { 'x-forwarded-for': '10.9.1.1' } });
    for (let i = 0; i < 20; i++) expect((await health(i % 2 ? a : b)).status).toBe(200);
    const refused = await health(a);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Demasiados intentos/);
    expect((await health(b)).status).toBe(429);
    // Another client is not affected.
    const other = await fetch(`${b.url}/api/health`, { headers: { 'x-forwarded-for': '10.9.1.2' } });
    expect(other.status).toBe(200);
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
