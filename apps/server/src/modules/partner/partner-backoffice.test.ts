// The partners in the back office (issue 30 §1, §4, §5, §6, §7): one partner with its branches and
// staff, a branch and a partner user added by the operator (audited), the logo uploaded — bad bytes
// refused in Spanish with nothing stored, a good one re-encoded with its transparency — and shown on
// the QR page during the funeral phase (a new logo reaches the cached page on every instance) and on
// the recordatorio card; and the complaints book naming the funeral home that sold a contract.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminComplaint } from '@recuerdos/shared/admin-api-types';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import type { BackofficePartnerData, BackofficePartnerDetailData } from '@recuerdos/shared/partner-api-types';
import { BACKOFFICE_PARTNER_MESSAGES, BACKOFFICE_PARTNER_TEXT, PARTNER_LOGO, PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeOperator, operatorToken } from '../../../test/operators';
import { asPartner, makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';
import { pdfPagePng, pdfText } from '../../../test/pdf';
import type { AppContext } from '../../context';
import { fileComplaint } from '../complaint/complaint.service';
import { logoObject, setPartnerLogo } from './partner-logo';
import { createContract } from '../contract/contract.service';

const GUEST_SSR_FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/guest-ssr/web');

let t: TestServer;
/** A second instance on the same database: a logo changed through one reaches the other's cache. */
let other: TestServer;
let operator: Record<string, string>;
let home: TestPartner;
let adviser: string;

beforeAll(async () => {
  t = await startTestServer({ env: { WEB_DIST_DIR: GUEST_SSR_FIXTURE } });
  other = await startTestServer({ env: { WEB_DIST_DIR: GUEST_SSR_FIXTURE }, shareWith: t });
  operator = { operator: await operatorToken(t.db, await makeOperator(t.db, { name: 'Lucía Torres' })) };
  home = await makePartner(t.db, { name: 'Funeraria Los Olivos' });
  adviser = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id }));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const auditOf = (target: string) => t.db.selectFrom('auditLog').select(['action', 'operatorId', 'target']).where('target', '=', target).orderBy('id').execute();

async function detail(id: number) {
  return t.get<{ partner: BackofficePartnerDetailData }>(`/api/admin/partners/${id}`, { headers: operator });
}

let seq = 0;
async function sell(rites: Record<string, string>[] = []) {
  seq += 1;
  const res = await t.postJson<{ sale: { contract: string; identifier: string } }>(
    '/api/partner/contracts',
    { person: `Persona Logo ${seq}`, deathdate: '2026-01-10', familyName: 'Ana', familyLastname: 'Quispe', dni: '45678912', relationship: 'hijo', email: `logo.${seq}@ejemplo.pe`, whatsapp: '987654321', consent: true, price: '350', rites },
    asPartner(adviser),
  );
  expect(res.status).toBe(200);
  return res.body.data.sale;
}

/** A 400 × 100 logo: a red band on a transparent background. */
const transparentLogo = () =>
  sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 300, height: 60, channels: 4, background: { r: 220, g: 20, b: 20, alpha: 1 } } }, left: 50, top: 20 }])
    .png()
    .toBuffer();

function uploadLogo(id: number, bytes: Buffer | Uint8Array, filename = 'logo.png', type = 'image/png') {
  return t.post<{ logo: string }>(`/api/admin/partners/${id}/logo`, { logo: { blob: new Blob([new Uint8Array(bytes)], { type }), filename } }, { headers: operator });
}

