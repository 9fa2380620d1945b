// The adviser's one form (issue 30 §2): a memorial sold at the funeral home becomes a contract linked
// to the partner, branch and adviser, with the relationship and consent recorded, the rites on the
// QR page, an activation e-mail naming the funeral home, and a WhatsApp link for the family's phone.
// Bad input is refused in Spanish with nothing written. Real database, real SMTP capture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import { ID_MESSAGES } from '@recuerdos/shared/ruc';
import { PARTNER_MESSAGES, SALE_CONSENT_TEXT, SALE_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { limaDate } from '@recuerdos/shared/dates';
import { PRICE_MESSAGES } from '@recuerdos/shared/money';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeAccount } from '../../../test/factories';
import { file, mediaFiles, pictureBytes } from '../../../test/media-fixtures';
import sharp from 'sharp';
import { findLink } from '../../../test/smtp-capture';
import { asPartner, makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';
import { SALE_LIMIT } from './partner-sale.service';

let t: TestServer;
let home: TestPartner;
let adviser: string;
let adviserId: number;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  home = await makePartner(t.db, { name: 'Funeraria San Martín' });
  const user = await makePartnerUser(t.db, home.partner, { branchId: home.branch.id });
  adviserId = user.id;
  adviser = await partnerToken(t.db, user);
  admin = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    person: 'Teodoro Huanca Quispe',
    birthdate: '1941-05-02',
    deathdate: limaDate(),
    familyName: 'Carmen',
    familyLastname: 'Huanca Rojas',
    dni: '45678912',
    relationship: 'hijo',
    email: `carmen.${seq}@ejemplo.pe`,
    whatsapp: '987 654 321',
    price: '1250,50',
    consent: true,
    rites: [
      { kind: 'velorio', date: '2030-03-14', time: '19:00', place: 'Sede Miraflores, sala 2' },
      { kind: 'entierro', date: '2030-03-15', time: '11:00', place: 'Camposanto Jardines de la Paz' },
    ],
    ...overrides,
  };
}

interface SaleData {
  sale: { contract: string; identifier: string; person: string; email: string; type: string; guestUrl: string; whatsappUrl: string };
}

const TABLES = ['accounts', 'memorials', 'contracts', 'partnerSales', 'memorialEvents', 'mailOutbox', 'oneTimeTokens'] as const;
async function counts(): Promise<string> {
  const all = await Promise.all(TABLES.map(async (table) => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)));
  return all.join(',');
}

