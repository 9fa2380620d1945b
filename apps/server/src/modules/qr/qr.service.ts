// The memorial's QR code for the plaque or the funeral card (beyond the spec, issue 6): high error
// correction (a worn or partly covered plaque still scans), the short link printed under it so a
// visitor without a camera app can type it. SVG for print shops, PNG for everyone else.
import QRCode from 'qrcode';
import { sharp } from '../../media/sharp';
import { escapeHtml } from '../../http/html';

export type QrFormat = 'svg' | 'png';

const MODULE_PX = 10;
const QUIET_MODULES = 4;
const LABEL_PX = 60;
const PNG_WIDTH_PX = 1200;

/** The link as printed: without the scheme, which nobody types. */
export function printableLink(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

export function qrSvg(url: string): string {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'H' });
  const size = qr.modules.size;
  const side = (size + QUIET_MODULES * 2) * MODULE_PX;
  // One path of unit squares: compact, and crisp at any print size.
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.modules.data[row * size + col]) {
        d += `M${(col + QUIET_MODULES) * MODULE_PX} ${(row + QUIET_MODULES) * MODULE_PX}h${MODULE_PX}v${MODULE_PX}h-${MODULE_PX}z`;
      }
    }
  }
  const label = escapeHtml(printableLink(url));
  const height = side + LABEL_PX;
  const fontSize = Math.min(26, Math.floor((side - 2 * MODULE_PX) / (label.length * 0.6)));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${height}" width="${side}" height="${height}" role="img" aria-label="Código QR del memorial: ${label}">`,
    `<rect width="${side}" height="${height}" fill="#ffffff"/>`,
    `<path d="${d}" fill="#000000" shape-rendering="crispEdges"/>`,
    `<text x="${side / 2}" y="${side + LABEL_PX / 2 - 4}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${fontSize}" text-anchor="middle" fill="#000000">${label}</text>`,
    '</svg>',
  ].join('');
}

export async function renderQr(url: string, format: QrFormat): Promise<Buffer> {
  const svg = qrSvg(url);
  if (format === 'svg') return Buffer.from(svg, 'utf8');
  return sharp(Buffer.from(svg, 'utf8'), { density: 72 })
    .resize({ width: PNG_WIDTH_PX, kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
