// POST /api/partner/contracts: the adviser's one form (issue 30 §2). Behind the partner session
// (partner.routes.ts); the branch rule is the service's. JSON, or with the first photo a multipart
// form: the sale as JSON in `sale` (it holds a list of rites and true/false answers) and `picture`.
import { SALE_MESSAGES, partnerSaleSchema } from '@recuerdos/shared/partner-schemas';
import { AppError, parseInput } from '../../http/errors';
import { readMediaUpload } from '../../media/media-upload';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import type { PartnerRouteModule } from './partner.routes';
import { sellMemorial } from './partner-sale.service';

/** The sale's fields: the JSON body, or the multipart form's `sale` field parsed. */
function saleFields(fields: Record<string, unknown>): unknown {
  if (typeof fields.sale !== 'string') return fields;
  try {
    return JSON.parse(fields.sale) as unknown;
  } catch {
    throw new AppError(400, SALE_MESSAGES.formInvalid);
  }
}

export const partnerSaleRoutes: PartnerRouteModule = (app, { ctx, session }) => {
  app.post('/partner/contracts', { config: { multipartFiles: true } }, async (request) => {
    const upload = await readMediaUpload(request, ctx.media, { picture: 'picture' });
    try {
      const input = parseInput(partnerSaleSchema, saleFields(upload.fields));
      const photo = upload.file?.kind === 'picture' ? upload.file.buffer : null;
      const sale = await sellMemorial(ctx, session(request), input, clientAddress(request), photo);
      return ok({ sale }, sale.photoSaved === false ? SALE_MESSAGES.photoNotSaved : SALE_MESSAGES.created);
    } finally {
      await upload.discard();
    }
  });
  return Promise.resolve();
};
