// The remembrance card ("recordatorio", issue 14 §3): what Peruvian families hand out at the wake
// and the funeral — the photo, the name, the dates, the epitaph and the memorial's QR code with its
// short link — as a PDF ready to print, A6 or wallet size. A private memorial's card also carries
// the access code when the family chose to share it (issue 28 §1): without it the QR code opens a
// code screen that the person holding the card cannot pass.
import QRCode from 'qrcode';
import { postDate } from '@recuerdos/shared/format';
import { accessCodeLine } from '@recuerdos/shared/share';
import { newPdf, type Pdf } from '../../pdf/document';
import { printableLink } from './qr.service';

export const CARD_SIZES = {
  /** A6, 105 × 148 mm: the usual recordatorio. */
  a6: { width: 297.64, height: 419.53, label: 'A6' },
  /** Wallet, 54 × 86 mm: fits next to the ID card. */
  wallet: { width: 153.07, height: 243.78, label: 'billetera' },
} as const;

export type CardSize = keyof typeof CARD_SIZES;

export interface CardContent {
  fullname: string;
  birthdate: string | null;
  deathdate: string | null;
  epitaph: string;
  /** The profile picture as JPEG (square), or null. */
  photo: Buffer | null;
  /** The guest link the QR code opens. */
  link: string;
  /** The access code printed under the link, or null (a public memorial, or the family chose not to). */
  accessCode: string | null;
}

const COLORS = { text: '#2b2622', muted: '#5f574f', rule: '#c9bfb3', accent: '#4a3b6b' };

/** '12 de marzo del 1940 – 3 de mayo del 2024', or the one date known, or ''. */
export function lifeDates(birthdate: string | null, deathdate: string | null): string {
  return [postDate(birthdate), postDate(deathdate)].filter(Boolean).join(' – ');
}

export function cardPdf(content: CardContent, size: CardSize): Promise<Buffer> {
  const page = CARD_SIZES[size];
  // Everything is laid out for A6 and scaled, so the wallet card is the same card, smaller.
  const s = page.width / CARD_SIZES.a6.width;
  const { doc, finished } = newPdf({
    size: [page.width, page.height],
    margin: 0,
    info: { Title: `Recordatorio de ${content.fullname}`, Subject: 'Recordatorio', Author: 'Recuerdos' },
  });
  const margin = 22 * s;
  const width = page.width - margin * 2;

  doc.roundedRect(9 * s, 9 * s, page.width - 18 * s, page.height - 18 * s, 6 * s).lineWidth(0.8 * s).strokeColor(COLORS.rule).stroke();

  let y = 26 * s;
  if (content.photo) {
    const side = 104 * s;
    const x = (page.width - side) / 2;
    doc.save();
    doc.circle(x + side / 2, y + side / 2, side / 2).clip();
    doc.image(content.photo, x, y, { width: side, height: side });
    doc.restore();
    y += side + 12 * s;
  } else {
    y += 20 * s;
  }

  const centered = { width, align: 'center' as const };
  doc.font('regular').fontSize(9 * s).fillColor(COLORS.muted).text('En memoria de', margin, y, centered);
  y = doc.y + 3 * s;
  doc.font('bold').fontSize(17 * s).fillColor(COLORS.accent).text(content.fullname, margin, y, { ...centered, lineGap: -1 * s });
  y = doc.y + 4 * s;
  const dates = lifeDates(content.birthdate, content.deathdate);
  if (dates) {
    doc.font('regular').fontSize(9.5 * s).fillColor(COLORS.text).text(dates, margin, y, centered);
    y = doc.y + 8 * s;
  }

  // The QR block sits at the bottom; the epitaph takes what is left between, cut with an ellipsis.
  const qrSide = 84 * s;
  const linkText = printableLink(content.link);
  const lines = content.accessCode ? 3 : 2;
  const qrTop = page.height - 22 * s - lines * (8 * s) - qrSide - 6 * s;
  const epitaph = content.epitaph.trim();
  const room = qrTop - 10 * s - y;
  if (epitaph && room > 12 * s) {
    doc.font('regular').fontSize(10 * s).fillColor(COLORS.text).text(`“${epitaph}”`, margin, y, { ...centered, height: room, ellipsis: '…', lineGap: 1 * s });
  }

  drawQr(doc, content.link, (page.width - qrSide) / 2, qrTop, qrSide);
  doc.font('regular').fontSize(6.5 * s).fillColor(COLORS.muted);
  doc.text('Escanea el código para visitar su memorial', margin, qrTop + qrSide + 4 * s, { ...centered, lineBreak: false });
  doc.text(linkText, margin, qrTop + qrSide + 4 * s + 8 * s, { ...centered, lineBreak: false });
  if (content.accessCode) {
    doc.font('bold').fillColor(COLORS.text).text(accessCodeLine(content.accessCode), margin, qrTop + qrSide + 4 * s + 16 * s, { ...centered, lineBreak: false });
  }

  doc.end();
  return finished;
}

/** The code as vector squares, crisp at any printer's resolution (the white card is its quiet zone). */
function drawQr(doc: Pdf, link: string, x: number, y: number, side: number): void {
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const module = side / count;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.data[row * count + col]) doc.rect(x + col * module, y + row * module, module, module);
    }
  }
  doc.fill('#000000');
}
