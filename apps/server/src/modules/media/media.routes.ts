// GET /media/* (DESIGN §6): stored pictures and videos with their exact type, a year of immutable
// cache (keys never change content), and byte ranges for video players. Only names matching the
// stored-object pattern are looked up, so nothing outside the media root (or in its temp area) can
// be reached. Pending guest uploads are not cached by shared caches (decision 002).
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { isObjectName, type ByteRange } from '../../storage/media-store';
import { mediaStoreFor } from '../../storage/media-store-for';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

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

export const mediaRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  const store = mediaStoreFor(ctx);

  app.get('/media/*', async (request, reply): Promise<FastifyReply> => {
    const name = (request.params as { '*'?: string })['*'] ?? '';
    if (!isObjectName(name)) throw notFound();
    const info = await store.stat(name);
    if (!info) throw notFound();
    const range = parseRange(request.headers.range, info.size);
    if (range.kind === 'unsatisfiable') {
      void reply.header('content-range', `bytes */${info.size}`);
      throw new AppError(416, 'El rango solicitado no es válido');
    }
    const extension = name.slice(name.lastIndexOf('.') + 1);
    void reply
      .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .header('cache-control', name.startsWith('pending/') ? PENDING_CACHE : IMMUTABLE)
      .header('accept-ranges', 'bytes')
      .header('last-modified', info.modifiedAt.toUTCString());
    if (range.kind === 'range') {
      const { start, end } = range.range;
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', end - start + 1)
        .send(store.read(name, range.range));
    }
    return reply.header('content-length', info.size).send(store.read(name));
  });
  done();
};
