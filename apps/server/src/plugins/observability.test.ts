// Readiness and metrics (issue 16 §6): /api/ready names what failed with a 503 (database, Redis,
// media store) and turns 503 while draining; /metrics is off without METRICS_TOKEN and refused
// without the token when on.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { testDialect } from '../../test/database';
import { startS3rver, type TestS3 } from '../../test/s3';

const TOKEN = 'metricas-secretas-de-prueba-123';

describe('GET /api/ready', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ready with each check when everything answers', async () => {
    const res = await t.get<{ status: string; checks: Record<string, string> }>('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ready');
    expect(res.body.data.checks).toMatchObject({ database: 'ok', media: 'ok' });
  });

  it('turns 503 while draining, while other requests are still served', async () => {
    const readiness = t.readiness;
    readiness.draining = true;
    try {
      const res = await t.get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('El servidor se está deteniendo');
      expect((await t.get('/api/health')).status).toBe(200);
    } finally {
      readiness.draining = false;
    }
  });

  it('serves /metrics only with the token', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer otro-token-cualquiera-xx' } })).status).toBe(401);
    await t.get('/api/health');
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('recuerdos_http_request_duration_seconds_bucket{');
    expect(text).toContain('route="/api/health"');
    expect(text).toContain('recuerdos_mail_total');
    expect(text).toContain('recuerdos_job_runs_total');
  });
});

describe('GET /api/ready with parts unreachable', () => {
  let t: TestServer;
  let bucket: TestS3 | null;
  beforeAll(async () => {
    // Redis on a port nobody listens on. The media store, fine at start, then goes away: the bucket's
    // server stops (the PostgreSQL run stores media in S3), or the media folder becomes a file.
    bucket = testDialect() === 'postgres' ? await startS3rver() : null;
    t = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:9' }, ...(bucket ? { s3: bucket } : {}) });
    if (bucket) {
      await bucket.close();
    } else {
      await fs.rm(t.config.mediaDir, { recursive: true, force: true });
      await fs.writeFile(t.config.mediaDir, 'no soy una carpeta');
    }
  });
  afterAll(async () => {
    if (!bucket) await fs.rm(t.config.mediaDir, { force: true });
    await t.close();
  });

  it('answers 503 naming Redis and the media store', async () => {
    const res = await t.get<{ checks: Record<string, string> }>('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('No disponible: falla media, redis');
    expect(res.body.data.checks).toEqual({ database: 'ok', media: 'failed', redis: 'failed' });
  });

  it('keeps /metrics off without METRICS_TOKEN', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
  });
});
