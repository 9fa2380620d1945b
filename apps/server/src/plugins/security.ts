// Security headers (strict CSP: no inline script, object-src/base-uri/frame-ancestors 'none'), HSTS,
// nosniff and Referrer-Policy; and a per-IP ceiling on /api (in-process, or Redis when configured).
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MESSAGES_HTTP } from '../http/errors';
import { failure } from '../http/reply';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Style attributes only (server-rendered React markup, cropper transforms); no <style> blocks.
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

export async function registerSecurity(
  app: FastifyInstance,
  options: { https: boolean; perMinute: number; redis: Redis | null; redisPrefix: string },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]])),
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  if (options.perMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      nameSpace: `${options.redisPrefix}global:`,
      // The coarse ceiling lets requests through while Redis is away; the targeted limits refuse (503).
      ...(options.redis ? { redis: options.redis, skipOnError: true } : {}),
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => ({
        ...failure(429, MESSAGES_HTTP.tooMany),
        statusCode: 429,
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
    });
  }
}