describe('the adviser sells a memorial at the funeral home', () => {
  it('creates the contract linked to partner, branch and adviser, public, with its dates, rites, relationship and consent', async () => {
    const res = await t.postJson<SaleData>('/api/partner/contracts', form({ email: 'carmen.huanca@ejemplo.pe' }), asPartner(adviser));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SALE_MESSAGES.created);
    const { sale } = res.body.data;
    expect(sale).toMatchObject({ person: 'Teodoro Huanca Quispe', email: 'carmen.huanca@ejemplo.pe', type: 'U', guestUrl: `http://recuerdos.test/guest?id=${sale.identifier}` });

    const contract = await t.db.selectFrom('contracts').selectAll().where('number', '=', sale.contract).executeTakeFirstOrThrow();
    expect(contract.state).toBe('pending');
    const memorial = await t.db.selectFrom('memorials').selectAll().where('id', '=', contract.memorialId).executeTakeFirstOrThrow();
    expect(memorial).toMatchObject({ fullname: 'Teodoro Huanca Quispe', type: 'U', birthdate: '1941-05-02', deathdate: limaDate() });
    const account = await t.db.selectFrom('accounts').selectAll().where('id', '=', contract.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email: 'carmen.huanca@ejemplo.pe', name: 'Carmen', lastname: 'Huanca Rojas', passwordHash: null });
    const row = await t.db.selectFrom('partnerSales').selectAll().where('contractId', '=', contract.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partnerId: home.partner.id,
      branchId: home.branch.id,
      sellerId: adviserId,
      relationship: 'hijo',
      familyDni: '45678912',
      familyWhatsapp: '+51987654321',
      consentText: SALE_CONSENT_TEXT,
      // "1250,50" typed the Peruvian way: S/ 1,250.50 stored in céntimos.
      priceCents: 125050,
    });

    // The rites are on the QR page for anyone with the link.
    const view = await t.get<GuestViewData>(`/api/person/guest-view?id=${sale.identifier}`);
    expect(view.status).toBe(200);
    expect(view.body.data.events.map((e) => [e.name, e.date, e.time, e.place])).toEqual([
      ['Velorio', '2030-03-14', '19:00', 'Sede Miraflores, sala 2'],
      ['Entierro', '2030-03-15', '11:00', 'Camposanto Jardines de la Paz'],
    ]);

    const audit = await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'partner.contract-created').where('target', '=', sale.contract).executeTakeFirstOrThrow();
    expect(audit.operatorEmail).toMatch(/^socio:/);
  });

  it('e-mails the family the activation link naming the funeral home, and gives the adviser a WhatsApp link without the access code', async () => {
    const res = await t.postJson<SaleData>('/api/partner/contracts', form({ email: 'lucia.whatsapp@ejemplo.pe', familyName: 'Lucía', private: true }), asPartner(adviser));
    expect(res.status).toBe(200);
    const { sale } = res.body.data;
    expect(sale.type).toBe('P');
    const mail = await t.mail((m) => m.to.includes('lucia.whatsapp@ejemplo.pe'));
    expect(mail.subject).toBe('Activa tu contrato de Recuerdos');
    expect(mail.text).toContain('Funeraria San Martín registró contigo el memorial de Teodoro Huanca Quispe en Recuerdos');
    const activation = findLink(mail.text, 'http://recuerdos.test/activate-account');

    const url = new URL(sale.whatsappUrl);
    expect(url.origin + url.pathname).toBe('https://wa.me/51987654321');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain('Hola, Lucía. Funeraria San Martín registró el memorial de Teodoro Huanca Quispe en Recuerdos.');
    expect(text).toContain(activation);
    expect(text).toContain(sale.guestUrl);
    const memorial = await t.db.selectFrom('memorials').select('accessCode').where('identifier', '=', sale.identifier).executeTakeFirstOrThrow();
    expect(text).not.toContain(memorial.accessCode);

    // The link works for the family: the contract is activated and becomes theirs.
    const [number, token] = [new URL(activation).searchParams.get('contract') ?? '', new URL(activation).searchParams.get('token') ?? ''];
    expect((await t.postJson('/api/contract/activate', { contract: number, token })).status).toBe(200);
  });

  it('an adviser sells only in its own branch; an admin in any of its partner’s; another partner’s branch is not found', async () => {
    const before = await counts();
    const other = await t.postJson('/api/partner/contracts', form({ branchId: home.otherBranch.id }), asPartner(adviser));
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(PARTNER_MESSAGES.otherBranch);
    const noBranch = await t.postJson('/api/partner/contracts', form(), asPartner(admin));
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.message).toBe(PARTNER_MESSAGES.branchRequired);
    const neighbour = await makePartner(t.db);
    const foreign = await t.postJson('/api/partner/contracts', form({ branchId: neighbour.branch.id }), asPartner(admin));
    expect(foreign.status).toBe(404);
    expect(await counts()).toBe(before);

    const byAdmin = await t.postJson<SaleData>('/api/partner/contracts', form({ branchId: home.otherBranch.id }), asPartner(admin));
    expect(byAdmin.status).toBe(200);
    const contract = await t.db.selectFrom('contracts').select('id').where('number', '=', byAdmin.body.data.sale.contract).executeTakeFirstOrThrow();
    expect((await t.db.selectFrom('partnerSales').select('branchId').where('contractId', '=', contract.id).executeTakeFirstOrThrow()).branchId).toBe(home.otherBranch.id);
  });
});

