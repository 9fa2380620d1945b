// GET /media/* (DESIGN §6): stored pictures and videos, streamed from the store (disk or S3) with
// their exact type, a year of immutable cache (keys never change content), an ETag, and byte ranges
// for video players. Only names matching the stored-object pattern are looked up, so nothing
// outside the media root (or in its temp area) can be reached. Pending guest uploads are not cached by shared caches (decision 002).
// Only objects that belong to a memorial answer; a private memorial's only through signed links.
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { matchesEtag } from '../../http/etag';
import { isObjectName, type ByteRange } from '../../storage/media-store';
import { isPrivate, keyOfObject, memorialOfKey, parseMediaRequest, type MediaLinks, type MediaRequest } from '../../media/media-links';
import { ORIGINAL_SUFFIX } from '../../media/media-keys';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const PENDING_CACHE = 'private, no-store';

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/** One `bytes=` range (RFC 9110 §14.1.2); several ranges or a malformed header mean the whole file. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}


/** Public media never change; a guest's pending upload is never stored; a signed link only privately, until it expires. */
function cacheControl(asked: MediaRequest, links: MediaLinks): string {
  if (asked.name.startsWith('pending/')) return PENDING_CACHE;
  return asked.signed ? `private, max-age=${links.secondsLeft(asked)}` : IMMUTABLE;
}

export const mediaRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  const store = ctx.media;

  app.get('/media/*', async (request, reply): Promise<FastifyReply> => {
    const asked = parseMediaRequest((request.params as { '*'?: string })['*'] ?? '');
    // A video's original waiting for its conversion (issue 26) is the server's, never served.
    if (!asked || !isObjectName(asked.name) || asked.name.endsWith(ORIGINAL_SUFFIX)) throw notFound();
    const { name } = asked;
    // A private memorial's media answer only signed, unexpired links of its current access code;
    // a public memorial's plain paths stop answering once it turns private (issue 12 §6).
    const owner = await memorialOfKey(ctx.db, keyOfObject(name));
    if (!owner || (asked.signed ? !ctx.mediaLinks.verify(owner, asked) : isPrivate(owner))) throw notFound();
    const info = await store.head(name);
    if (!info) throw notFound();
    const notModified = matchesEtag(request.headers['if-none-match'], info.etag);
    const range = parseRange(request.headers.range, info.size);
    if (!notModified && range.kind === 'unsatisfiable') {
      void reply.header('content-range', `bytes */${info.size}`);
      throw new AppError(416, 'El rango solicitado no es válido');
    }
    const object = notModified ? null : await store.get(name, range.kind === 'range' ? range.range : undefined);
    // Deleted between head and get (another instance removed the post).
    if (!notModified && !object) throw notFound();
    void reply
      .type(info.contentType)
      .header('cache-control', cacheControl(asked, ctx.mediaLinks))
      .header('accept-ranges', 'bytes')
      .header('etag', `"${info.etag}"`)
      .header('last-modified', info.modifiedAt.toUTCString());
    if (!object) return reply.status(304).send();
    if (range.kind === 'range') {
      const { start, end } = range.range;
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', end - start + 1)
        .send(object.body);
    }
    return reply.header('content-length', info.size).send(object.body);
  });
  done();
};
