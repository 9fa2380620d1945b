// Request logs never carry credentials: the token/guest headers, passwords and reset or activation
// tokens (in bodies, in query strings and in the path of GET /api/user/{token}) are redacted.
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
const USER_PATH_NAMES = new Set(['login', 'logout', 'renew-token', 'change-password', 'restore-password', 'forgot-password', 'guest']);
const SENSITIVE_HEADERS = new Set(['token', 'guest', 'authorization', 'cookie', 'set-cookie']);

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
  'req.headers.authorization',
  'req.headers.cookie',
];

export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
    headers: redactHeaders(request.headers),
  };
}
