// Security headers (strict CSP: no inline script but by hash, object-src/base-uri/frame-ancestors 'none'), HSTS,
// nosniff and Referrer-Policy; and a coarse per-address ceiling on /api (in-process, or Redis when
// configured): generous for reads (a school group on one Wi-Fi reads a memorial together), tighter
// for writes, none for health and readiness (load balancers poll them). The limits that matter —
// guessing, mail, uploads — are the targeted ones in the services (docs/decisions/011-abuse-limits.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MESSAGES_HTTP } from '../http/errors';
import { failure } from '../http/reply';
import { addressKey } from '../security/client-address';

/** Per address and minute; 0 turns a ceiling off (load benchmarks). */
export const API_CEILINGS = { readsPerMinute: 3000, writesPerMinute: 300 } as const;

/** Probes that must always answer: a refused health check takes an instance out of service. */
export const UNLIMITED_API_PATHS: ReadonlySet<string> = new Set(['/api/health', '/api/ready']);

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';

function apiPath(url: string): string | null {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/api/')) return null;
  return path.length > 5 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Style attributes (server-rendered React markup, cropper transforms); <style> and <script> blocks
  // only by hash (the light pages' inlined styles and after-paint starter, allowInline below).
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

/**
 * The policy already on a reply (set by helmet for every response), with `style-src` and
 * `script-src` also allowing the inline <style> and <script> blocks of exactly these hashes (the
 * light pages' inlined styles and their after-paint starter).
 */
export function allowInline(reply: FastifyReply, hashes: { styles: readonly string[]; scripts: readonly string[] }): void {
  let policy = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  for (const [directive, sources] of [['style-src', hashes.styles], ['script-src', hashes.scripts]] as const) {
    if (sources.length === 0) continue;
    policy = policy.replace(new RegExp(`(^|;)\\s*${directive} ([^;]*)`), (_all, start: string, current: string) => `${start}${directive} ${current} ${sources.join(' ')}`);
  }
  reply.header('content-security-policy', policy);
}

/**
 * The light pages (the QR page, the landing, /login) go without Cross-Origin-Opener-Policy, which
 * every other response keeps. A page arriving with `same-origin` from a tab that had none (a QR
 * scanner's new tab, a search result, WhatsApp) makes the browser swap its browsing context group:
 * a renderer process started cold for it (Android isolates sites that send COOP), whose first
 * script context alone measured 60–100 ms against 25–35 ms without, on the page that must open
 * fastest. These pages hold no session and no secret (the same-origin policy still applies; framing
 * stays refused by frame-ancestors); a private memorial's page rendered with its content keeps the
 * header. Decision 021.
 */
export function withoutOpenerIsolation(reply: FastifyReply): void {
  reply.removeHeader('cross-origin-opener-policy');
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { https: boolean; readsPerMinute: number; writesPerMinute: number; redis: Redis | null; redisPrefix: string },
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

  const ceilingOf = (request: FastifyRequest) => (isRead(request) ? options.readsPerMinute : options.writesPerMinute);
  if (options.readsPerMinute > 0 || options.writesPerMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: (request) => ceilingOf(request),
      timeWindow: 60_000,
      nameSpace: `${options.redisPrefix}global:`,
      keyGenerator: (request) => `${isRead(request) ? 'read' : 'write'}:${addressKey(request.ip)}`,
      // The coarse ceiling lets requests through while Redis is away; the targeted limits refuse (503).
      ...(options.redis ? { redis: options.redis, skipOnError: true } : {}),
      allowList: (request) => {
        const path = apiPath(request.url);
        return path === null || UNLIMITED_API_PATHS.has(path) || ceilingOf(request) <= 0;
      },
      errorResponseBuilder: (request, context) => ({
        ...failure(429, MESSAGES_HTTP.tooMany),
        statusCode: 429,
        // For the request's log line (never sent).
        reason: `${isRead(request) ? 'read' : 'write'} ceiling of ${context.max} requests per minute per address reached`,
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
    });
  }
}
