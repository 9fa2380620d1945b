// One way to make a PDF (pdfkit): the embedded fonts with every Spanish letter, and the finished
// file as one Buffer, and a footer line on every page. Used by the complaints book, the partners'
// statements and the printed cards. pdfkit is loaded with the
// first document, not with the server (issue 25 §2).
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// Source Sans 3 (Latin): every Spanish letter and sign (á é í ó ú ü ñ ¿ ¡ « » — €), embedded.
const FONTS = {
  regular: require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff'),
};

export type Pdf = InstanceType<typeof PDFDocument>;

/** A new document with the fonts 'regular' and 'bold' registered; `finished` resolves after `doc.end()`. */
export function newPdf(options: PDFKit.PDFDocumentOptions): { doc: Pdf; finished: Promise<Buffer> } {
  const PdfKit = require('pdfkit') as typeof PDFDocument;
  const doc = new PdfKit({ lang: 'es-PE', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  return { doc, finished };
}

/**
 * Writes `line(page, count)` centred at the foot of every page (a document made with
 * `bufferPages: true`), below the bottom margin so the footer never adds a page of its own.
 */
export function footEveryPage(doc: Pdf, style: { margin: number; color: string }, line: (page: number, count: number) => string): void {
  const width = doc.page.width - style.margin * 2;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(9).fillColor(style.color).text(line(i + 1, range.count), style.margin, doc.page.height - 35, { width, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
}
