// GET /api/partner/memorials/:number/card.pdf?size=a6|wallet and /plaque.pdf (issue 30 §5), and
// the same for several at once, /api/partner/print/cards.pdf?numbers=A,B&size=… and plaques.pdf,
// behind the partner session (partner.routes.ts).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PRINT_MESSAGES, RITES_MESSAGES, printBatchSchema } from '@recuerdos/shared/partner-schemas';
import { parseInput } from '../../http/errors';
import { CARD_SIZES, type CardSize } from '../qr/card.service';
import type { PartnerRouteModule } from './partner.routes';
import { partnerCard, partnerCards, partnerPlaque, partnerPlaques } from './partner-print.service';

const numberParams = z.object({ number: z.string().trim().min(1, RITES_MESSAGES.notFound).max(40, RITES_MESSAGES.notFound) });
const cardQuery = z.object({
  size: z.enum(Object.keys(CARD_SIZES) as [CardSize, ...CardSize[]], { error: PRINT_MESSAGES.sizeInvalid }).default('a6'),
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

  // Several memorials in one file, a page each: all of them printable by the caller, or nothing.
  app.get('/partner/print/cards.pdf', async (request, reply) => {
    const { numbers } = parseInput(printBatchSchema, request.query);
    const { size } = parseInput(cardQuery, request.query);
    return sendPdf(reply, await partnerCards(ctx, session(request), numbers, size));
  });

  app.get('/partner/print/plaques.pdf', async (request, reply) => {
    const { numbers } = parseInput(printBatchSchema, request.query);
    return sendPdf(reply, await partnerPlaques(ctx, session(request), numbers));
  });
  return Promise.resolve();
};
