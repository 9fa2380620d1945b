// The funeral phase (issue 30 §4, docs/decisions/031 §4): while it lasts, the QR page of a memorial
// sold by a funeral home shows the rites first and "Con el acompañamiento de <funeraria>"; then the
// page is the family's memorial alone. The phase's last Lima day is stored on the memorial's row
// (`funeral_until`, 0083), set by the sale and by the partner's corrections of the rites (30 days
// after the last rite, or after the sale's day without rites), and cleared when the family ends it.
// The row and Lima's day are both in the guest page's cache stamp (decision 007), so the page and
// its ETag change on every instance when the phase ends, by time or by the family.
import type { Kysely, Transaction } from 'kysely';
import { limaDate } from '@recuerdos/shared/dates';
import { FUNERAL_PHASE_DAYS } from '@recuerdos/shared/remembrance-text';
import type { Database, Memorial } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The phase's last day: 30 days after the last rite, or after `today` (the sale's day) without rites. */
export function funeralUntil(riteDates: readonly string[], today: string): string {
  const last = riteDates.reduce((latest, date) => (date > latest ? date : latest), '');
  return addDays(last || today, FUNERAL_PHASE_DAYS);
}

/** Whether the memorial is in its funeral phase on Lima's `today`. */
export function inFuneralPhase(memorial: Pick<Memorial, 'funeralUntil'>, now: Date): boolean {
  return memorial.funeralUntil !== null && limaDate(now) <= memorial.funeralUntil;
}

/** Sets the phase from the rites a funeral home wrote (the sale, a correction), in its transaction. */
export async function startFuneralPhase(trx: Executor, memorialId: number, riteDates: readonly string[], now: Date): Promise<void> {
  await trx
    .updateTable('memorials')
    .set({ funeralUntil: funeralUntil(riteDates, limaDate(now)), updatedAt: now.toISOString() })
    .where('id', '=', memorialId)
    .execute();
}

/** The funeral home that sold the memorial (its trade name today), or null. */
export async function funeralPartnerOf(db: Executor, memorialId: number): Promise<string | null> {
  const row = await db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('partners', 'partners.id', 'partnerSales.partnerId')
    .select('partners.name')
    .where('contracts.memorialId', '=', memorialId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The funeral home that sold the memorial with its logo's key (the QR page's line, issue 30 §4), or null. */
export async function funeralPartnerWithLogoOf(db: Executor, memorialId: number): Promise<{ name: string; logoKey: string | null } | null> {
  const row = await db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('partners', 'partners.id', 'partnerSales.partnerId')
    .select(['partners.name', 'partners.logoKey'])
    .where('contracts.memorialId', '=', memorialId)
    .executeTakeFirst();
  return row ?? null;
}
