// GET /api/person/qr-code?identifier=&format=svg|png — owner only; a file download.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { identifierField } from '@recuerdos/shared/fields';
import type { AppContext } from '../../context';
import { requireUser } from '../../auth/guards';
import { notFound, parseInput, MESSAGES_HTTP } from '../../http/errors';
import { findOwnedMemorial } from './qr.repository';
import { renderQr } from './qr.service';

const qrQuerySchema = z.object({
  identifier: identifierField,
  format: z.enum(['svg', 'png'], { error: 'El formato debe ser svg o png' }).default('png'),
});

const CONTENT_TYPES = { svg: 'image/svg+xml', png: 'image/png' } as const;

export const qrRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/person/qr-code', async (request, reply) => {
    const query = parseInput(qrQuerySchema, request.query);
    const user = await requireUser(ctx.db, request);
    const memorial = await findOwnedMemorial(ctx.db, user.accountId, query.identifier);
    if (!memorial) throw notFound(MESSAGES_HTTP.memorialNotFound);
    const url = `${ctx.config.publicUrl}/guest?id=${encodeURIComponent(memorial.identifier)}`;
    const file = await renderQr(url, query.format);
    return reply
      .type(CONTENT_TYPES[query.format])
      .header('content-disposition', `attachment; filename="recuerdos-qr-${memorial.identifier}.${query.format}"`)
      .header('cache-control', 'private, no-store')
      .send(file);
  });
};
