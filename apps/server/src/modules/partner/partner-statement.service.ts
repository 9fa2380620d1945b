// The partner's monthly statement (issue 30 §6, docs/decisions/031): for one Lima month, per branch
// and seller, the contracts sold, how many of them the families activated (so far), the amount the
// families paid and the commission at the partner's rate. Money is integer céntimos throughout: the
// commission is computed per sale (price × basis points / 10 000, half-up to the céntimo) and then
// summed, so a row's commission is the sum of its sales' and the total the sum of the rows'. Sales
// made before prices were recorded (0084) count as sold but add no amount: the statement says how
// many of them are "sin precio registrado". Payments themselves stay outside the product.
import { z } from 'zod';
import { monthInWords } from '@recuerdos/shared/format';
import { commissionCents, formatSoles, plainSoles } from '@recuerdos/shared/money';
import type { PartnerStatementCounts, PartnerStatementData } from '@recuerdos/shared/partner-api-types';
import { BACKOFFICE_PARTNER_MESSAGES, PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../http/errors';
import { footEveryPage, newPdf } from '../../pdf/document';
import { csvCell } from '../complaint/complaint.export';
import { displayDateTime } from '../complaint/complaint.presenter';
import { PARTNER_POLICY } from './partner.policy';
import type { PartnerSession } from './partner.service';

export const monthQuerySchema = z.object({
  month: z
    .string({ error: 'Elige el mes (aaaa-mm)' })
    .trim()
    .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'Elige el mes (aaaa-mm)'),
});

export type StatementCounts = PartnerStatementCounts;
export type StatementRow = PartnerStatementData['rows'][number];
export type Statement = PartnerStatementData;

