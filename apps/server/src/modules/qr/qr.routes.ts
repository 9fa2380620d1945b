// GET /api/person/qr-code?identifier=&format=svg|png — owner only; a file download.
// GET /api/person/remembrance-card?identifier=&size=a6|wallet — owner only; the printable card (PDF),
// with the access code of a private memorial when the family chose to share it (issue 28 §1), and
// during a funeral phase the funeral home's line and logo, as on the QR page (issue 30 §4).
import { guestUrl } from '../../http/links';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { identifierField } from '@recuerdos/shared/fields';
import type { AppContext } from '../../context';
import { requireUser } from '../../auth/guards';
import { notFound, parseInput, MESSAGES_HTTP } from '../../http/errors';
import { findOwnedMemorial } from './qr.repository';
import { renderQr } from './qr.service';
import { CARD_SIZES, type CardSize } from './card.service';
import { readProfilePhoto } from './card.photo';
import { funeralPartnerWithLogoOf, inFuneralPhase } from '../partner/funeral-phase';
import { funeralLine } from '@recuerdos/shared/remembrance-text';
import { logoPng } from '../partner/partner-logo';

const qrQuerySchema = z.object({
  identifier: identifierField,
  format: z.enum(['svg', 'png'], { error: 'El formato debe ser svg o png' }).default('png'),
});

const cardQuerySchema = z.object({
  identifier: identifierField,
  size: z.enum(Object.keys(CARD_SIZES) as [CardSize, ...CardSize[]], { error: 'El tamaño debe ser a6 o wallet' }).default('a6'),
});

const CONTENT_TYPES = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' } as const;

function sendFile(reply: FastifyReply, type: keyof typeof CONTENT_TYPES, filename: string, file: Buffer) {
  return reply
    .type(CONTENT_TYPES[type])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file);
}

export const qrRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ownedMemorial = async (request: FastifyRequest, identifier: string) => {
    const user = await requireUser(ctx.db, request);
    const memorial = await findOwnedMemorial(ctx.db, user.accountId, identifier);
    if (!memorial) throw notFound(MESSAGES_HTTP.memorialNotFound);
    return { memorial, link: guestUrl(ctx.config.publicUrl, memorial.identifier) };
  };

  app.get('/person/qr-code', async (request, reply) => {
    const query = parseInput(qrQuerySchema, request.query);
    const { memorial, link } = await ownedMemorial(request, query.identifier);
    return sendFile(reply, query.format, `recuerdos-qr-${memorial.identifier}.${query.format}`, await renderQr(link, query.format));
  });

  app.get('/person/remembrance-card', async (request, reply) => {
    const query = parseInput(cardQuerySchema, request.query);
    const { memorial, link } = await ownedMemorial(request, query.identifier);
    const photo = await readProfilePhoto(ctx, memorial.photoKey);
    const accessCode = memorial.type === 'P' && memorial.flagShareCode ? memorial.accessCode : null;
    const partner = inFuneralPhase(memorial, ctx.now()) ? await funeralPartnerWithLogoOf(ctx.db, memorial.id) : null;
    const pdf = await ctx.pdf.build('cards', {
      contents: [
        {
          fullname: memorial.fullname,
        birthdate: memorial.birthdate,
        deathdate: memorial.deathdate,
        epitaph: memorial.description,
        photo,
        link,
        accessCode,
        partnerLine: partner ? funeralLine(partner.name) : null,
          partnerLogo: partner ? await logoPng(ctx, partner.logoKey) : null,
        },
      ],
      size: query.size,
    });
    return sendFile(reply, 'pdf', `recordatorio-${memorial.identifier}-${query.size}.pdf`, pdf);
  });
};
