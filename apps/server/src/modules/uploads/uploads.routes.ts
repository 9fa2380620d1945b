// /api/uploads: resumable video uploads over the tus 1.0 protocol (core, creation, termination,
// expiration; https://tus.io/protocols/resumable-upload). Errors answer with the usual Spanish
// envelope. The finished upload's id goes in the submission's `upload` field (content.routes.ts).
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@recuerdos/shared/limits';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { AppError, badRequest } from '../../http/errors';
import * as service from './uploads.service';

const TUS_VERSION = '1.0.0';
const OFFSET_TYPE = 'application/offset+octet-stream';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** `Upload-Metadata`: comma-separated `key base64value` pairs. */
export function parseMetadata(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** A non-negative integer header, or 400. */
function byteCount(value: string | undefined, message: string): number {
  if (value === undefined || !/^\d{1,16}$/.test(value)) throw badRequest(message);
  return Number(value);
}

function describe(reply: FastifyReply, upload: service.UploadState): FastifyReply {
  return reply
    .header('Upload-Offset', String(upload.received))
    .header('Upload-Length', String(upload.length))
    .header('Upload-Expires', upload.expiresAt.toUTCString())
    .header('Cache-Control', 'no-store');
}

export const uploadRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  // PATCH bodies are read as they stream in by the handler, never buffered by a parser.
  app.addContentTypeParser(OFFSET_TYPE, (_request, _payload, next) => {
    next(null);
  });
  app.addHook('onRequest', async (request) => {
    const version = header(request, 'tus-resumable');
    if (request.method !== 'OPTIONS' && version !== TUS_VERSION) throw new AppError(412, 'Esta subida necesita el protocolo tus 1.0.0');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Tus-Resumable', TUS_VERSION);
  });

  const options = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(204)
      .header('Tus-Version', TUS_VERSION)
      .header('Tus-Extension', 'creation,termination,expiration')
      .header('Tus-Max-Size', String(LIMITS.videoMaxBytes))
      .send();
  app.options('/uploads', options);
  app.options('/uploads/:id', options);

  app.post('/uploads', async (request, reply) => {
    const metadata = parseMetadata(header(request, 'upload-metadata'));
    const length = byteCount(header(request, 'upload-length'), service.UPLOAD_MESSAGES.lengthRequired);
    const upload = await service.createUpload(ctx, await callerOf(ctx.db, request), { identifier: metadata.identifier ?? '', length });
    return describe(reply, upload).code(201).header('Location', `/api/uploads/${upload.id}`).send();
  });

  app.head<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const upload = await service.uploadState(ctx, await callerOf(ctx.db, request), request.params.id);
    return describe(reply, upload).code(200).send();
  });

  app.patch<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    if (header(request, 'content-type') !== OFFSET_TYPE) throw new AppError(415, 'La subida debe enviarse como application/offset+octet-stream');
    const offset = byteCount(header(request, 'upload-offset'), service.UPLOAD_MESSAGES.wrongOffset);
    const upload = await service.appendToUpload(ctx, await callerOf(ctx.db, request), request.params.id, offset, request.raw);
    return describe(reply, upload).code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    await service.deleteUpload(ctx, await callerOf(ctx.db, request), request.params.id);
    return reply.code(204).send();
  });
  done();
};