/** Lima is UTC−5 all year: its month starts at 05:00 UTC on the 1st. */
function limaMonthStart(month: string): string {
  return `${month}-01T05:00:00.000Z`;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const zero = (): StatementCounts => ({ created: 0, activated: 0, unpriced: 0, amountCents: 0, commissionCents: 0 });

/** Any partner's statement (the back office's copy); null when there is no such partner. */
export async function statementOf(db: Kysely<Database>, partnerId: number, month: string): Promise<Statement | null> {
  const partner = await db.selectFrom('partners').select(['name', 'legalName', 'ruc', 'commissionBp']).where('id', '=', partnerId).executeTakeFirst();
  if (!partner) return null;
  // One row per sale: the commission is rounded per sale, so it is summed here, not in SQL.
  const sales = await db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('partnerBranches', 'partnerBranches.id', 'partnerSales.branchId')
    .innerJoin('partnerUsers', 'partnerUsers.id', 'partnerSales.sellerId')
    .select(['partnerBranches.id as branchId', 'partnerBranches.name as branch', 'partnerUsers.id as sellerId', 'partnerUsers.name as seller', 'partnerSales.priceCents', 'contracts.activatedAt'])
    .where('partnerSales.partnerId', '=', partnerId)
    .where('partnerSales.createdAt', '>=', limaMonthStart(month))
    .where('partnerSales.createdAt', '<', limaMonthStart(nextMonth(month)))
    .execute();
  const byRow = new Map<string, StatementRow>();
  const total = zero();
  for (const sale of sales) {
    const key = `${sale.branchId}|${sale.sellerId}`;
    const row = byRow.get(key) ?? { branch: sale.branch, seller: sale.seller, ...zero() };
    byRow.set(key, row);
    const commission = sale.priceCents === null ? 0 : commissionCents(sale.priceCents, partner.commissionBp);
    for (const counts of [row, total]) {
      counts.created += 1;
      if (sale.activatedAt !== null) counts.activated += 1;
      if (sale.priceCents === null) counts.unpriced += 1;
      else counts.amountCents += sale.priceCents;
      counts.commissionCents += commission;
    }
  }
  const rows = [...byRow.values()].sort((a, b) => a.branch.localeCompare(b.branch, 'es') || a.seller.localeCompare(b.seller, 'es'));
  return {
    month,
    partner: partner.name,
    legalName: partner.legalName,
    ruc: partner.ruc,
    commissionBp: partner.commissionBp,
    commissionPercent: partner.commissionBp / 100,
    rows,
    total,
  };
}

/** The partner admin's own statement (advisers never see money). */
export async function statementFor(ctx: AppContext, session: PartnerSession, month: string): Promise<Statement> {
  if (!PARTNER_POLICY.manageStaff(session)) throw forbidden(PARTNER_MESSAGES.adminsOnly);
  const statement = await statementOf(ctx.db, session.partnerId, month);
  if (!statement) throw new AppError(404, BACKOFFICE_PARTNER_MESSAGES.notFound);
  return statement;
}

export function statementFilename(statement: Statement, extension: 'csv' | 'pdf'): string {
  return `estado-de-cuenta-${statement.ruc}-${statement.month}.${extension}`;
}

/**
 * UTF-8 with a BOM and CRLF, cells guarded against formulas (as the complaints book's CSV). Amounts
 * are plain soles with a decimal point ('1250.50'), as a spreadsheet reads numbers.
 */
export function statementCsv(statement: Statement): Buffer {
  const line = (branch: string, seller: string, c: StatementCounts) => [
    statement.month,
    branch,
    seller,
    String(c.created),
    String(c.activated),
    String(c.unpriced),
    plainSoles(c.amountCents),
    String(statement.commissionPercent),
    plainSoles(c.commissionCents),
  ];
  const lines = [
    ['Mes', 'Sede', 'Asesor', 'Contratos registrados', 'Activados por la familia', 'Sin precio registrado', 'Monto vendido (S/)', 'Comisión (%)', 'Comisión (S/)'],
    ...statement.rows.map((row) => line(row.branch, row.seller, row)),
    line('Total', '', statement.total),
  ];
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n', 'utf8')]);
}

const MARGIN = 50;
const COLORS = { text: '#2b2622', muted: '#6b625a', rule: '#d8d0c7', accent: '#4a3b6b' };

/** 'S/ 700.00', and how many sales had no price when some had none. */
function amountCell(c: StatementCounts): string {
  return c.unpriced > 0 ? `${formatSoles(c.amountCents)}\n(${c.unpriced} sin precio registrado)` : formatSoles(c.amountCents);
}

/** The month's statement as an A4 PDF: the partner's name, legal name and RUC, a table per branch and adviser, the totals. */
export function statementPdf(statement: Statement, generatedAt = new Date()): Promise<Buffer> {
  const title = `Estado de cuenta de ${monthInWords(statement.month)}`;
  const { doc, finished } = newPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${title} · ${statement.partner}`, Author: 'Recuerdos', Subject: 'Estado de cuenta del socio', CreationDate: generatedAt },
  });
  const width = doc.page.width - MARGIN * 2;

  doc.font('bold').fontSize(20).fillColor(COLORS.accent).text(title);
  doc.moveDown(0.3);
  doc.font('bold').fontSize(12).fillColor(COLORS.text).text(statement.partner);
  doc.font('regular').fontSize(10.5);
  if (statement.legalName && statement.legalName !== statement.partner) doc.text(statement.legalName);
  doc.text(`RUC ${statement.ruc} · Comisión ${String(statement.commissionPercent)} %`);
  doc.fillColor(COLORS.muted).text(`Ventas del 1 al último día del mes, hora de Lima. Generado el ${displayDateTime(generatedAt.toISOString())} (hora de Lima).`);
  doc.moveDown(1);

  // Columns: branch, adviser, sold, activated, amount, commission.
  const cols = [
    { label: 'Sede', width: 0.2, align: 'left' },
    { label: 'Asesor', width: 0.2, align: 'left' },
    { label: 'Registrados', width: 0.12, align: 'right' },
    { label: 'Activados', width: 0.11, align: 'right' },
    { label: 'Monto vendido', width: 0.21, align: 'right' },
    { label: 'Comisión', width: 0.16, align: 'right' },
  ] as const;
  const gap = 6;
  const xs = cols.reduce<number[]>((acc, col, i) => [...acc, i === 0 ? MARGIN : (acc[i - 1] ?? MARGIN) + (cols[i - 1]?.width ?? 0) * width], []);
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor(COLORS.rule).lineWidth(1).stroke();
  };
  const header = () => {
    rule();
    doc.font('bold').fontSize(9.5).fillColor(COLORS.muted);
    const top = doc.y + 4;
    cols.forEach((col, i) => doc.text(col.label, xs[i] ?? MARGIN, top, { width: col.width * width - gap, align: col.align }));
    doc.x = MARGIN;
    doc.y = top + 16;
    rule();
  };
  const drawRow = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(10).fillColor(COLORS.text);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (cols[i]?.width ?? 0) * width - gap }));
    const height = Math.max(...heights) + 8;
    if (doc.y + height > doc.page.height - MARGIN - 30) {
      doc.addPage();
      header();
    }
    const top = doc.y + 4;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(cell, xs[i] ?? MARGIN, top, { width: col.width * width - gap, align: col.align });
    });
    doc.x = MARGIN;
    doc.y = top + height - 4;
    rule();
  };
  if (statement.rows.length === 0) {
    doc.font('regular').fontSize(12).fillColor(COLORS.text).text(`No hay memoriales registrados en ${monthInWords(statement.month)}.`, MARGIN, doc.y, { width });
  } else {
    header();
    for (const row of statement.rows) {
      drawRow([row.branch, row.seller, String(row.created), String(row.activated), amountCell(row), formatSoles(row.commissionCents)], 'regular');
    }
    const t = statement.total;
    drawRow(['Total', '', String(t.created), String(t.activated), amountCell(t), formatSoles(t.commissionCents)], 'bold');
  }

  doc.moveDown(1);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(
      `La comisión se calcula en cada venta (precio × ${String(statement.commissionPercent)} %), redondeada al céntimo (media unidad hacia arriba), y luego se suma. ` +
        'Las ventas registradas antes de que se anotara el precio figuran «sin precio registrado»: cuentan como vendidas, sin monto ni comisión. ' +
        'Los activados son los que la familia activó hasta hoy. Los pagos se liquidan fuera de Recuerdos.',
      MARGIN,
      doc.y,
      { width },
    );

  footEveryPage(doc, { margin: MARGIN, color: COLORS.muted }, (page, count) => `${statement.partner} · ${title} · Página ${page} de ${count}`);
  doc.end();
  return finished;
}
