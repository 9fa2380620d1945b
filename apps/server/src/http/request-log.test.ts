// Logs an operator can afford (issue 16 §5): one line per request, no headers, credentials redacted,
// and a refusal's reason readable (a 429 of the general ceiling used to log "[object Object]").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';

let t: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    apiRequestsPerMinute: 3,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(async () => {
  await t.close();
});

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('request log', () => {
  it('writes one line per request, without headers, with tokens redacted', async () => {
    lines.length = 0;
    const res = await fetch(`${t.url}/api/user/un-token-secreto-de-restablecer`, { headers: { token: 'sesion-secreta', cookie: 'a=secreto' } });
    await res.text();
    await new Promise((resolve) => setImmediate(resolve));
    const mine = requestLines().filter((l) => typeof l.url === 'string' && l.url.startsWith('/api/user/'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ method: 'GET', url: '/api/user/[redacted]', status: res.status });
    const all = JSON.stringify(lines);
    expect(all).not.toContain('un-token-secreto');
    expect(all).not.toContain('sesion-secreta');
    expect(all).not.toContain('secreto');
    expect(all).not.toContain('"headers"');
  });

  it('names the reason of a 429 in words', async () => {
    lines.length = 0;
    let status = 0;
    for (let i = 0; i < 6 && status !== 429; i++) {
      const res = await fetch(`${t.url}/api/content/get-admin-posts-for-guest?id=nada`);
      await res.text();
      status = res.status;
    }
    expect(status).toBe(429);
    await new Promise((resolve) => setImmediate(resolve));
    const refused = requestLines().find((l) => l.status === 429);
    expect(refused?.reason).toBe('read ceiling of 3 requests per minute per address reached');
    expect(JSON.stringify(lines)).not.toContain('[object Object]');
  });
});
