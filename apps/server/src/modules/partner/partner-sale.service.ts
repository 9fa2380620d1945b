// A memorial sold at the funeral home, in one form (issue 30 §2, docs/decisions/031): the adviser
// types the deceased's name and dates, the family member who contracts and, if known, the rites.
// The contract is made by the same createContract as the CLI and the back office; the sale row, the
// rites and the activation e-mail (naming the funeral home) commit in its transaction. The adviser
// gets a WhatsApp link for the family's phone with the activation and the guest link, never the
// access code: a private memorial's content must stay out of the partner's reach.
import { PARTNER_MESSAGES, SALE_CONSENT_TEXT, SALE_MESSAGES, type PartnerSaleValues } from '@recuerdos/shared/partner-schemas';
import { parseSoles } from '@recuerdos/shared/money';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { AppError, forbidden } from '../../http/errors';
import { reserveAll } from '../../security/attempt-guard';
import { createContract } from '../contract/contract.service';
import { startFuneralPhase } from './funeral-phase';
import { recordAudit } from '../audit/audit.service';
import { newMediaKey } from '../../media/media-keys';
import { StagedMedia } from '../../media/staged-media';
import { PARTNER_POLICY } from './partner.policy';
import * as repo from './partner.repository';
import { partnerActor, type PartnerSession } from './partner.service';

/** Each sale e-mails an address the seller typed: a stolen adviser session cannot flood inboxes. */
export const SALE_LIMIT = { max: 30, windowMs: 60 * 60_000 } as const;

export interface Sale {
  contract: string;
  identifier: string;
  person: string;
  email: string;
  type: 'P' | 'U';
  guestUrl: string;
  whatsappUrl: string;
  /** With a photo: whether it was stored (false: the store failed after the sale committed); null without one. */
  photoSaved: boolean | null;
}

