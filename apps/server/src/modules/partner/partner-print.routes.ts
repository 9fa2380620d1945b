// GET /api/partner/memorials/:number/card.pdf?size=a6|wallet and /plaque.pdf (issue 30 §5), behind
// the partner session (partner.routes.ts).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RITES_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { parseInput } from '../../http/errors';
import { CARD_SIZES, type CardSize } from '../qr/card.service';
import type { PartnerRouteModule } from './partner.routes';
import { partnerCard, partnerPlaque } from './partner-print.service';

const numberParams = z.object({ number: z.string().trim().min(1, RITES_MESSAGES.notFound).max(40, RITES_MESSAGES.notFound) });
const cardQuery = z.object({
  size: z.enum(Object.keys(CARD_SIZES) as [CardSize, ...CardSize[]], { error: 'El tamaño debe ser a6 o wallet' }).default('a6'),
});

function sendPdf(reply: FastifyReply, file: { pdf: Buffer; filename: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

export const partnerPrintRoutes: PartnerRouteModule = (app, { ctx, session }) => {
  app.get('/partner/memorials/:number/card.pdf', async (request, reply) => {
    const { number } = parseInput(numberParams, request.params);
    const { size } = parseInput(cardQuery, request.query);
    return sendPdf(reply, await partnerCard(ctx, session(request), number, size));
  });

  app.get('/partner/memorials/:number/plaque.pdf', async (request, reply) => {
    const { number } = parseInput(numberParams, request.params);
    return sendPdf(reply, await partnerPlaque(ctx, session(request), number));
  });
  return Promise.resolve();
};