describe('bad input is refused in Spanish and writes nothing', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['a DNI of 7 digits', { dni: '4567891' }, 400, ID_MESSAGES.dniDigits],
    ['a DNI of 9 digits', { dni: '456789123' }, 400, ID_MESSAGES.dniDigits],
    ['a DNI with a letter', { dni: '4567891A' }, 400, ID_MESSAGES.dniDigits],
    ['no DNI', { dni: '' }, 400, ID_MESSAGES.dniRequired],
    ['a landline for WhatsApp', { whatsapp: '01 4455667' }, 400, SALE_MESSAGES.whatsappInvalid],
    ['no consent', { consent: false }, 400, SALE_MESSAGES.consentRequired],
    ['no relationship', { relationship: 'vecino' }, 400, SALE_MESSAGES.relationshipRequired],
    ['a death date to come', { deathdate: '2099-01-01' }, 400, SALE_MESSAGES.dateFuture],
    ['a birth after the death', { birthdate: '2021-01-01', deathdate: '2020-01-01' }, 400, SALE_MESSAGES.birthAfterDeath],
    ['no name for the deceased', { person: '  ' }, 400, SALE_MESSAGES.personRequired],
    ['a rite without a place', { rites: [{ kind: 'velorio', date: '2030-03-14', time: '19:00', place: '' }] }, 400, 'Escribe el lugar de la ceremonia'],
    ['no price', { price: '' }, 400, PRICE_MESSAGES.required],
    ['a price missing from the request', { price: undefined }, 400, PRICE_MESSAGES.required],
    ['a negative price', { price: '-350' }, 400, PRICE_MESSAGES.positive],
    ['a price of zero', { price: '0,00' }, 400, PRICE_MESSAGES.positive],
    ['an absurd price', { price: '3500000' }, 400, PRICE_MESSAGES.tooHigh],
    ['a price with thousands separators', { price: '1,250.50' }, 400, PRICE_MESSAGES.invalid],
    ['a price in words', { price: 'trescientos' }, 400, PRICE_MESSAGES.invalid],
    ['seven rites', { rites: Array.from({ length: 7 }, () => ({ kind: 'velorio', date: '2030-03-14', place: 'Sala' })) }, 400, SALE_MESSAGES.tooManyRites],
  ];
  for (const [name, overrides, status, message] of cases) {
    it(name, async () => {
      const before = await counts();
      const res = await t.postJson('/api/partner/contracts', form(overrides), asPartner(adviser));
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(res.body.data).toMatchObject({});
      expect(await counts()).toBe(before);
    });
  }

  it('an e-mail that already has an account (a duplicate) is refused, and the staff’s own e-mail too', async () => {
    const existing = await makeAccount(t.db, { email: 'ya.tiene.cuenta@ejemplo.pe' });
    const before = await counts();
    const dup = await t.postJson('/api/partner/contracts', form({ email: existing.email }), asPartner(adviser));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(SALE_MESSAGES.emailHasAccount);
    const staff = await makePartnerUser(t.db, home.partner, { branchId: home.branch.id });
    const own = await t.postJson('/api/partner/contracts', form({ email: staff.email }), asPartner(adviser));
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(SALE_MESSAGES.emailIsStaff);
    expect(await counts()).toBe(before);
  });
});