export function saleWhatsappUrl(input: { whatsapp: string; familyName: string; partnerName: string; person: string; activationUrl: string; guestUrl: string }): string {
  const text = [
    `Hola, ${input.familyName}. ${input.partnerName} registró el memorial de ${input.person} en Recuerdos.`,
    `Actívalo aquí (también te lo enviamos por correo): ${input.activationUrl}`,
    `Enlace del memorial para compartir con la familia: ${input.guestUrl}`,
  ].join('\n');
  return `https://wa.me/${input.whatsapp.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}

/**
 * The sale, with the first photo when the adviser took one. The seller's allowance (SALE_LIMIT) is
 * reserved first: a seller over it costs no picture work. The photo is then checked and re-encoded
 * (the profile photo's path: 400 in Spanish for bytes that are not a picture, before anything is
 * written; a refused photo gives its reservation back, it made no sale) into temporary objects; the
 * memorial's row names it in the sale's transaction, and the objects take their final name only once
 * that committed (STYLE habit 7). A sale refused for any reason removes the temporaries: no orphan
 * file, and a refused photo leaves no sale.
 */
export async function sellMemorial(ctx: AppContext, session: PartnerSession, input: PartnerSaleValues, ip: string, photo: Buffer | null = null): Promise<Sale> {
  // An adviser sells in its branch whatever it sends; an admin names one of its partner's.
  const branchId = input.branchId ?? session.branchId;
  if (branchId === null) throw new AppError(400, PARTNER_MESSAGES.branchRequired);
  const branch = await repo.findBranch(ctx.db, session.partnerId, branchId);
  if (!branch) throw new AppError(404, PARTNER_MESSAGES.branchNotFound);
  if (!PARTNER_POLICY.workInBranch(session, branch.id)) throw forbidden(PARTNER_MESSAGES.otherBranch);
  if (await repo.findPartnerUserByEmail(ctx.db, input.email)) throw new AppError(400, SALE_MESSAGES.emailIsStaff);
  const giveBack = await reserveAll(ctx.limiter, [{ key: `partner-sale:${session.partnerUserId}`, cap: SALE_LIMIT, message: SALE_MESSAGES.tooMany }]);
  let staged: StagedMedia | null;
  try {
    staged = photo ? await StagedMedia.picture(ctx.media, photo, 'profile') : null;
  } catch (err) {
    await giveBack();
    throw err;
  }
  try {
    return await sellWithPhoto(ctx, session, input, ip, branch.id, staged);
  } catch (err) {
    await staged?.discard();
    throw err;
  }
}

async function sellWithPhoto(ctx: AppContext, session: PartnerSession, input: PartnerSaleValues, ip: string, branchId: number, staged: StagedMedia | null): Promise<Sale> {
  const photoKey = staged ? newMediaKey(false) : null;

  // The schema already refused a bad price: this is its plain form ('350.50') made céntimos.
  const price = parseSoles(input.price);
  if ('problem' in price) throw new AppError(400, price.problem);

  const now = ctx.now();
  const created = await createContract(
    { db: ctx.db, config: ctx.config, mail: ctx.mail },
    {
      email: input.email,
      name: input.familyName,
      lastname: input.familyLastname,
      person: input.person,
      memorial: { type: input.private ? 'P' : 'U', birthdate: input.birthdate || null, deathdate: input.deathdate },
      soldBy: session.partnerName,
      refuseExistingAccount: SALE_MESSAGES.emailHasAccount,
      within: async (trx, contract) => {
        await trx
          .insertInto('partnerSales')
          .values({
            contractId: contract.contractId,
            partnerId: session.partnerId,
            branchId,
            sellerId: session.partnerUserId,
            person: input.person,
            priceCents: price.cents,
            relationship: input.relationship,
            familyDni: input.dni,
            familyWhatsapp: input.whatsapp,
            consentText: SALE_CONSENT_TEXT,
            consentedAt: nowIso(now),
            createdAt: nowIso(now),
          })
          .execute();
        if (input.rites.length > 0) {
          await trx
            .insertInto('memorialEvents')
            .values(
              input.rites.map((rite) => ({
                memorialId: contract.memorialId,
                kind: rite.kind,
                title: rite.title,
                date: rite.date,
                time: rite.time,
                place: rite.place,
                mapUrl: rite.mapUrl,
                createdAt: nowIso(now),
                updatedAt: nowIso(now),
              })),
            )
            .execute();
        }
        // The first photo: named by the row now, its objects in place once this commits.
        if (photoKey) await trx.updateTable('memorials').set({ photoKey }).where('id', '=', contract.memorialId).execute();
        // The funeral phase (§4): the rites first and the funeral home's line until 30 days after the last rite.
        await startFuneralPhase(trx, contract.memorialId, input.rites.map((rite) => rite.date), now);
        await recordAudit(trx, partnerActor(session, ip), 'partner.contract-created', contract.number, {
          partner: session.partnerId,
          branch: branchId,
          rites: input.rites.length,
          photo: photoKey !== null,
        });
      },
    },
  );
  const photoSaved = staged && photoKey ? await promotePhoto(ctx, staged, photoKey, created.memorialId) : null;
  return {
    contract: created.number,
    identifier: created.identifier,
    person: created.person,
    email: created.email,
    type: input.private ? 'P' : 'U',
    guestUrl: created.guestUrl,
    whatsappUrl: saleWhatsappUrl({
      whatsapp: input.whatsapp,
      familyName: input.familyName,
      partnerName: session.partnerName,
      person: created.person,
      activationUrl: created.activationUrl,
      guestUrl: created.guestUrl,
    }),
    photoSaved,
  };
}

/**
 * Moves the photo into place after the sale committed. Should the store fail then, the sale stands
 * (the family was e-mailed, the adviser must not sell it twice) without a photo: the row stops
 * naming objects that are not there, and the adviser is told.
 */
async function promotePhoto(ctx: AppContext, staged: StagedMedia, key: string, memorialId: number): Promise<boolean> {
  try {
    await staged.promote(key);
    return true;
  } catch (err) {
    ctx.log.error({ err, memorialId }, 'The photo of a partner sale could not be stored; the sale stands without it');
    await ctx.db.updateTable('memorials').set({ photoKey: null }).where('id', '=', memorialId).where('photoKey', '=', key).execute();
    return false;
  }
}