describe('a partner in the back office', () => {
  it('shows its branches with their sales and its staff; the operator adds a branch and a user who gets the set-password link, both audited', async () => {
    const partner = await makePartner(t.db, { name: 'Funeraria Detalle' });
    await makePartnerUser(t.db, partner.partner, { branchId: partner.branch.id, name: 'Luis Paz' });
    const shown = await detail(partner.partner.id);
    expect(shown.status).toBe(200);
    expect(shown.body.data.partner).toMatchObject({ id: partner.partner.id, name: 'Funeraria Detalle', branches: 2, staff: 1, sales: 0, suspended: false, logo: null });
    expect(shown.body.data.partner.branchList.map((b) => [b.name, b.sales])).toEqual([
      ['Sede Miraflores', 0],
      ['Sede Surco', 0],
    ]);
    expect(shown.body.data.partner.staffList.map((s) => [s.name, s.role, s.branch])).toEqual([['Luis Paz', 'adviser', 'Sede Miraflores']]);

    const branch = await t.postJson<{ branch: { id: number; name: string } }>(`/api/admin/partners/${partner.partner.id}/branches`, { name: 'Sede Callao', address: 'Av. Sáenz Peña 200' }, { headers: operator });
    expect([branch.status, branch.body.message]).toEqual([200, PARTNER_MESSAGES.branchCreated]);
    const same = await t.postJson(`/api/admin/partners/${partner.partner.id}/branches`, { name: 'Sede Callao' }, { headers: operator });
    expect([same.status, same.body.message]).toEqual([409, PARTNER_MESSAGES.branchExists]);

    // An adviser needs a branch: refused in Spanish, no one created.
    const noBranch = await t.postJson(`/api/admin/partners/${partner.partner.id}/users`, { email: 'asesora@olivos.pe', name: 'Carla Ruiz', role: 'adviser' }, { headers: operator });
    expect([noBranch.status, noBranch.body.message]).toEqual([400, PARTNER_MESSAGES.branchRequired]);
    // Another partner's branch is not this partner's.
    const foreign = await t.postJson(`/api/admin/partners/${partner.partner.id}/users`, { email: 'asesora@olivos.pe', name: 'Carla Ruiz', role: 'adviser', branchId: home.branch.id }, { headers: operator });
    expect([foreign.status, foreign.body.message]).toEqual([404, PARTNER_MESSAGES.branchNotFound]);
    expect(await t.db.selectFrom('partnerUsers').select('id').where('email', '=', 'asesora@olivos.pe').execute()).toEqual([]);

    const user = await t.postJson<{ id: number; setPasswordUrl: string }>(
      `/api/admin/partners/${partner.partner.id}/users`,
      { email: 'Asesora@Olivos.pe', name: 'Carla Ruiz', role: 'adviser', branchId: String(branch.body.data.branch.id) },
      { headers: operator },
    );
    expect([user.status, user.body.message]).toEqual([200, BACKOFFICE_PARTNER_TEXT.userCreated]);
    expect(user.body.data.setPasswordUrl).toMatch(/^http:\/\/recuerdos\.test\/socios\/set-password\?token=/);
    // The link works: it names the person, who sets a password and signs in.
    const token = new URL(user.body.data.setPasswordUrl).searchParams.get('token') ?? '';
    expect((await t.get<{ user: { email: string } }>(`/api/partner/auth/set-password?token=${encodeURIComponent(token)}`)).body.data.user.email).toBe('asesora@olivos.pe');
    expect((await t.postJson('/api/partner/auth/set-password', { token, password: 'clave-de-la-asesora' })).status).toBe(200);
    const login = await t.postJson<{ next: string }>('/api/partner/auth/login', { email: 'asesora@olivos.pe', password: 'clave-de-la-asesora' });
    expect([login.status, login.body.data.next]).toEqual([200, 'done']);

    const duplicate = await t.postJson(`/api/admin/partners/${partner.partner.id}/users`, { email: 'asesora@olivos.pe', name: 'Otra', role: 'admin' }, { headers: operator });
    expect([duplicate.status, duplicate.body.message]).toEqual([409, PARTNER_MESSAGES.emailTaken]);

    const after = (await detail(partner.partner.id)).body.data.partner;
    expect(after.branchList.map((b) => b.name)).toEqual(['Sede Miraflores', 'Sede Surco', 'Sede Callao']);
    expect(after.staffList.map((s) => [s.name, s.branch, s.hasPassword])).toEqual([
      ['Luis Paz', 'Sede Miraflores', true],
      ['Carla Ruiz', 'Sede Callao', true],
    ]);
    const audit = await auditOf(`socio:${partner.partner.id}`);
    expect(audit.map((a) => a.action)).toEqual(['partner.branch-created']);
    expect(audit[0]?.operatorId).not.toBeNull();
    const userAudit = await auditOf('asesora@olivos.pe');
    expect(userAudit.map((a) => a.action)).toContain('partner.user-created');
    expect(userAudit.find((a) => a.action === 'partner.user-created')?.operatorId).not.toBeNull();
  });

  it('answers 404 in Spanish for a partner that does not exist', async () => {
    for (const res of [await detail(999_999), await t.postJson('/api/admin/partners/999999/branches', { name: 'Sede' }, { headers: operator })]) {
      expect([res.status, res.body.message]).toEqual([404, BACKOFFICE_PARTNER_MESSAGES.notFound]);
    }
  });
});

