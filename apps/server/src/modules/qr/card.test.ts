// The printable remembrance card (issue 14 §3): a PDF that opens, at the size chosen, with the
// memorial's name, dates, epitaph and photo, and a QR code that a phone reads as the guest link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { file, pictureBytes } from '../../../test/media-fixtures';
import { pdfPagePng, pdfText } from '../../../test/pdf';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const MM = 72 / 25.4;

async function card(identifier: string, size: string | null, headers: Record<string, string> = {}) {
  const query = size === null ? '' : `&size=${size}`;
  return fetch(`${t.url}/api/person/remembrance-card?identifier=${identifier}${query}`, { headers });
}

async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** Every text run on the card is at least 7 pt, readable in print (issue 28 §9). */
async function expectPrintable(pdf: Uint8Array, label: string): Promise<void> {
  const { runs } = await pdfText(pdf);
  expect(runs.length, label).toBeGreaterThan(3);
  const small = runs.filter((run) => run.size < 6.99).map((run) => `${run.str} (${run.size.toFixed(1)} pt)`);
  expect(small, label).toEqual([]);
}

async function pdfImages(data: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: data.slice() }).promise;
  const ops = await (await pdf.getPage(1)).getOperatorList();
  const count = ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
  await pdf.destroy();
  return count;
}

describe('GET /api/person/remembrance-card', () => {
  it('gives the owner an A6 card with the photo, the name, the dates, the epitaph and a QR code of the guest link', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const saved = await t.post(
      '/api/person/update-basic-data',
      {
        identifier: memorial.identifier,
        fullname: 'Rosa Elvira Quispe Mamani',
        birthdate: '1941-03-12',
        deathdate: '2024-05-03',
        location: 'Cementerio Presbítero Maestro, Lima',
        description: 'Tu sonrisa sigue iluminando nuestra casa. Siempre en nuestros corazones, mamá.',
        picture: file(await pictureBytes({ width: 800, height: 800 }), 'rosa.jpg', 'image/jpeg'),
      },
      { token },
    );
    expect(saved.status).toBe(200);

    const res = await card(memorial.identifier, null, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="recordatorio-${memorial.identifier}-a6.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const pdf = new Uint8Array(await res.arrayBuffer());

    const { pages, text, sizes } = await pdfText(pdf);
    expect(pages).toBe(1);
    const [width = 0, height = 0] = sizes[0] ?? [];
    expect(Math.round(width / MM)).toBe(105);
    expect(Math.round(height / MM)).toBe(148);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('En memoria de');
    expect(flat).toContain('Rosa Elvira Quispe Mamani');
    expect(flat).toContain('12 de marzo del 1941 – 3 de mayo del 2024');
    expect(flat).toContain('Tu sonrisa sigue iluminando nuestra casa.');
    expect(flat).toContain(`recuerdos.test/guest?id=${memorial.identifier}`);
    expect(await pdfImages(pdf)).toBe(1);
    await expectPrintable(pdf, 'a6');
    expect(await decodeQr(await pdfPagePng(pdf, 200))).toBe(`http://recuerdos.test/guest?id=${memorial.identifier}`);
  });

  it('makes the wallet size too, and a card without a photo or dates when the memorial has none', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'José Ñahui', birthdate: null, deathdate: null, description: '' } });
    const res = await card(memorial.identifier, 'wallet', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="recordatorio-${memorial.identifier}-wallet.pdf"`);
    const pdf = new Uint8Array(await res.arrayBuffer());
    const { text, sizes } = await pdfText(pdf);
    const [width = 0, height = 0] = sizes[0] ?? [];
    expect(Math.round(width / MM)).toBe(54);
    expect(Math.round(height / MM)).toBe(86);
    expect(text).toContain('José Ñahui');
    expect(text).not.toContain('“');
    expect(await pdfImages(pdf)).toBe(0);
    await expectPrintable(pdf, 'wallet');
    expect(await decodeQr(await pdfPagePng(pdf, 400))).toBe(`http://recuerdos.test/guest?id=${memorial.identifier}`);
  });

  it('keeps a long epitaph (a poem of many lines) inside the card, cut with an ellipsis above the QR code', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `Verso ${i + 1} de tu recuerdo`).join('\n');
    const { memorial, token } = await makeOwner(t.db, { memorial: { description: long } });
    const pdf = new Uint8Array(await (await card(memorial.identifier, 'wallet', { token })).arrayBuffer());
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text.replace(/\s+/g, ' ')).toContain('Verso 1 de tu recuerdo');
    expect(text).toContain('…');
    expect(text).not.toContain('Verso 30');
    await expectPrintable(pdf, 'wallet');
    expect(await decodeQr(await pdfPagePng(pdf, 400))).toBe(`http://recuerdos.test/guest?id=${memorial.identifier}`);
  });

  it('prints the access code of a private memorial only when the family chose to share it (issue 28 §1)', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'rosa2024' } });
    const cardText = async (size: string) => {
      const pdf = new Uint8Array(await (await card(memorial.identifier, size, { token })).arrayBuffer());
      return { text: (await pdfText(pdf)).text.replace(/\s+/g, ' '), pdf };
    };
    for (const size of ['a6', 'wallet']) expect((await cardText(size)).text).not.toContain('rosa2024');

    expect((await t.post('/api/person/update-flag-share-code', { identifier: memorial.identifier, flag: '1' }, { token })).status).toBe(200);
    for (const [size, dpi] of [['a6', 200], ['wallet', 400]] as const) {
      const { text, pdf } = await cardText(size);
      expect(text, size).toContain('Código de acceso: rosa2024');
      expect(text, size).toContain(`recuerdos.test/guest?id=${memorial.identifier}`);
      await expectPrintable(pdf, size);
      expect(await decodeQr(await pdfPagePng(pdf, dpi)), size).toBe(`http://recuerdos.test/guest?id=${memorial.identifier}`);
    }

    // A public memorial needs no code: none is printed, whatever the choice.
    await t.post('/api/person/update-profile-type', { identifier: memorial.identifier, type: 'U' }, { token });
    expect((await cardText('a6')).text).not.toContain('rosa2024');
  });

  it('refuses anyone but the owner, and an unknown size, with a Spanish message', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const other = await makeOwner(t.db);
    const guest = await makeGuestToken(t.db, memorial);
    expect((await card(memorial.identifier, 'a6')).status).toBe(401);
    expect((await card(memorial.identifier, 'a6', { guest })).status).toBe(401);
    const stranger = await card(memorial.identifier, 'a6', { token: other.token });
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { message: string }).message).toBe('No encontramos este perfil');
    const bad = await card(memorial.identifier, 'a3', { token });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('El tamaño debe ser a6 o wallet');
  });
});
