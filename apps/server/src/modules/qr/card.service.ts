// The remembrance card ("recordatorio", issue 14 §3): what Peruvian families hand out at the wake
// and the funeral — the photo, the name, the dates, the epitaph and the memorial's QR code with its
// short link — as a PDF ready to print, A6 or wallet size. A private memorial's card also carries
// the access code when the family chose to share it (issue 28 §1): without it the QR code opens a
// code screen that the person holding the card cannot pass.
import QRCode from 'qrcode';
import { postDate } from '@recuerdos/shared/format';
import { accessCodeLine } from '@recuerdos/shared/share';
import { documentImages, newPdf, type Pdf } from '../../pdf/document';
import { printableLink } from './qr.service';

export const CARD_SIZES = {
  /** A6, 105 × 148 mm: the usual recordatorio. */
  a6: { width: 297.64, height: 419.53, label: 'A6' },
  /** Wallet, 54 × 86 mm: fits next to the ID card. */
  wallet: { width: 153.07, height: 243.78, label: 'billetera' },
} as const;

/** Print layout per size, in points. No text is under 7 pt (issue 28 §9): the wallet card is not the A6 card shrunk. */
const LAYOUTS: Record<keyof typeof CARD_SIZES, CardLayout> = {
  a6: { frame: 9, margin: 22, pad: 18, photo: 104, qr: [84, 140], type: { intro: 10, name: 18, dates: 10.5, epitaph: 11, small: 7.5 } },
  wallet: { frame: 5, margin: 9, pad: 10, photo: 56, qr: [50, 72], type: { intro: 7, name: 10.5, dates: 7.5, epitaph: 7.5, small: 7 } },
};

interface CardLayout {
  /** The inset of the drawn frame. */
  frame: number;
  /** The side margin of the text. */
  margin: number;
  /** The least space above the first and below the last block. */
  pad: number;
  photo: number;
  /** The QR code's side: the least, and what it grows to when the card has room. */
  qr: [number, number];
  /** Font sizes. */
  type: { intro: number; name: number; dates: number; epitaph: number; small: number };
}

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
  /** "Con el acompañamiento de <funeraria>" on a card the funeral home prints (issue 30 §5), or absent. */
  partnerLine?: string | null | undefined;
  /** The partner's logo as PNG (PARTNER_LOGO's box, transparent), small above its line; or absent. */
  partnerLogo?: Buffer | null | undefined;
}

const COLORS = { text: '#2b2622', muted: '#5f574f', rule: '#c9bfb3', accent: '#4a3b6b' };

/** '12 de marzo del 1940 – 3 de mayo del 2024', or the one date known, or ''. */
export function lifeDates(birthdate: string | null, deathdate: string | null): string {
  return [postDate(birthdate), postDate(deathdate)].filter(Boolean).join(' – ');
}

export function cardPdf(content: CardContent, size: CardSize): Promise<Buffer> {
  return cardsPdf([content], size);
}

/** Several cards in one file, a page each (a funeral home printing for several wakes, issue 30 §5). */
export function cardsPdf(contents: readonly CardContent[], size: CardSize): Promise<Buffer> {
  const page = CARD_SIZES[size];
  const title = contents.length === 1 ? `Recordatorio de ${contents[0]?.fullname ?? ''}` : `Recordatorios (${contents.length})`;
  const { doc, finished } = newPdf({ size: [page.width, page.height], margin: 0, info: { Title: title, Subject: 'Recordatorio', Author: 'Recuerdos' } });
  const image = documentImages(doc);
  contents.forEach((content, index) => {
    if (index > 0) doc.addPage({ size: [page.width, page.height], margin: 0 });
    drawCard(doc, content, size, image);
  });
  doc.end();
  return finished;
}