describe('the partner’s logo', () => {
  it('refuses what is not a PNG, JPEG or WebP by its bytes, in Spanish, storing nothing', async () => {
    const partner = await makePartner(t.db, { name: 'Funeraria Sin Logo' });
    const before = await t.ctx.media.list();
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const png = await transparentLogo();
    const cut = png.subarray(0, 60);
    for (const [bytes, name] of [
      [gif, 'logo.png'],
      [svg, 'logo.png'],
      [Buffer.from('no es una imagen'), 'logo.webp'],
      [cut, 'logo.png'],
    ] as const) {
      const res = await uploadLogo(partner.partner.id, bytes, name);
      expect([name, res.status, res.body.message]).toEqual([name, 400, BACKOFFICE_PARTNER_TEXT.logoInvalid]);
    }
    const none = await t.post(`/api/admin/partners/${partner.partner.id}/logo`, { name: 'sin archivo' }, { headers: operator });
    expect([none.status, none.body.message]).toEqual([400, BACKOFFICE_PARTNER_TEXT.logoRequired]);
    expect(await t.ctx.media.list()).toEqual(before);
    expect(await t.ctx.media.listTemp()).toEqual([]);
    expect((await t.db.selectFrom('partners').select('logoKey').where('id', '=', partner.partner.id).executeTakeFirstOrThrow()).logoKey).toBeNull();
    expect(await auditOf(`socio:${partner.partner.id}`)).toEqual([]);
  });

  it('re-encodes a good one into a small WebP with its transparency, served publicly; a new one replaces it', async () => {
    const partner = await makePartner(t.db, { name: 'Funeraria Con Logo' });
    const res = await uploadLogo(partner.partner.id, await transparentLogo(), 'logo.jpg', 'image/jpeg');
    expect([res.status, res.body.message]).toEqual([200, BACKOFFICE_PARTNER_TEXT.logoSaved]);
    const logo = res.body.data.logo;
    expect(logo).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.webp$/);
    const served = await fetch(t.url + logo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const stored = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', PARTNER_LOGO.width, PARTNER_LOGO.height, true]);
    // The corner stays transparent; the band stays red.
    const { data, info } = await sharp(stored).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
    expect(pixel(2, 2)[3]).toBe(0);
    const [r = 0, g = 255, , a = 0] = pixel(PARTNER_LOGO.width / 2, PARTNER_LOGO.height / 2);
    expect([r > 180, g < 60, a]).toEqual([true, true, 255]);

    expect((await detail(partner.partner.id)).body.data.partner.logo).toBe(logo);
    const listed = await t.get<{ partners: BackofficePartnerData[] }>('/api/admin/partners', { headers: operator });
    expect(listed.body.data.partners.find((p) => p.id === partner.partner.id)?.logo).toBe(logo);

    const second = await uploadLogo(partner.partner.id, await sharp({ create: { width: 80, height: 80, channels: 3, background: '#204080' } }).webp().toBuffer(), 'logo.webp', 'image/webp');
    expect(second.status).toBe(200);
    expect(second.body.data.logo).not.toBe(logo);
    expect((await fetch(t.url + logo)).status).toBe(404);
    expect((await fetch(t.url + second.body.data.logo)).status).toBe(200);
    expect((await auditOf(`socio:${partner.partner.id}`)).map((a) => a.action)).toEqual(['partner.logo-changed', 'partner.logo-changed']);
  });

  it('keeps exactly one stored logo, the one the partner names, when ten uploads overlap', async () => {
    const partner = await makePartner(t.db, { name: 'Funeraria Diez Logos' });
    const before = new Set(await t.ctx.media.list());
    // Every upload has its object staged before any of them writes the row: the worst overlap of
    // ten requests on two instances, made certain instead of left to timing.
    const waiting: (() => void)[] = [];
    const media = Object.create(t.ctx.media) as AppContext['media'];
    media.putTemp = async (...args: Parameters<AppContext['media']['putTemp']>) => {
      const staged = await t.ctx.media.putTemp(...args);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 10) waiting.forEach((go) => go());
      });
      return staged;
    };
    const actor = { operatorId: null, email: 'prueba', ip: '127.0.0.1' };
    const keys = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        setPartnerLogo({ ...t.ctx, media }, partner.partner.id, await sharp({ create: { width: 60 + i, height: 40, channels: 3, background: '#305090' } }).png().toBuffer(), actor),
      ),
    );
    const named = (await detail(partner.partner.id)).body.data.partner.logo;
    expect(keys.map((key) => `/media/${logoObject(key)}`)).toContain(named);
    const added = (await t.ctx.media.list()).filter((object) => !before.has(object));
    expect(added.map((object) => `/media/${object}`)).toEqual([named]);
    expect(await auditOf(`socio:${partner.partner.id}`)).toHaveLength(10);
  });

  it('shows on the QR page during the funeral phase, and a new logo reaches the cached page on every instance', async () => {
    const sale = await sell([{ kind: 'velorio', date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), time: '19:00', place: 'Sala 1' }]);
    const guestData = (html: string) => JSON.parse(/<script type="application\/json" id="guest-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as GuestPageData;
    const page = async (server: TestServer, etag: string | null = null) => {
      const res = await fetch(`${server.url}/guest?id=${sale.identifier}`, { headers: etag ? { 'if-none-match': etag } : {} });
      const html = await res.text();
      return { status: res.status, etag: res.headers.get('etag'), data: res.status === 200 ? guestData(html) : null };
    };
    const view = async (server: TestServer, etag: string | null = null) => {
      const res = await fetch(`${server.url}/api/person/guest-view?id=${sale.identifier}`, { headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) } });
      return { status: res.status, etag: res.headers.get('etag'), data: res.status === 200 ? ((await res.json()) as { data: GuestViewData }).data : null };
    };
    const before = await page(t);
    expect(before.data?.view?.funeral).toEqual({ partner: 'Funeraria Los Olivos' });
    const beforeView = await view(other);
    expect((await page(other, before.etag)).status).toBe(304);
    expect((await view(other, beforeView.etag)).status).toBe(304);

    const uploaded = await uploadLogo(home.partner.id, await transparentLogo());
    expect(uploaded.status).toBe(200);
    for (const server of [other, t]) {
      const after = await page(server, before.etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before.etag);
      expect(after.data?.view?.funeral).toEqual({ partner: 'Funeraria Los Olivos', logo: uploaded.body.data.logo });
      const afterView = await view(server, beforeView.etag);
      expect(afterView.status).toBe(200);
      expect(afterView.data?.funeral).toEqual({ partner: 'Funeraria Los Olivos', logo: uploaded.body.data.logo });
    }
  });

  it('is printed small on the recordatorio card above the funeral home’s line', async () => {
    const partner = await makePartner(t.db, { name: 'Funeraria Tarjeta' });
    const seller = await partnerToken(t.db, await makePartnerUser(t.db, partner.partner, { branchId: partner.branch.id }));
    const sold = await t.postJson<{ sale: { contract: string } }>(
      '/api/partner/contracts',
      { person: 'Persona Tarjeta', deathdate: '2026-01-10', familyName: 'Ana', familyLastname: 'Quispe', dni: '45678912', relationship: 'hijo', email: 'tarjeta.logo@ejemplo.pe', whatsapp: '987654321', consent: true, price: '350' },
      asPartner(seller),
    );
    expect(sold.status).toBe(200);
    const card = async () => new Uint8Array(await (await fetch(`${t.url}/api/partner/memorials/${sold.body.data.sale.contract}/card.pdf`, { headers: { partner: seller } })).arrayBuffer());
    const redPixels = async (pdf: Uint8Array) => {
      const { data } = await sharp(await pdfPagePng(pdf, 100)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let red = 0;
      for (let i = 0; i < data.length; i += 3) if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 255) < 80 && (data[i + 2] ?? 255) < 80) red += 1;
      return red;
    };
    expect(await redPixels(await card())).toBe(0);
    expect((await uploadLogo(partner.partner.id, await transparentLogo())).status).toBe(200);
    expect(await redPixels(await card())).toBeGreaterThan(100);
  });
});

