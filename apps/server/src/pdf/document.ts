// One way to make a PDF (pdfkit): the embedded fonts with every Spanish letter, and the finished
// file as one Buffer, and a footer line on every page. Used by the complaints book, the partners'
// statements and the printed cards. pdfkit is loaded with the
// first document, not with the server (issue 25 §2).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// Source Sans 3 (Latin): every Spanish letter and sign (á é í ó ú ü ñ ¿ ¡ « » — €), embedded.
const FONTS = {
  regular: require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff'),
};

export type Pdf = InstanceType<typeof PDFDocument>;

/** What this module touches of a fontkit font; pdfkit takes the object itself as a font source. */
interface FontkitFont {
  layout: (text: string) => unknown;
  characterSet: number[];
  glyphForCodePoint: (codePoint: number) => unknown;
}

let fonts: { regular: FontkitFont; bold: FontkitFont } | null = null;

/**
 * The two fonts, parsed once per process. Given a file, pdfkit would parse it again for every
 * document, and fontkit reads a WOFF's compressed glyph table by inflating all of it (in
 * JavaScript) for each glyph it decodes: most of a document's time went there. So the WOFF is
 * unpacked to its TrueType tables once and one fontkit font serves every document; each document
 * still embeds its own subset (pdfkit makes one per document). fontkit keeps the decoded glyphs,
 * and a glyph remembers the characters it was first met for (the PDF's text layer, what copying or
 * pdftotext gives): two glyphs here serve two characters each (space and no-break space, hyphen and
 * soft hyphen). Meeting every character once, in code point order, at load gives them the plain
 * space and hyphen in every document, whatever the documents before it held.
 */
function loadedFonts(): { regular: FontkitFont; bold: FontkitFont } {
  if (!fonts) {
    const fontkit = require('fontkit') as { create: (data: Buffer) => FontkitFont };
    const open = (file: string) => {
      const font = fontkit.create(woffToSfnt(fs.readFileSync(file)));
      for (const codePoint of [...font.characterSet].sort((a, b) => a - b)) font.glyphForCodePoint(codePoint);
      return font;
    };
    fonts = { regular: open(FONTS.regular), bold: open(FONTS.bold) };
  }
  return fonts;
}

/** A WOFF 1.0 file as the TrueType/OpenType file it packs (W3C WOFF 1.0 §4–5): the same tables, inflated. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? zlib.inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('Damaged WOFF table');
    return { tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const sfnt = Buffer.alloc(12 + 16 * count + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: 0x00010000 (TrueType) or 'OTTO'
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let at = 12 + 16 * count;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    table.tag.copy(sfnt, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(at, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, at);
    at += padded(table.data.length);
  });
  return sfnt;
}

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
  // pdfkit takes a fontkit font as a source (`typeof src.layout === 'function'`); its types only list files and buffers.
  const { regular, bold } = loadedFonts();
  doc.registerFont('regular', regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', bold as unknown as PDFKit.Mixins.PDFFontSource);
  return { doc, finished };
}

/**
 * The pictures of one document, each embedded once however many pages draw it (a partner's logo on
 * every card of a batch). pdfkit reuses an image it opened from a file path, but embeds a Buffer
 * again at every `image()`; an image it opened (`openImage`, not in its types) it reuses.
 */
export function documentImages(doc: Pdf): (data: Buffer) => PDFKit.Mixins.ImageSrc {
  const opened = new Map<Buffer, PDFKit.Mixins.ImageSrc>();
  const open = (doc as unknown as { openImage: (data: Buffer) => PDFKit.Mixins.ImageSrc }).openImage.bind(doc);
  return (data) => {
    let image = opened.get(data);
    if (!image) {
      image = open(data);
      opened.set(data, image);
    }
    return image;
  };
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
