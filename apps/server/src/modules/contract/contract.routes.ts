// /api/contract/* of spec §7: activation by the e-mailed link, and the owner's banners.
import type { FastifyInstance } from 'fastify';
import { activateContractSchema } from '@recuerdos/shared/user-schemas';
import { identifierQuerySchema } from '@recuerdos/shared/memorial-schemas';
import type { AppContext } from '../../context';
import { requireUser } from '../../auth/guards';
import { parseInput } from '../../http/errors';
import { clientAddress } from '../../security/client-address';
import { ok } from '../../http/reply';
import { presentActivation, presentDisclaimers } from './contract.presenter';
import { CONTRACT_MESSAGES, activateContract, disclaimersFor } from './contract.service';

export function contractRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post('/contract/activate', async (request) => {
    const input = parseInput(activateContractSchema, request.body);
    return ok(presentActivation(await activateContract(ctx, input, clientAddress(request))), CONTRACT_MESSAGES.activated);
  });

  app.get('/contract/get-disclaimers', async (request) => {
    const session = await requireUser(ctx.db, request);
    const { identifier } = parseInput(identifierQuerySchema, request.query);
    return ok(presentDisclaimers(await disclaimersFor(ctx, session, identifier)));
  });

  return Promise.resolve();
}
