// Reading back the PDFs the server makes: their text and page sizes (pdf.js), and a page as a PNG
// (poppler's pdftoppm, installed by .ci/run) for what only pixels show, such as a QR code.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A run of text as drawn: its string and its font size in points (the text matrix's vertical scale). */
export interface TextRun {
  str: string;
  size: number;
}

export async function pdfText(data: Uint8Array): Promise<{ pages: number; text: string; pageTexts: string[]; sizes: [number, number][]; runs: TextRun[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: data.slice(), disableFontFace: true, useSystemFonts: false }).promise;
  const parts: string[] = [];
  const sizes: [number, number][] = [];
  const runs: TextRun[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
    sizes.push([x1 - x0, y1 - y0]);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , c = 0, d = 0] = item.transform as number[];
      runs.push({ str: item.str, size: Math.hypot(c, d) });
    }
    parts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: parts.join('\n'), pageTexts: parts, sizes, runs };
}

/** A page (the first unless told) at `dpi` as PNG bytes. */
export async function pdfPagePng(data: Uint8Array, dpi = 300, page = 1): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'recuerdos-pdf-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), data);
    await promisify(execFile)('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', path.join(dir, 'in.pdf'), path.join(dir, 'page')]);
    return await readFile(path.join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
