// /api/internal/complaints (spec §7).
import type { FastifyPluginCallback } from 'fastify';
import { complaintSchema } from '@recuerdos/shared/complaint-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { clientAddress } from '../../security/client-address';
import { ok } from '../../http/reply';
import { COMPLAINT_MESSAGES, fileComplaint } from './complaint.service';
import { presentFiledComplaint } from './complaint.presenter';

export const complaintRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.post('/internal/complaints', async (request) => {
    const input = parseInput(complaintSchema, request.body);
    return ok(presentFiledComplaint(await fileComplaint(ctx, clientAddress(request), input)), COMPLAINT_MESSAGES.sent);
  });
  done();
};
