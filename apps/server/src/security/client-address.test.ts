// Behind a proxy, the client address comes only from the hops we trust (issue 12 §2): a client that
// writes its own X-Forwarded-For cannot become a new visitor per request and slip past every
// per-address limit (here: the complaints form, which e-mails a copy to any address typed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { ok } from '../http/reply';
import { COMPLAINT_LIMIT } from '../modules/complaint/complaint.service';

const withEcho = (trustProxy: string) =>
  startTestServer({
    env: { TRUST_PROXY: trustProxy },
    routes(app) {
      app.get('/api/test/ip', (request) => ok({ ip: request.ip }));
    },
  });

async function ipSeen(server: TestServer, forwardedFor?: string): Promise<string> {
  const res = await server.get<{ ip: string }>('/api/test/ip', forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {});
  return res.body.data.ip;
}

describe('one trusted hop (TRUST_PROXY=1)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await withEcho('1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the address our proxy added, never the one the client wrote before it', async () => {
    expect(await ipSeen(t, '10.1.1.1')).toBe('10.1.1.1');
    expect(await ipSeen(t, '6.6.6.6, 10.1.1.1')).toBe('10.1.1.1');
    expect(await ipSeen(t, '1.1.1.1, 2.2.2.2, 10.1.1.1')).toBe('10.1.1.1');
    expect(await ipSeen(t)).toBe('127.0.0.1');
  });

  it('stops a client that forges a new X-Forwarded-For on every complaint at the per-address limit', async () => {
    const file = (i: number) =>
      t.post(
        '/api/internal/complaints',
        {
          date: '22/11/2026',
          name: 'Nadie',
          lastname: 'Falso',
          email: `victima-${i}@ejemplo.pe`,
          contract: 'X',
          document: '1',
          phone: '1',
          type: '1',
          detail: 'x',
          order: 'x',
        },
        { headers: { 'x-forwarded-for': `${(i % 250) + 1}.${i % 7}.0.9, 10.4.4.4` } },
      );
    const answers = [];
    for (let i = 0; i < COMPLAINT_LIMIT.max + 3; i++) answers.push((await file(i)).status);
    expect(answers).toEqual([...Array<number>(COMPLAINT_LIMIT.max).fill(200), 429, 429, 429]);
    await t.mailsSent();
    expect(t.smtp.messages.filter((m) => m.to.some((to) => to.startsWith('victima-')))).toHaveLength(COMPLAINT_LIMIT.max);
  });
});

describe('the proxies named by address (TRUST_PROXY=127.0.0.1) or counted (TRUST_PROXY=2)', () => {
  let byAddress: TestServer;
  let twoHops: TestServer;
  let none: TestServer;
  beforeAll(async () => {
    [byAddress, twoHops, none] = await Promise.all([withEcho('127.0.0.1'), withEcho('2'), withEcho('0')]);
  });
  afterAll(async () => {
    await Promise.all([byAddress.close(), twoHops.close(), none.close()]);
  });

  it('walks back only through trusted proxies', async () => {
    expect(await ipSeen(byAddress, '6.6.6.6, 10.2.2.2')).toBe('10.2.2.2');
    // 10.2.2.2 is not a proxy of ours, so whatever it claims is not believed.
    expect(await ipSeen(byAddress, '6.6.6.6, 10.2.2.2, 127.0.0.1')).toBe('10.2.2.2');
    expect(await ipSeen(twoHops, '6.6.6.6, 10.3.3.3, 10.0.0.5')).toBe('10.3.3.3');
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    expect(await ipSeen(none, '10.5.5.5')).toBe('127.0.0.1');
  });
});
