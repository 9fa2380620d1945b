// The print kit for the wake (issue 30 §5): the recordatorio card with the funeral home's line and
// the 10 × 10 cm plaque, read back (text, page size, and the QR code a phone would read), never with
// the access code; after the family activates, the card no longer prints what is now theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { pdfPagePng, pdfText } from '../../../test/pdf';
import { PRINT_BATCH_MAX, PRINT_MESSAGES, RITES_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { asPartner, makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';

let t: TestServer;
let home: TestPartner;
let adviser: string;

const MM = 72 / 25.4;

beforeAll(async () => {
  t = await startTestServer();
  home = await makePartner(t.db, { name: 'Funeraria San Martín' });
  adviser = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id }));
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function sell(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const email = `imprimir.${seq}@ejemplo.pe`;
  const res = await t.postJson<{ sale: { contract: string; identifier: string } }>(
    '/api/partner/contracts',
    { person: 'Rosa Elvira Quispe Mamani', birthdate: '1941-03-12', deathdate: '2026-01-10', familyName: 'Ana', familyLastname: 'Quispe', dni: '45678912', relationship: 'hijo', email, whatsapp: '987654321', price: '350', consent: true, ...overrides },
    asPartner(adviser),
  );
  expect(res.status).toBe(200);
  return { ...res.body.data.sale, email };
}

async function download(path: string, token = adviser): Promise<{ status: number; type: string | null; body: Uint8Array }> {
  const res = await fetch(`${t.url}${path}`, { headers: { partner: token } });
  return { status: res.status, type: res.headers.get('content-type'), body: new Uint8Array(await res.arrayBuffer()) };
}

async function decodeQr(pdf: Uint8Array, page = 1): Promise<string | null> {
  const png = await pdfPagePng(pdf, 200, page);
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('the print kit', () => {
  it('prints the recordatorio card with the funeral home’s line and the memorial’s QR code, never the access code', async () => {
    const sale = await sell({ private: true });
    const card = await download(`/api/partner/memorials/${sale.contract}/card.pdf`);
    expect(card.status).toBe(200);
    expect(card.type).toBe('application/pdf');
    const { text, sizes } = await pdfText(card.body);
    expect(sizes[0]?.[0]).toBeCloseTo(105 * MM, 0);
    for (const line of ['En memoria de', 'Rosa Elvira Quispe Mamani', '12 de marzo del 1941', 'Con el acompañamiento de Funeraria San Martín']) expect(text).toContain(line);
    const memorial = await t.db.selectFrom('memorials').select('accessCode').where('identifier', '=', sale.identifier).executeTakeFirstOrThrow();
    expect(text).not.toContain(memorial.accessCode);
    expect(await decodeQr(card.body)).toBe(`http://recuerdos.test/guest?id=${sale.identifier}`);

    const wallet = await download(`/api/partner/memorials/${sale.contract}/card.pdf?size=wallet`);
    expect((await pdfText(wallet.body)).sizes[0]?.[0]).toBeCloseTo(54 * MM, 0);
  });

  it('prints a 10 × 10 cm plaque (with 3 mm bleed) with the name and a QR code of the permanent guest link', async () => {
    const sale = await sell();
    const plaque = await download(`/api/partner/memorials/${sale.contract}/plaque.pdf`);
    expect(plaque.status).toBe(200);
    const { text, sizes } = await pdfText(plaque.body);
    expect(sizes[0]?.[0]).toBeCloseTo(106 * MM, 0);
    expect(sizes[0]?.[1]).toBeCloseTo(106 * MM, 0);
    expect(text).toContain('Rosa Elvira Quispe Mamani');
    expect(text).toContain('Escanea el código para visitar su memorial');
    expect(await decodeQr(plaque.body)).toBe(`http://recuerdos.test/guest?id=${sale.identifier}`);
  });

  it('after the family activates, the card keeps only the name as sold; another branch or partner cannot print it', async () => {
    const sale = await sell();
    const mail = await t.mail((m) => m.to.includes(sale.email));
    const link = new URL(findLink(mail.text, 'http://recuerdos.test/activate-account'));
    expect((await t.postJson('/api/contract/activate', { contract: link.searchParams.get('contract') ?? '', token: link.searchParams.get('token') ?? '' })).status).toBe(200);
    const { text } = await pdfText((await download(`/api/partner/memorials/${sale.contract}/card.pdf`)).body);
    expect(text).toContain('Rosa Elvira Quispe Mamani');
    expect(text).not.toContain('1941');

    const otherBranch = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.otherBranch.id }));
    expect((await download(`/api/partner/memorials/${sale.contract}/plaque.pdf`, otherBranch)).status).toBe(403);
    const neighbour = await makePartner(t.db);
    const stranger = await partnerToken(t.db, await makePartnerUser(t.db, neighbour.partner, { role: 'admin' }));
    expect((await download(`/api/partner/memorials/${sale.contract}/card.pdf`, stranger)).status).toBe(404);
  });
});

