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
import { newPdf } from '../../pdf/document';
import { cardPdf, type CardSize } from '../qr/card.service';
import { printableLink } from '../qr/qr.service';
import { PARTNER_POLICY } from './partner.policy';
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

async function saleFor(ctx: AppContext, session: PartnerSession, number: string): Promise<PrintableSale> {
  const row = await ctx.db
    .selectFrom('partnerSales')
    .innerJoin('contracts', 'contracts.id', 'partnerSales.contractId')
    .innerJoin('memorials', 'memorials.id', 'contracts.memorialId')
    .select(['contracts.number as contract', 'partnerSales.person', 'memorials.identifier', 'contracts.state', 'memorials.birthdate', 'memorials.deathdate', 'partnerSales.branchId'])
    .where('partnerSales.partnerId', '=', session.partnerId)
    .where('contracts.number', '=', number.toUpperCase())
    .executeTakeFirst();
  if (!row) throw new AppError(404, RITES_MESSAGES.notFound);
  if (!PARTNER_POLICY.workInBranch(session, row.branchId)) throw forbidden(PARTNER_MESSAGES.otherBranch);
  return row;
}

export async function partnerCard(ctx: AppContext, session: PartnerSession, number: string, size: CardSize): Promise<{ pdf: Buffer; filename: string }> {
  const sale = await saleFor(ctx, session, number);
  const pending = sale.state === 'pending';
  const pdf = await cardPdf(
    {
      fullname: sale.person,
      birthdate: pending ? sale.birthdate : null,
      deathdate: pending ? sale.deathdate : null,
      epitaph: '',
      photo: null,
      link: guestUrl(ctx.config.publicUrl, sale.identifier),
      // Never the access code: the funeral home must not hold the key to a private memorial.
      accessCode: null,
      partnerLine: partnerLine(session.partnerName),
    },
    size,
  );
  return { pdf, filename: `recordatorio-${sale.contract}-${size}.pdf` };
}

export async function partnerPlaque(ctx: AppContext, session: PartnerSession, number: string): Promise<{ pdf: Buffer; filename: string }> {
  const sale = await saleFor(ctx, session, number);
  const link = guestUrl(ctx.config.publicUrl, sale.identifier);
  const page = PLAQUE.side + PLAQUE.bleed * 2;
  const { doc, finished } = newPdf({
    size: [page, page],
    margin: 0,
    info: { Title: `Placa del memorial de ${sale.person}`, Subject: 'Placa con código QR, 10 × 10 cm', Author: 'Recuerdos' },
  });
  const inner = PLAQUE.bleed;
  const margin = inner + 8 * MM;
  const width = page - margin * 2;
  // The trim box: what is left after cutting the bleed.
  doc.rect(0, 0, page, page).fill('#ffffff');
  doc.font('bold').fontSize(14).fillColor('#2b2622').text(sale.person, margin, inner + 7 * MM, { width, align: 'center', lineGap: -1, height: 14 * 2.4, ellipsis: '…' });
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
  doc.end();
  return { pdf: await finished, filename: `placa-${sale.contract}.pdf` };
}
