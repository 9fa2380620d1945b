// Readiness and metrics (issue 16 §6). GET /api/health stays the cheap liveness answer; GET
// /api/ready checks what a request needs (database, Redis when configured, the media store), each
// with a short timeout, and answers 503 naming what failed, or while the server drains before a
// graceful stop. GET /metrics (Prometheus) exists only when METRICS_TOKEN is set, and answers only
// to `Authorization: Bearer <METRICS_TOKEN>`.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { failure, ok } from '../http/reply';
import { MESSAGES_HTTP } from '../http/errors';
import { httpDuration, metricsRegistry } from '../metrics/metrics';

export const READY_CHECK_TIMEOUT_MS = 1500;

export type CheckName = 'database' | 'redis' | 'media';

export const READY_MESSAGES = {
  draining: 'El servidor se está deteniendo',
  failed: (names: string[]) => `No disponible: falla ${names.join(', ')}`,
} as const;

/** The media store answers as configured (the folder, or the bucket with these credentials). */
export async function checkMediaStore(ctx: AppContext): Promise<void> {
  await ctx.media.check();
}

function withTimeout<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface Readiness {
  /** Set on SIGTERM: /api/ready answers 503 while requests are still served. */
  draining: boolean;
}

export function registerObservability(app: FastifyInstance, ctx: AppContext, redis: Redis | null): Readiness {
  const readiness: Readiness = { draining: false };

  app.addHook('onResponse', (request, reply, done) => {
    httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/api/ready', async (_request, reply) => {
    if (readiness.draining) return reply.status(503).send(failure(503, READY_MESSAGES.draining, { checks: {} }));
    const checks: [CheckName, () => Promise<unknown>][] = [
      ['database', () => sql`select 1`.execute(ctx.db)],
      ['media', () => checkMediaStore(ctx)],
    ];
    if (redis) checks.push(['redis', () => redis.ping()]);
    const results = await Promise.all(
      checks.map(async ([name, check]) => {
        try {
          await withTimeout(check(), READY_CHECK_TIMEOUT_MS, name);
          return [name, 'ok'] as const;
        } catch (err) {
          ctx.log.warn({ err, check: name }, 'Readiness check failed');
          return [name, 'failed'] as const;
        }
      }),
    );
    const report = Object.fromEntries(results);
    const failed = results.filter(([, state]) => state === 'failed').map(([name]) => name);
    if (failed.length > 0) return reply.status(503).send(failure(503, READY_MESSAGES.failed(failed), { checks: report }));
    return ok({ status: 'ready', checks: report });
  });

  const token = ctx.config.metricsToken;
  const expected = token ? createHash('sha256').update(`Bearer ${token}`).digest() : null;
  app.get('/metrics', async (request, reply) => {
    // Off unless configured: the same answer as any unknown address.
    if (!expected) return reply.status(404).send(failure(404, MESSAGES_HTTP.notFound));
    const given = createHash('sha256').update(request.headers.authorization ?? '').digest();
    if (!timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(failure(401, 'Se requiere el token de métricas'));
    }
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
  return readiness;
}
