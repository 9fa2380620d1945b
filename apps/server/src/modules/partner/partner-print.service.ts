// The print kit for the wake (issue 30 §5, docs/decisions/031): the recordatorio card (the family's
// card with the partner's line) and a plaque artwork, 10 × 10 cm, with the QR code and the name.
// Every QR code is the memorial's permanent guest link, which outlives the partnership. Until the
// family activates, the card carries what the funeral home typed (name, dates); afterwards only the
// name as sold: the photo, dates and epitaph are then the family's content, not the partner's to print.
import QRCode from 'qrcode';
import { AppError, forbidden } from '../../http/errors';
import { guestUrl } from '../../http/links';
import { PARTNER_MESSAGES, RITES_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { funeralLine } from '@recuerdos/shared/remembrance-text';
import type { AppContext } from '../../context';
import { newPdf, type Pdf } from '../../pdf/document';
import type { CardContent, CardSize } from '../qr/card.service';
import { printableLink } from '../qr/qr.service';
import { PARTNER_POLICY } from './partner.policy';
import { logoPng } from './partner-logo';
import type { PartnerSession } from './partner.service';

const MM = 72 / 25.4;
/** 10 × 10 cm with a 3 mm bleed on every side, as print shops ask. */
export const PLAQUE = { side: 100 * MM, bleed: 3 * MM } as const;

export function partnerLine(partnerName: string): string {
  return funeralLine(partnerName);
}

interface PrintableSale {
  contract: string;
  person: string;
  identifier: string;
  state: string;
  birthdate: string | null;
  deathdate: string | null;
  branchId: number;
}

const PRINTABLE_COLUMNS = ['contracts.number as contract', 'partnerSales.person', 'memorials.identifier', 'contracts.state', 'memorials.birthdate', 'memorials.deathdate', 'partnerSales.branchId'] as const;

/** The sale behind each number, in the order given; 404 for any not the partner's, 403 for another branch's: then nothing is printed. */
async function salesFor(ctx: AppContext, session: PartnerSession, numbers: readonly string[]): Promise<PrintableSale[]> {
  const wanted = numbers.map((number) => number.toUpperCase());
  const rows = await ctx.db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('memorials', 'memorials.id', 'contracts.memorialId')
    .select(PRINTABLE_COLUMNS)
    .where('partnerSales.partnerId', '=', session.partnerId)
    .where('contracts.number', 'in', wanted)
    .execute();
  const byNumber = new Map(rows.map((row) => [row.contract, row]));
  return wanted.map((number) => {
    const row = byNumber.get(number);
    if (!row) throw new AppError(404, RITES_MESSAGES.notFound);
    if (!PARTNER_POLICY.workInBranch(session, row.branchId)) throw forbidden(PARTNER_MESSAGES.otherBranch);
    return row;
  });
}

/** The partner's logo as PNG for its cards (issue 30 §5), or null when it has none. */
async function partnerLogoOf(ctx: AppContext, session: PartnerSession): Promise<Buffer | null> {
  const partner = await ctx.db.selectFrom('partners').select('logoKey').where('id', '=', session.partnerId).executeTakeFirst();
  return logoPng(ctx, partner?.logoKey ?? null);
}

function cardContent(ctx: AppContext, session: PartnerSession, sale: PrintableSale, logo: Buffer | null): CardContent {
  const pending = sale.state === 'pending';
  return {
    fullname: sale.person,
    birthdate: pending ? sale.birthdate : null,
    deathdate: pending ? sale.deathdate : null,
    epitaph: '',
    photo: null,
    link: guestUrl(ctx.config.publicUrl, sale.identifier),
    // Never the access code: the funeral home must not hold the key to a private memorial.
    accessCode: null,
    partnerLine: partnerLine(session.partnerName),
    partnerLogo: logo,
  };
}

export async function partnerCard(ctx: AppContext, session: PartnerSession, number: string, size: CardSize): Promise<{ pdf: Buffer; filename: string }> {
  const [sale] = await salesFor(ctx, session, [number]);
  if (!sale) throw new AppError(404, RITES_MESSAGES.notFound);
  const logo = await partnerLogoOf(ctx, session);
  return { pdf: await ctx.pdf.build('cards', { contents: [cardContent(ctx, session, sale, logo)], size }), filename: `recordatorio-${sale.contract}-${size}.pdf` };
}

/** The cards of several memorials in one file, a page each (issue 30 §5). */
export async function partnerCards(ctx: AppContext, session: PartnerSession, numbers: readonly string[], size: CardSize): Promise<{ pdf: Buffer; filename: string }> {
  const sales = await salesFor(ctx, session, numbers);
  const logo = await partnerLogoOf(ctx, session);
  return { pdf: await ctx.pdf.build('cards', { contents: sales.map((sale) => cardContent(ctx, session, sale, logo)), size }), filename: `recordatorios-${size}.pdf` };
}

export async function partnerPlaque(ctx: AppContext, session: PartnerSession, number: string): Promise<{ pdf: Buffer; filename: string }> {
  const sales = await salesFor(ctx, session, [number]);
  return { pdf: await ctx.pdf.build('plaques', { publicUrl: ctx.config.publicUrl, sales: sales.map(plaqueOf) }), filename: `placa-${sales[0]?.contract ?? number}.pdf` };
}

/** The plaques of several memorials in one file, a page each. */
export async function partnerPlaques(ctx: AppContext, session: PartnerSession, numbers: readonly string[]): Promise<{ pdf: Buffer; filename: string }> {
  return { pdf: await ctx.pdf.build('plaques', { publicUrl: ctx.config.publicUrl, sales: (await salesFor(ctx, session, numbers)).map(plaqueOf) }), filename: 'placas.pdf' };
}

const plaqueOf = (sale: PrintableSale) => ({ person: sale.person, identifier: sale.identifier });

/** The plaques as one PDF, a page each: the name and the QR code of the memorial's guest link. */
export function plaquesPdf(publicUrl: string, sales: readonly Pick<PrintableSale, 'person' | 'identifier'>[]): Promise<Buffer> {
  const page = PLAQUE.side + PLAQUE.bleed * 2;
  const title = sales.length === 1 ? `Placa del memorial de ${sales[0]?.person ?? ''}` : `Placas de ${sales.length} memoriales`;
  const { doc, finished } = newPdf({ size: [page, page], margin: 0, info: { Title: title, Subject: 'Placa con código QR, 10 × 10 cm', Author: 'Recuerdos' } });
  sales.forEach((sale, index) => {
    if (index > 0) doc.addPage({ size: [page, page], margin: 0 });
    drawPlaque(doc, sale.person, guestUrl(publicUrl, sale.identifier));
  });
  doc.end();
  return finished;
}

function drawPlaque(doc: Pdf, person: string, link: string): void {
  const page = PLAQUE.side + PLAQUE.bleed * 2;
  const inner = PLAQUE.bleed;
  const margin = inner + 8 * MM;
  const width = page - margin * 2;
  // The trim box: what is left after cutting the bleed.
  doc.rect(0, 0, page, page).fill('#ffffff');
  doc.font('bold').fontSize(14).fillColor('#2b2622').text(person, margin, inner + 7 * MM, { width, align: 'center', lineGap: -1, height: 14 * 2.4, ellipsis: '…' });
  const qrSide = 56 * MM;
  const qrX = (page - qrSide) / 2;
  const qrY = inner + 20 * MM;
  const qr = QRCode.create(link, { errorCorrectionLevel: 'Q' });
  const count = qr.modules.size;
  const module = qrSide / count;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.data[row * count + col]) doc.rect(qrX + col * module, qrY + row * module, module, module);
    }
  }
  doc.fill('#000000');
  doc.font('regular').fontSize(9).fillColor('#5f564e').text('Escanea el código para visitar su memorial', margin, qrY + qrSide + 3 * MM, { width, align: 'center' });
  doc.font('regular').fontSize(9).fillColor('#2b2622').text(printableLink(link), margin, qrY + qrSide + 8 * MM, { width, align: 'center', lineBreak: false });
}