function drawCard(doc: Pdf, content: CardContent, size: CardSize, image: (data: Buffer) => PDFKit.Mixins.ImageSrc): void {
  const page = CARD_SIZES[size];
  const layout = LAYOUTS[size];
  const { type } = layout;
  const { frame, margin } = layout;
  const width = page.width - margin * 2;
  const centered = { width, align: 'center' as const };
  const height = (font: 'regular' | 'bold', fontSize: number, text: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.font(font).fontSize(fontSize).heightOfString(text, { ...centered, ...options });

  doc.roundedRect(frame, frame, page.width - frame * 2, page.height - frame * 2, 6).lineWidth(0.8).strokeColor(COLORS.rule).stroke();

  // Measure first, then share out what is left: the QR code grows, and the rest goes evenly above,
  // between and below the three blocks (head, epitaph, code), so the card has no empty band.
  const dates = lifeDates(content.birthdate, content.deathdate);
  const nameOptions = { lineGap: -1 };
  const photoHeight = content.photo ? layout.photo + type.intro * 0.8 : 0;
  const introHeight = height('regular', type.intro, 'En memoria de');
  const nameHeight = height('bold', type.name, content.fullname, nameOptions);
  const datesHeight = dates ? height('regular', type.dates, dates) : 0;
  const gap = type.intro * 0.3;
  const headHeight = photoHeight + introHeight + gap + nameHeight + (dates ? gap + datesHeight : 0);

  const smallLines = [
    { font: 'regular' as const, color: COLORS.muted, text: 'Escanea el código para visitar su memorial' },
    { font: 'regular' as const, color: COLORS.muted, text: printableLink(content.link) },
    ...(content.accessCode ? [{ font: 'bold' as const, color: COLORS.text, text: accessCodeLine(content.accessCode) }] : []),
    ...(content.partnerLine ? [{ font: 'regular' as const, color: COLORS.muted, text: content.partnerLine, partner: true }] : []),
  ];
  const smallLine = type.small * 1.25;
  // The logo keeps PARTNER_LOGO's 5:2 box, about three small lines high: discreet, as the line is.
  const logo = content.partnerLine && content.partnerLogo ? { height: type.small * 3, width: type.small * 7.5, data: content.partnerLogo } : null;
  const codeTail = type.small * 0.6 + smallLines.length * smallLine + (logo ? logo.height + type.small * 0.3 : 0);

  const [qrMin, qrMax] = layout.qr;
  const free = page.height - layout.pad * 2 - headHeight - qrMin - codeTail;
  const epitaph = content.epitaph.trim() ? `“${content.epitaph.trim()}”` : '';
  const epitaphOptions = { lineGap: 1, ellipsis: '…' };
  const epitaphLine = type.epitaph + 1;
  // The epitaph takes what the least QR code leaves, cut with an ellipsis; at least two lines or nothing.
  const epitaphRoom = free - type.epitaph * 2;
  const epitaphHeight =
    epitaph && epitaphRoom >= epitaphLine * 2
      ? Math.min(height('regular', type.epitaph, epitaph, epitaphOptions), Math.floor(epitaphRoom / epitaphLine) * epitaphLine)
      : 0;
  let spare = free - epitaphHeight;
  const qrSide = Math.min(qrMax, qrMin + Math.max(0, spare) * 0.5);
  spare -= qrSide - qrMin;
  const blocks = epitaphHeight ? 3 : 2;
  const space = Math.max(0, spare) / (blocks + 1);

  let y = layout.pad + space;
  if (content.photo) {
    const x = (page.width - layout.photo) / 2;
    doc.save();
    doc.circle(x + layout.photo / 2, y + layout.photo / 2, layout.photo / 2).clip();
    doc.image(image(content.photo), x, y, { width: layout.photo, height: layout.photo });
    doc.restore();
    y += photoHeight;
  }
  doc.font('regular').fontSize(type.intro).fillColor(COLORS.muted).text('En memoria de', margin, y, centered);
  y += introHeight + gap;
  doc.font('bold').fontSize(type.name).fillColor(COLORS.accent).text(content.fullname, margin, y, { ...centered, ...nameOptions });
  y += nameHeight;
  if (dates) {
    doc.font('regular').fontSize(type.dates).fillColor(COLORS.text).text(dates, margin, y + gap, centered);
    y += gap + datesHeight;
  }
  y += space;
  if (epitaphHeight) {
    // A little slack so the last measured line is not dropped for a rounding difference.
    doc.font('regular').fontSize(type.epitaph).fillColor(COLORS.text).text(epitaph, margin, y, { ...centered, ...epitaphOptions, height: epitaphHeight + 0.5 });
    y += epitaphHeight + space;
  }

  drawQr(doc, content.link, (page.width - qrSide) / 2, y, qrSide);
  y += qrSide + type.small * 0.6;
  doc.fontSize(type.small);
  for (const line of smallLines) {
    if (logo && 'partner' in line) {
      y += type.small * 0.3;
      doc.image(image(logo.data), (page.width - logo.width) / 2, y, { width: logo.width, height: logo.height });
      y += logo.height;
    }
    doc.font(line.font).fillColor(line.color).text(line.text, margin, y, { ...centered, lineBreak: false });
    y += smallLine;
  }
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
