// Every error becomes the envelope with a Spanish message and the right status (DESIGN §3);
// 5xx are logged with their stack and answered generically. Unknown /api and /media paths → 404 JSON.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES_HTTP } from '../http/errors';
import { failure } from '../http/reply';
import { noteRefusal, refusalReason } from '../http/logging';

const MESSAGE_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES_HTTP.unsupportedType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES_HTTP.invalidBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES_HTTP.invalidBody,
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES_HTTP.invalidBody,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES_HTTP.tooLarge,
  FST_REQ_FILE_TOO_LARGE: MESSAGES_HTTP.tooLarge,
  FST_PARTS_LIMIT: MESSAGES_HTTP.tooLarge,
  FST_FILES_LIMIT: MESSAGES_HTTP.tooLarge,
  FST_FIELDS_LIMIT: MESSAGES_HTTP.tooLarge,
  FST_PROTO_VIOLATION: MESSAGES_HTTP.invalidBody,
  FST_INVALID_MULTIPART_CONTENT_TYPE: MESSAGES_HTTP.unsupportedType,
  FST_ERR_BAD_URL: MESSAGES_HTTP.badRequest,
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: MESSAGES_HTTP.badRequest,
  401: MESSAGES_HTTP.unauthorized,
  403: MESSAGES_HTTP.forbidden,
  404: MESSAGES_HTTP.notFound,
  405: MESSAGES_HTTP.badRequest,
  406: MESSAGES_HTTP.unsupportedType,
  409: MESSAGES_HTTP.conflict,
  413: MESSAGES_HTTP.tooLarge,
  415: MESSAGES_HTTP.unsupportedType,
  429: MESSAGES_HTTP.tooMany,
  503: MESSAGES_HTTP.unavailable,
};

/** Status and Spanish message for anything thrown. */
export function describeError(error: unknown): { status: number; message: string; data: Record<string, unknown> } {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message, data: error.data };
  const e = error as Partial<FastifyError> & { status?: number };
  const byCode = e.code ? MESSAGE_BY_CODE[e.code] : undefined;
  let status = e.statusCode ?? e.status ?? 500;
  // Malformed multipart surfaces from busboy as a plain Error without a status.
  if (status === 500 && error instanceof Error && /Unexpected end of (form|multipart)|Malformed part header|Multipart: Boundary not found/i.test(error.message)) {
    status = 400;
  }
  if (status < 400 || status > 599) status = 500;
  const message = byCode ?? (status >= 500 ? MESSAGES_HTTP.internal : (MESSAGE_BY_STATUS[status] ?? MESSAGES_HTTP.badRequest));
  return { status: status >= 500 && status !== 503 ? 500 : status, message, data: {} };
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message, data } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'Request failed');
    else noteRefusal(request, refusalReason(error));
    const retryAfter = data.retryAfter;
    if (status === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    // The request body may be unread (an early refusal of an upload): close rather than drain it.
    if (status === 413) void reply.header('connection', 'close');
    return reply.status(status).type('application/json; charset=utf-8').send(failure(status, message, data));
  });
}

export function apiNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).type('application/json; charset=utf-8').send(failure(404, MESSAGES_HTTP.notFound));
}
