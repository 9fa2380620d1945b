// /api/visit/* (issue 29 §4): the guest page's beacon after each load, and the owner's figures.
import type { FastifyPluginCallback } from 'fastify';
import { identifierQuerySchema, ownerQuerySchema } from '@recuerdos/shared/memorial-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import * as service from './visit.service';
import { presentVisits } from './visit.presenter';

export const visitRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  // The same answer whether the load counted or not: it tells nobody who they are to the memorial.
  app.post('/visit/count-visit', async (request) => {
    const { identifier } = parseInput(identifierQuerySchema, request.body);
    const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
    await service.countVisit(ctx, await callerOf(ctx.db, request), identifier, { userAgent: request.headers['user-agent'], purpose });
    return ok({});
  });

  app.get('/visit/get-visits', async (request) => {
    const input = parseInput(ownerQuerySchema, request.query);
    const { counts, novemberYear } = await service.visitsForOwner(ctx, await callerOf(ctx.db, request), input);
    return ok(presentVisits(counts, novemberYear));
  });
  done();
};
