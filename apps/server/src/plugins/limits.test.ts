// The coarse per-address ceilings on /api (issue 12 §7): health and readiness are never counted, reads
// are generous (a school group reading a memorial on one Wi-Fi), writes are counted apart from reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { ok } from '../http/reply';
import { API_CEILINGS } from './security';

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('small ceilings (5 reads, 3 writes a minute)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      env: { TRUST_PROXY: '1' },
      apiRequestsPerMinute: 5,
      apiWritesPerMinute: 3,
      routes(app) {
        // Stands in for the readiness probe until the jobs layer brings the real one (issue 16).
        if (!app.hasRoute({ method: 'GET', url: '/api/ready' })) app.get('/api/ready', () => ok({ status: 'ok' }));
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('never counts health or readiness checks, however many', async () => {
    const checks = await Promise.all(
      Array.from({ length: 60 }, (_, i) => fetch(`${t.url}${i % 2 ? '/api/health' : '/api/ready?probe=lb'}`, from('10.7.0.1'))),
    );
    expect(checks.map((res) => res.status)).toEqual(Array<number>(60).fill(200));
    // …and they spent nothing of that address's read ceiling.
    for (let i = 0; i < 5; i++) expect((await t.get('/api/content/epitafio/random', from('10.7.0.1'))).status).not.toBe(429);
    expect((await t.get('/api/content/epitafio/random', from('10.7.0.1'))).status).toBe(429);
    expect((await fetch(`${t.url}/api/health`, from('10.7.0.1'))).status).toBe(200);
  });

  it('counts writes apart from reads', async () => {
    const ip = '10.7.0.2';
    const write = () => t.post('/api/gift/update-gift', { identifier: 'nadie', type: 'V' }, from(ip));
    for (let i = 0; i < 3; i++) expect((await write()).status).not.toBe(429);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo');
    expect((await t.get('/api/content/epitafio/random', from(ip))).status).not.toBe(429);
  });
});

describe('the default ceilings', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { TRUST_PROXY: '1' }, apiRequestsPerMinute: API_CEILINGS.readsPerMinute });
  });
  afterAll(async () => {
    await t.close();
  });

  it('let a school group of 40 read a memorial together from one Wi-Fi', async () => {
    const school = '10.8.0.1';
    const statuses: number[] = [];
    // 40 phones, 20 reads each within the minute (the page, its posts, gifts, renewals…).
    for (let round = 0; round < 20; round++) {
      const reads = await Promise.all(
        Array.from({ length: 40 }, () => fetch(`${t.url}/api/content/epitafio/random`, from(school))),
      );
      statuses.push(...reads.map((res) => res.status));
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
  });
});
