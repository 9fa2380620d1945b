// GET /api/person/export?identifier= — owner only; the memorial's ZIP archive as a file download.
import type { FastifyPluginCallback } from 'fastify';
import { identifierQuerySchema } from '@recuerdos/shared/memorial-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { exportMemorial } from './export.service';

export const exportRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.get('/person/export', async (request, reply) => {
    const { identifier } = parseInput(identifierQuerySchema, request.query);
    const archive = await exportMemorial(ctx, await callerOf(ctx.db, request), identifier);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${archive.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(archive.stream);
  });
  done();
};
