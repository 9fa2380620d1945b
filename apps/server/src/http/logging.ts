// Request logs never carry credentials: the token/guest headers, passwords and reset or activation
// tokens (in bodies, in query strings and in the path of GET /api/user/{token}) are redacted.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
const USER_PATH_NAMES = new Set(['login', 'logout', 'renew-token', 'change-password', 'restore-password', 'forgot-password', 'guest']);
const SENSITIVE_HEADERS = new Set(['token', 'guest', 'operator', 'partner', 'authorization', 'cookie', 'set-cookie']);

export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  let safePath = pathname;
  const userPath = /^\/api\/user\/([^/]+)$/.exec(pathname);
  if (userPath?.[1] && !USER_PATH_NAMES.has(userPath[1])) safePath = `/api/user/${REDACTED}`;
  if (query === undefined) return safePath;
  const safeQuery = query.replace(/(^|&)(token|code|accessCode|ticket)=[^&]*/gi, `$1$2=${REDACTED}`);
  return `${safePath}?${safeQuery}`;
}

export function redactHeaders(headers: FastifyRequest['headers']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SENSITIVE_HEADERS.has(name) ? REDACTED : value;
  return out;
}

export const LOG_REDACT_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessCode',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessCode',
  'req.headers.token',
  'req.headers.guest',
  'req.headers.operator',
  'req.headers.partner',
  'req.headers.authorization',
  'req.headers.cookie',
];

export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

/** Why a request was refused, readable whatever was thrown (an Error, or @fastify/rate-limit's object). */
export function refusalReason(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const fields = error as { message?: unknown; reason?: unknown };
    if (typeof fields.reason === 'string') return fields.reason;
    if (typeof fields.message === 'string') return fields.message;
    try {
      return JSON.stringify(error);
    } catch {
      return 'unknown';
    }
  }
  return String(error);
}

const refusals = new WeakMap<FastifyRequest, string>();

/** Keeps the reason of a 4xx for the request's one log line. */
export function noteRefusal(request: FastifyRequest, reason: string): void {
  refusals.set(request, reason);
}

/**
 * One line per request (issue 16 §5), written when the response is sent: method, path with tokens
 * redacted, status, time, client address, and the reason of a refusal. No headers: they cost more
 * than the request at high rates and carry credentials.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const line: Record<string, unknown> = {
      method: request.method,
      url: redactUrl(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    const reason = refusals.get(request);
    if (reason !== undefined) line.reason = reason;
    if (status >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
