// The documents the PDF workers build (pdf-pool.ts), by name: each a function of data that crosses
// to a worker thread by structured clone (plain objects, strings, numbers, Dates, byte arrays).
import { bookPdf } from '../modules/complaint/complaint.export';
import type { BookEntry } from '../modules/complaint/complaint.book';
import { plaquesPdf } from '../modules/partner/partner-print.service';
import { statementPdf, type Statement } from '../modules/partner/partner-statement.service';
import { cardsPdf, type CardContent, type CardSize } from '../modules/qr/card.service';
import type { Config } from '../config';

/** A Buffer again (a clone arrives as a plain Uint8Array, which pdfkit would take for a file name); one per array, so a logo shared by many cards stays one image. */
function buffers(): (bytes: Uint8Array | null | undefined) => Buffer | null {
  const seen = new Map<Uint8Array, Buffer>();
  return (bytes) => {
    if (!bytes) return null;
    if (Buffer.isBuffer(bytes)) return bytes;
    let buffer = seen.get(bytes);
    if (!buffer) {
      buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      seen.set(bytes, buffer);
    }
    return buffer;
  };
}

export const PDF_RENDERERS = {
  statement: (input: { statement: Statement; generatedAt: Date }) => statementPdf(input.statement, input.generatedAt),
  book: (input: { rows: BookEntry[]; year: number; legal: Config['legal']; generatedAt: Date }) => bookPdf(input.rows, input.year, { legal: input.legal }, input.generatedAt),
  cards: (input: { contents: readonly CardContent[]; size: CardSize }) => {
    const buffer = buffers();
    return cardsPdf(input.contents.map((content) => ({ ...content, photo: buffer(content.photo), partnerLogo: buffer(content.partnerLogo) })), input.size);
  },
  plaques: (input: { publicUrl: string; sales: readonly { person: string; identifier: string }[] }) => plaquesPdf(input.publicUrl, input.sales),
} satisfies Record<string, (input: never) => Promise<Buffer>>;

export type PdfKind = keyof typeof PDF_RENDERERS;
export type PdfInput<K extends PdfKind> = Parameters<(typeof PDF_RENDERERS)[K]>[0];