describe('the first photo on the sale form', () => {
  /** The sale as the /socios form sends it with a photo: a multipart form, the sale as JSON in `sale`. */
  const withPhoto = (fields: Record<string, unknown>, picture: { blob: Blob; filename: string }, token = adviser) =>
    t.post<SaleData>('/api/partner/contracts', { sale: JSON.stringify(fields), picture }, asPartner(token));

  it('becomes the memorial’s profile photo, re-encoded square, on the QR page', async () => {
    const before = await mediaFiles(t.ctx.media);
    const res = await withPhoto(form({ private: false }), file(await pictureBytes({ width: 1200, height: 900 }), 'abuelo.jpg', 'image/jpeg'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SALE_MESSAGES.created);
    const memorial = await t.db.selectFrom('memorials').select(['photoKey', 'identifier']).where('identifier', '=', res.body.data.sale.identifier).executeTakeFirstOrThrow();
    expect(memorial.photoKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const key = memorial.photoKey ?? '';
    expect((await mediaFiles(t.ctx.media)).filter((name) => !before.includes(name))).toEqual([`${key}-130.webp`, `${key}-260.webp`, `${key}-300.webp`, `${key}.jpg`]);
    const view = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}`);
    const photo = await fetch(t.url + view.body.data.personData.profilepath);
    expect(photo.status).toBe(200);
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 300]);
    const audit = await t.db.selectFrom('auditLog').select('detail').where('action', '=', 'partner.contract-created').where('target', '=', res.body.data.sale.contract).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail) as Record<string, unknown>).toMatchObject({ photo: true });
  });

  it('a file that is not a picture is refused in Spanish, and there is no sale and no stored file', async () => {
    const before = [await counts(), await mediaFiles(t.ctx.media)];
    for (const picture of [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'foto.jpg', 'image/jpeg'), file((await pictureBytes()).subarray(0, 600), 'cortada.jpg', 'image/jpeg')]) {
      const res = await withPhoto(form(), picture);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('La foto debe ser una imagen PNG o JPG');
    }
    expect([await counts(), await mediaFiles(t.ctx.media)]).toEqual(before);
  });

  it(`a seller past ${SALE_LIMIT.max} sales in the hour is refused in Spanish before the photo is looked at: nothing decoded, staged or stored`, async () => {
    const seller = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id }));
    const goodPhoto = await pictureBytes({ width: 400, height: 400 });
    const photo = () => file(goodPhoto, 'foto.jpg', 'image/jpeg');
    // A photo the decoder refuses (a JPEG cut short): no sale, and not one of the seller's sales.
    const cut = () => file(goodPhoto.subarray(0, 600), 'cortada.jpg', 'image/jpeg');
    const refusedPhoto = await withPhoto(form(), cut(), seller);
    expect([refusedPhoto.status, refusedPhoto.body.message]).toEqual([400, 'La foto debe ser una imagen PNG o JPG']);
    for (let i = 0; i < SALE_LIMIT.max; i++) expect((await t.postJson('/api/partner/contracts', form(), asPartner(seller))).status).toBe(200);

    const before = [await counts(), await mediaFiles(t.ctx.media)];
    // The store is the real one; the test only notes every object written to it, temporaries included.
    const store = t.ctx.media;
    const putTemp = store.putTemp.bind(store);
    const written: unknown[] = [];
    store.putTemp = (...args) => {
      written.push(args[1]);
      return putTemp(...args);
    };
    const over = await Promise.all([withPhoto(form(), photo(), seller), withPhoto(form(), cut(), seller)]).finally(() => {
      store.putTemp = putTemp;
    });
    // Had the cut photo been decoded first, it would be refused as a bad photo (400), not as one sale too many.
    expect(over.map((res) => [res.status, res.body.message])).toEqual([
      [429, SALE_MESSAGES.tooMany],
      [429, SALE_MESSAGES.tooMany],
    ]);
    expect(written).toEqual([]);
    expect([await counts(), await mediaFiles(t.ctx.media)]).toEqual(before);
    // Another adviser still sells with a photo.
    expect((await withPhoto(form(), photo())).status).toBe(200);
  });

  it('a sale refused for any reason leaves no stored file: a duplicate e-mail, the staff’s e-mail, bad fields, another branch', async () => {
    const existing = await makeAccount(t.db, { email: 'foto.ya.tiene.cuenta@ejemplo.pe' });
    const staff = await makePartnerUser(t.db, home.partner, { branchId: home.branch.id });
    const otherBranch = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.otherBranch.id }));
    const photo = file(await pictureBytes({ format: 'png', width: 400, height: 400 }), 'foto.png', 'image/png');
    const before = [await counts(), await mediaFiles(t.ctx.media)];
    const refused: [number, string][] = [];
    for (const [fields, token] of [
      [form({ email: existing.email }), adviser],
      [form({ email: staff.email }), adviser],
      [form({ dni: '1234567' }), adviser],
      [form({ branchId: home.branch.id }), otherBranch],
    ] as const) {
      const res = await withPhoto(fields, photo, token);
      refused.push([res.status, res.body.message]);
    }
    expect(refused).toEqual([
      [409, SALE_MESSAGES.emailHasAccount],
      [400, SALE_MESSAGES.emailIsStaff],
      [400, ID_MESSAGES.dniDigits],
      [403, PARTNER_MESSAGES.otherBranch],
    ]);
    const garbled = await t.post('/api/partner/contracts', { sale: '{"person": ', picture: photo }, asPartner(adviser));
    expect([garbled.status, garbled.body.message]).toEqual([400, SALE_MESSAGES.formInvalid]);
    expect([await counts(), await mediaFiles(t.ctx.media)]).toEqual(before);
  });
});

