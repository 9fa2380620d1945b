// The end of a contract (issue 16 §2), run daily by the contract-lifecycle job: the owner is told
// 30 and 7 days before the last day of service, each notice once per last day (a renewal to a new
// day sends them again); the day after the last one the contract becomes expired and the owner is
// told once more. An expired contract keeps the memorial visible to visitors; the owner cannot post
// or approve until renewed (`admin renew-contract`, or the back office).
import { limaDate } from '@recuerdos/shared/dates';
import type { AppContext } from '../../context';
import type { ContractNoticesTable } from '../../db/schema';
import { contractEndingMail } from './contract.mails';

export const NOTICE_DAYS = { '30-days': 30, '7-days': 7 } as const;

function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/** The notice a contract ending on `expiresOn` calls for on `today`, or null. */
export function noticeDue(expiresOn: string, today: string): ContractNoticesTable['kind'] | null {
  const days = daysBetween(today, expiresOn);
  if (days < 0) return 'expired';
  if (days <= NOTICE_DAYS['7-days']) return '7-days';
  if (days <= NOTICE_DAYS['30-days']) return '30-days';
  return null;
}

export async function runContractLifecycle(ctx: AppContext, now: Date): Promise<{ notices: number; expired: number }> {
  const today = limaDate(now);
  const contracts = await ctx.db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.id', 'contracts.accountId')
    .innerJoin('memorials', 'memorials.id', 'contracts.memorialId')
    .select(['contracts.id', 'contracts.number', 'contracts.state', 'contracts.expiresOn', 'accounts.email', 'accounts.name', 'memorials.fullname'])
    .where('contracts.expiresOn', 'is not', null)
    .where('contracts.state', 'in', ['active', 'pending'])
    .where('contracts.expiresOn', '<=', new Date(Date.parse(`${today}T00:00:00Z`) + NOTICE_DAYS['30-days'] * 86_400_000).toISOString().slice(0, 10))
    .execute();
  let notices = 0;
  let expired = 0;
  for (const contract of contracts) {
    const expiresOn = contract.expiresOn;
    if (expiresOn === null) continue;
    const kind = noticeDue(expiresOn, today);
    if (kind === null) continue;
    await ctx.db.transaction().execute(async (trx) => {
      if (kind === 'expired') {
        await trx.updateTable('contracts').set({ state: 'expired' }).where('id', '=', contract.id).where('state', 'in', ['active', 'pending']).execute();
        expired += 1;
      }
      // Only an activated contract's owner is written to: a pending one has not taken the service.
      if (contract.state !== 'active') return;
      const inserted = await trx
        .insertInto('contractNotices')
        .values({ contractId: contract.id, kind, expiresOn, sentAt: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return;
      await ctx.mail.queue(
        contractEndingMail({
          to: contract.email,
          name: contract.name,
          number: contract.number,
          person: contract.fullname,
          expiresOn,
          daysLeft: kind === 'expired' ? null : daysBetween(today, expiresOn),
          contact: ctx.config.contact,
          accountUrl: `${ctx.config.publicUrl}/account`,
        }),
        trx,
      );
      notices += 1;
    });
  }
  return { notices, expired };
}
