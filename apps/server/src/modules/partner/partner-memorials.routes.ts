// GET /api/partner/memorials and POST /api/partner/memorials/:number/rites (issue 30 §3), behind
// the partner session (partner.routes.ts).
import { z } from 'zod';
import { RITES_MESSAGES, correctRitesSchema } from '@recuerdos/shared/partner-schemas';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import type { PartnerRouteModule } from './partner.routes';
import { correctRites, listMemorials } from './partner-memorials.service';

const numberParams = z.object({ number: z.string().trim().min(1, RITES_MESSAGES.notFound).max(40, RITES_MESSAGES.notFound) });

export const partnerMemorialRoutes: PartnerRouteModule = (app, { ctx, session }) => {
  app.get('/partner/memorials', async (request) => ok({ memorials: await listMemorials(ctx, session(request)) }));

  app.post('/partner/memorials/:number/rites', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    const { rites } = parseInput(correctRitesSchema, request.body);
    await correctRites(ctx, session(request), number, rites, clientAddress(request));
    return ok({}, RITES_MESSAGES.saved);
  });
  return Promise.resolve();
};
