// 'Descargar mis recuerdos' (beyond the spec, issue 6), owner only:
//   POST /api/person/export-ticket {identifier}  → data.url, a single-use link valid for 2 minutes
//   GET  /api/person/export?identifier=&ticket=  → the memorial's ZIP archive as a file download
// (GET with the 'token' header instead of a ticket works too, for API clients.)
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { identifierQuerySchema } from '@recuerdos/shared/memorial-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { presentExportTicket } from './export.presenter';
import { createExportTicket, exportMemorial, exportMemorialWithTicket } from './export.service';

const downloadQuerySchema = identifierQuerySchema.extend({ ticket: z.string().trim().min(1).max(100).optional() });

export const exportRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.post('/person/export-ticket', async (request) => {
    const { identifier } = parseInput(identifierQuerySchema, request.body);
    const ticket = await createExportTicket(ctx, await callerOf(ctx.db, request), identifier);
    return ok(presentExportTicket(identifier, ticket));
  });

  app.get('/person/export', async (request, reply) => {
    const { identifier, ticket } = parseInput(downloadQuerySchema, request.query);
    const archive = ticket
      ? await exportMemorialWithTicket(ctx, ticket, identifier)
      : await exportMemorial(ctx, await callerOf(ctx.db, request), identifier);
    if (archive.size !== null) void reply.header('content-length', String(archive.size));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${archive.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(archive.stream);
  });
  done();
};
