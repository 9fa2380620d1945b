// The one response envelope of DESIGN §3: { code: "200", message, data }.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '@recuerdos/shared/api-types';
import { etagOf, matchesEtag } from './etag';

export function ok<T extends object>(data: T, message = 'OK'): Envelope<T> {
  return { code: '200', message, data };
}

export function failure(statusCode: number, message: string, data: Record<string, unknown> = {}): Envelope<Record<string, unknown>> {
  return { code: String(statusCode), message, data };
}

/**
 * A guest read whose answer is the same while what it shows is (issue 13 §2): its ETag is the hash
 * of `stamp` (the memorial row, the list and the page asked, the media-link window); the browser
 * revalidates each time (`private, no-cache`) and gets a bodiless 304 while nothing changed.
 */
export function okUnlessUnchanged<T extends object>(request: FastifyRequest, reply: FastifyReply, stamp: string, data: T): Envelope<T> | FastifyReply {
  const etag = etagOf(stamp);
  void reply.header('etag', `"${etag}"`).header('cache-control', 'private, no-cache');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return ok(data);
}