describe('printing several at once', () => {
  it('puts each chosen memorial’s card on its own page, in the order chosen, each QR code its own guest link', async () => {
    const first = await sell({ person: 'Rosa Elvira Quispe Mamani' });
    const second = await sell({ person: 'Juan Carlos Mamani Ccori', private: true });
    const third = await sell({ person: 'Teodoro Huanca Pari' });
    const numbers = [third.contract, first.contract, second.contract].join(',');
    const cards = await download(`/api/partner/print/cards.pdf?numbers=${numbers}&size=wallet`);
    expect(cards.status).toBe(200);
    expect(cards.type).toBe('application/pdf');
    const { pageTexts, sizes } = await pdfText(cards.body);
    // The wallet card's narrow lines may wrap: compare the words.
    const pages = pageTexts.map((text) => text.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(3);
    for (const size of sizes) expect(size[0]).toBeCloseTo(54 * MM, 0);
    expect(pages[0]).toContain('Teodoro Huanca Pari');
    expect(pages[1]).toContain('Rosa Elvira Quispe Mamani');
    expect(pages[2]).toContain('Juan Carlos Mamani Ccori');
    for (const page of pages) expect(page).toContain('Con el acompañamiento de Funeraria San Martín');
    const codes = await Promise.all([1, 2, 3].map((page) => decodeQr(cards.body, page)));
    expect(codes).toEqual([third, first, second].map((sale) => `http://recuerdos.test/guest?id=${sale.identifier}`));
    const secret = await t.db.selectFrom('memorials').select('accessCode').where('identifier', '=', second.identifier).executeTakeFirstOrThrow();
    expect(pages.join('\n')).not.toContain(secret.accessCode);
  });

  it('puts each plaque on its own 10 × 10 cm page with its QR code', async () => {
    const first = await sell({ person: 'Rosa Elvira Quispe Mamani' });
    const second = await sell({ person: 'Juan Carlos Mamani Ccori' });
    const plaques = await download(`/api/partner/print/plaques.pdf?numbers=${first.contract},${second.contract}`);
    expect(plaques.status).toBe(200);
    const { pageTexts: pages, sizes } = await pdfText(plaques.body);
    expect(pages).toHaveLength(2);
    for (const size of sizes) expect(size).toEqual([expect.closeTo(106 * MM, 0), expect.closeTo(106 * MM, 0)]);
    expect(pages[0]).toContain('Rosa Elvira Quispe Mamani');
    expect(pages[1]).toContain('Juan Carlos Mamani Ccori');
    expect(await decodeQr(plaques.body, 2)).toBe(`http://recuerdos.test/guest?id=${second.identifier}`);
  });

  it('refuses the whole request in Spanish when one number is another partner’s or branch’s, none is given, or too many', async () => {
    const mine = await sell();
    const neighbour = await makePartner(t.db);
    const theirs = await partnerToken(t.db, await makePartnerUser(t.db, neighbour.partner, { branchId: neighbour.branch.id }));
    const sold = await t.postJson<{ sale: { contract: string } }>(
      '/api/partner/contracts',
      { person: 'Otra Persona', deathdate: '2026-01-10', familyName: 'Ana', familyLastname: 'Paz', dni: '45678912', relationship: 'hijo', email: 'vecina.imprimir@ejemplo.pe', whatsapp: '987654321', price: '350', consent: true },
      asPartner(theirs),
    );
    const json = async (path: string, token = adviser) => {
      const res = await fetch(`${t.url}${path}`, { headers: { partner: token } });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    expect(await json(`/api/partner/print/cards.pdf?numbers=${mine.contract},${sold.body.data.sale.contract}`)).toEqual({ status: 404, message: RITES_MESSAGES.notFound });
    expect(await json(`/api/partner/print/plaques.pdf?numbers=${mine.contract},NO-EXISTE`)).toEqual({ status: 404, message: RITES_MESSAGES.notFound });
    const otherBranch = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.otherBranch.id }));
    expect((await json(`/api/partner/print/plaques.pdf?numbers=${mine.contract}`, otherBranch)).status).toBe(403);
    expect(await json('/api/partner/print/cards.pdf?numbers=')).toEqual({ status: 400, message: PRINT_MESSAGES.noneChosen });
    expect(await json('/api/partner/print/cards.pdf')).toEqual({ status: 400, message: PRINT_MESSAGES.noneChosen });
    const many = Array.from({ length: PRINT_BATCH_MAX + 1 }, (_, index) => `C-${index}`).join(',');
    expect(await json(`/api/partner/print/plaques.pdf?numbers=${many}`)).toEqual({ status: 400, message: PRINT_MESSAGES.tooMany });
    expect(await json(`/api/partner/print/cards.pdf?numbers=${mine.contract}&size=carta`)).toEqual({ status: 400, message: PRINT_MESSAGES.sizeInvalid });
  });
});
