// The partner's monthly statement (issue 30 §6, first part): for one Lima month, per branch and
// seller, the contracts sold and how many of them the families activated, with the partner's
// commission rate. Money stays outside the product: there is no price per contract yet, so the
// statement counts; the amounts at the commission wait for one (docs/decisions/031).
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { csvCell } from '../complaint/complaint.export';
import { PARTNER_POLICY } from './partner.policy';
import type { PartnerSession } from './partner.service';

export const monthQuerySchema = z.object({
  month: z
    .string({ error: 'Elige el mes (aaaa-mm)' })
    .trim()
    .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'Elige el mes (aaaa-mm)'),
});

export interface StatementRow {
  branch: string;
  seller: string;
  created: number;
  activated: number;
}

export interface Statement {
  month: string;
  partner: string;
  commissionPercent: number;
  rows: StatementRow[];
  total: { created: number; activated: number };
}

/** Lima is UTC−5 all year: its month starts at 05:00 UTC on the 1st. */
function limaMonthStart(month: string): string {
  return `${month}-01T05:00:00.000Z`;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export async function statementFor(ctx: AppContext, session: PartnerSession, month: string): Promise<Statement> {
  if (!PARTNER_POLICY.manageStaff(session)) throw forbidden(PARTNER_MESSAGES.adminsOnly);
  const partner = await ctx.db.selectFrom('partners').select(['name', 'commissionBp']).where('id', '=', session.partnerId).executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('partnerBranches', 'partnerBranches.id', 'partnerSales.branchId')
    .innerJoin('partnerUsers', 'partnerUsers.id', 'partnerSales.sellerId')
    .select((eb) => [
      'partnerBranches.name as branch',
      'partnerUsers.name as seller',
      eb.fn.countAll<number | string>().as('created'),
      eb.fn.count<number | string>('contracts.activatedAt').as('activated'),
    ])
    .where('partnerSales.partnerId', '=', session.partnerId)
    .where('partnerSales.createdAt', '>=', limaMonthStart(month))
    .where('partnerSales.createdAt', '<', limaMonthStart(nextMonth(month)))
    .groupBy(['partnerBranches.id', 'partnerBranches.name', 'partnerUsers.id', 'partnerUsers.name'])
    .orderBy('partnerBranches.name')
    .orderBy('partnerUsers.name')
    .execute();
  const shaped = rows.map((row) => ({ branch: row.branch, seller: row.seller, created: Number(row.created), activated: Number(row.activated) }));
  return {
    month,
    partner: partner.name,
    commissionPercent: partner.commissionBp / 100,
    rows: shaped,
    total: shaped.reduce((sum, row) => ({ created: sum.created + row.created, activated: sum.activated + row.activated }), { created: 0, activated: 0 }),
  };
}

/** UTF-8 with a BOM and CRLF, cells guarded against formulas (as the complaints book's CSV). */
export function statementCsv(statement: Statement): Buffer {
  const lines = [
    ['Mes', 'Sede', 'Asesor', 'Contratos registrados', 'Activados por la familia', 'Comisión (%)'],
    ...statement.rows.map((row) => [statement.month, row.branch, row.seller, String(row.created), String(row.activated), String(statement.commissionPercent)]),
    [statement.month, 'Total', '', String(statement.total.created), String(statement.total.activated), String(statement.commissionPercent)],
  ];
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n', 'utf8')]);
}
