// What a partner sees of what it sold, and the one thing it may still change (issue 30 §3,
// docs/decisions/031): the state of each memorial (activated or not, visits and memories counted),
// never its content; and the rites, until the family activates the contract. From then on the
// memorial is the family's, and every partner write on it is refused.
import { RITES_MESSAGES, type PartnerSaleValues } from '@recuerdos/shared/partner-schemas';
import type { PartnerMemorialData, PartnerRiteData } from '@recuerdos/shared/partner-api-types';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { AppError, conflict, forbidden } from '../../http/errors';
import { guestUrl } from '../../http/links';
import { inFuneralPhase, startFuneralPhase } from './funeral-phase';
import { recordAudit } from '../audit/audit.service';
import { PARTNER_POLICY } from './partner.policy';
import { PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { partnerActor, type PartnerSession } from './partner.service';
import * as repo from './partner-memorials.repository';

export async function listMemorials(ctx: AppContext, session: PartnerSession): Promise<PartnerMemorialData[]> {
  const rows = await repo.salesOf(ctx.db, session.partnerId, PARTNER_POLICY.readAllBranches(session) ? null : session.branchId);
  const correctable = (row: repo.SaleRow) => row.state === 'pending' && PARTNER_POLICY.workInBranch(session, row.branchId);
  // Only the rites it may still correct: once activated, the ceremonies are the family's content.
  const rites = new Map<number, PartnerRiteData[]>();
  for (const { memorialId, ...rite } of await repo.ritesOf(ctx.db, rows.filter(correctable).map((row) => row.memorialId))) {
    rites.set(memorialId, [...(rites.get(memorialId) ?? []), rite]);
  }
  const now = ctx.now();
  return rows.map((row) => ({
    contract: row.contract,
    person: row.person,
    branch: row.branch,
    seller: row.seller,
    state: row.state,
    soldAt: row.soldAt,
    activatedAt: row.activatedAt,
    visits: Number(row.visits),
    memories: Number(row.memories),
    guestUrl: guestUrl(ctx.config.publicUrl, row.identifier),
    canCorrectRites: correctable(row),
    funeralUntil: inFuneralPhase(row, now) ? row.funeralUntil : null,
    rites: (correctable(row) && rites.get(row.memorialId)) || [],
  }));
}

/** Replaces the memorial's rites while its contract is pending; 409 once the family activated it. */
export async function correctRites(ctx: AppContext, session: PartnerSession, number: string, rites: PartnerSaleValues['rites'], ip: string): Promise<void> {
  const sale = await repo.findSale(ctx.db, session.partnerId, number.toUpperCase());
  if (!sale) throw new AppError(404, RITES_MESSAGES.notFound);
  if (!PARTNER_POLICY.workInBranch(session, sale.branchId)) throw forbidden(PARTNER_MESSAGES.otherBranch);
  const now = nowIso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    // Checked in the transaction, on the contract's row: an activation committing meanwhile wins.
    if (!(await repo.holdPendingContract(trx, sale.contractId, sale.memorialId, now))) throw conflict(RITES_MESSAGES.handedOver);
    await trx.deleteFrom('memorialEvents').where('memorialId', '=', sale.memorialId).execute();
    if (rites.length > 0) {
      await trx
        .insertInto('memorialEvents')
        .values(rites.map((rite) => ({ memorialId: sale.memorialId, kind: rite.kind, title: rite.title, date: rite.date, time: rite.time, place: rite.place, mapUrl: rite.mapUrl, createdAt: now, updatedAt: now })))
        .execute();
    }
    await startFuneralPhase(trx, sale.memorialId, rites.map((rite) => rite.date), ctx.now());
    await recordAudit(trx, partnerActor(session, ip), 'partner.rites-corrected', sale.contract, { rites: rites.length });
  });
}
