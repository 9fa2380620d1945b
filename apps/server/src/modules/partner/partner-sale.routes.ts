// POST /api/partner/contracts: the adviser's one form (issue 30 §2). Behind the partner session
// (partner.routes.ts); the branch rule is the service's.
import { SALE_MESSAGES, partnerSaleSchema } from '@recuerdos/shared/partner-schemas';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import type { PartnerRouteModule } from './partner.routes';
import { sellMemorial } from './partner-sale.service';

export const partnerSaleRoutes: PartnerRouteModule = (app, { ctx, session }) => {
  app.post('/partner/contracts', async (request) => {
    const input = parseInput(partnerSaleSchema, request.body);
    const sale = await sellMemorial(ctx, session(request), input, clientAddress(request));
    return ok({ sale }, SALE_MESSAGES.created);
  });
  return Promise.resolve();
};
