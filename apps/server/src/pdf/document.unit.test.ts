// The fonts are parsed once and shared by every document of the process (document.ts): what one
// document held must not change what another says.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf';
import { newPdf } from './document';

async function pdfOf(lines: string[]): Promise<string> {
  const { doc, finished } = newPdf({ size: 'A6', margin: 20 });
  for (const line of lines) doc.font('bold').fontSize(11).text(line);
  doc.end();
  return (await pdfText(new Uint8Array(await finished))).text;
}

describe('PDF documents sharing the fonts', () => {
  it('keeps plain spaces and hyphens in the text of a document made after one that met the no-break space and soft hyphen first', async () => {
    // A statement's amounts: es-PE puts a no-break space after "S/"; the font draws both spaces with
    // one glyph (and both hyphens with another), whose text is the character it was first met for.
    expect(await pdfOf(['S/\u00a01,200.00', 'con\u00adtrato'])).toContain('S/ 1,200.00');
    const later = await pdfOf(['Señora María Núñez — 12-03-1940', '¿Año? ¡Sí! «Recuerdos»']);
    expect(later).toContain('Señora María Núñez — 12-03-1940');
    expect(later).toContain('¿Año? ¡Sí! «Recuerdos»');
  });
});