describe('the complaints book', () => {
  it('names the funeral home that sold the complaint’s contract; ours show none', async () => {
    const sale = await sell();
    const own = await createContract({ db: t.db, config: t.config }, { email: 'propio.reclamo@ejemplo.pe', name: 'Rosa', lastname: 'Quispe', person: 'Rosa Mamani' });
    const complaint = (contract: string, n: number) =>
      fileComplaint(t.ctx, `10.8.0.${n}`, { date: '01/06/2026', name: 'María', lastname: 'Huamán', email: `reclamo.${n}@ejemplo.pe`, contract, document: '45678912', phone: '987654321', type: '1', detail: 'Detalle', order: 'Pedido' });
    const viaPartner = await complaint(` ${sale.contract.toLowerCase()} `, 1);
    const ours = await complaint(own.number, 2);
    const unknown = await complaint('no recuerdo', 3);
    const year = new Date().getFullYear();
    const listed = await t.get<{ complaints: AdminComplaint[] }>(`/api/admin/complaints?year=${year}`, { headers: operator });
    expect(listed.status).toBe(200);
    const partnerOf = (number: string) => listed.body.data.complaints.find((c) => c.number === number)?.partner;
    expect(partnerOf(viaPartner.number)).toBe('Funeraria Los Olivos');
    expect(partnerOf(ours.number)).toBeNull();
    expect(partnerOf(unknown.number)).toBeNull();
    const one = await t.get<{ complaint: AdminComplaint }>(`/api/admin/complaints/${viaPartner.number}`, { headers: operator });
    expect(one.body.data.complaint.partner).toBe('Funeraria Los Olivos');

    // The year's CSV and PDF (what INDECOPI may ask for) name it too.
    const csv = await (await fetch(`${t.url}/api/admin/complaints/export.csv?year=${year}`, { headers: operator })).text();
    const lineOf = (number: string) => csv.split('\r\n').find((line) => line.startsWith(`${number},`)) ?? '';
    expect(csv.split('\r\n')[0]).toContain(',Contrato,Vendido por,');
    expect(lineOf(viaPartner.number)).toContain(',Funeraria Los Olivos,');
    expect(lineOf(ours.number)).not.toContain('Funeraria');
    const pdf = await pdfText(new Uint8Array(await (await fetch(`${t.url}/api/admin/complaints/export.pdf?year=${year}`, { headers: operator })).arrayBuffer()));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('Vendido por Funeraria Los Olivos');
    expect(text.match(/Vendido por/g)).toHaveLength(1);
  });
});
