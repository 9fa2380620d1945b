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
}

export function saleWhatsappUrl(input: { whatsapp: string; familyName: string; partnerName: string; person: string; activationUrl: string; guestUrl: string }): string {
  const text = [
    `Hola, ${input.familyName}. ${input.partnerName} registró el memorial de ${input.person} en Recuerdos.`,
    `Actívalo aquí (también te lo enviamos por correo): ${input.activationUrl}`,
    `Enlace del memorial para compartir con la familia: ${input.guestUrl}`,
  ].join('\n');
  return `https://wa.me/${input.whatsapp.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}

export async function sellMemorial(ctx: AppContext, session: PartnerSession, input: PartnerSaleValues, ip: string): Promise<Sale> {
  // An adviser sells in its branch whatever it sends; an admin names one of its partner's.
  const branchId = input.branchId ?? session.branchId;
  if (branchId === null) throw new AppError(400, PARTNER_MESSAGES.branchRequired);
  const branch = await repo.findBranch(ctx.db, session.partnerId, branchId);
  if (!branch) throw new AppError(404, PARTNER_MESSAGES.branchNotFound);
  if (!PARTNER_POLICY.workInBranch(session, branch.id)) throw forbidden(PARTNER_MESSAGES.otherBranch);
  if (await repo.findPartnerUserByEmail(ctx.db, input.email)) throw new AppError(400, SALE_MESSAGES.emailIsStaff);
  await reserveAll(ctx.limiter, [{ key: `partner-sale:${session.partnerUserId}`, cap: SALE_LIMIT, message: SALE_MESSAGES.tooMany }]);

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
            branchId: branch.id,
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
        // The funeral phase (§4): the rites first and the funeral home's line until 30 days after the last rite.
        await startFuneralPhase(trx, contract.memorialId, input.rites.map((rite) => rite.date), now);
        await recordAudit(trx, partnerActor(session, ip), 'partner.contract-created', contract.number, {
          partner: session.partnerId,
          branch: branch.id,
          rites: input.rites.length,
        });
      },
    },
  );
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
  };
}
