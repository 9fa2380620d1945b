// The funeral phase (issue 30 §4, docs/decisions/031 §4): while it lasts, the QR page of a memorial
// sold by a funeral home carries "Con el acompañamiento de <funeraria>" next to the rites; 30 days
// after the last rite, or as soon as the family ends it, the page is the family's memorial alone —
// on every instance, and never as an old page answered 304 from the render cache.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import { FUNERAL_PHASE_MESSAGES } from '@recuerdos/shared/remembrance';
import type { FuneralPhase } from '@recuerdos/shared/remembrance-text';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { asPartner, makePartner, makePartnerUser, partnerToken } from '../../../test/partners';
import { createUserSession } from '../../auth/sessions';
import { limaDate } from '@recuerdos/shared/dates';
import { pdfText } from '../../../test/pdf';

const GUEST_SSR_FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/guest-ssr/web');
const LINE = 'Con el acompañamiento de Funeraria San Martín';

/** Days from today in Lima (sessions are made with the real clock, so the story starts today). */
const TODAY = limaDate(new Date());
const day = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** An instant of a Lima day (UTC−5 all year). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);
const VELORIO = day(4);
const CREMATION = day(5);
/** The phase's last day: 30 days after the cremation. */
const LAST_DAY = day(35);
const START = new Date();

let clock = START;
let t: TestServer;
/** A second instance on the same database: what one learns, the other must too. */
let other: TestServer;
let adviser: string;

beforeAll(async () => {
  t = await startTestServer({ env: { WEB_DIST_DIR: GUEST_SSR_FIXTURE }, now: () => clock });
  other = await startTestServer({ env: { WEB_DIST_DIR: GUEST_SSR_FIXTURE }, shareWith: t, now: () => clock });
  const home = await makePartner(t.db);
  adviser = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id }));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

let seq = 0;
/** A sale with a velorio in four days and a cremation in five, activated by the family. */
async function soldAndActivated(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const email = `fase.${seq}@ejemplo.pe`;
  const res = await t.postJson<{ sale: { contract: string; identifier: string } }>(
    '/api/partner/contracts',
    {
      person: `Persona Fase ${seq}`,
      deathdate: day(-1),
      familyName: 'Carmen',
      familyLastname: 'Huanca',
      dni: '45678912',
      relationship: 'hijo',
      email,
      whatsapp: '987654321',
      price: '350',
      consent: true,
      rites: [
        { kind: 'cremacion', date: CREMATION, time: '10:00', place: 'Crematorio Jardines' },
        { kind: 'velorio', date: VELORIO, time: '19:00', place: 'Sala 1' },
      ],
      ...overrides,
    },
    asPartner(adviser),
  );
  expect([res.status, res.body.message]).toEqual([200, expect.anything()]);
  const { identifier } = res.body.data.sale;
  const mail = await t.mail((m) => m.to.includes(email) && m.subject === 'Activa tu contrato de Recuerdos');
  const link = new URL(findLink(mail.text, 'http://recuerdos.test/activate-account'));
  expect((await t.postJson('/api/contract/activate', { contract: link.searchParams.get('contract') ?? '', token: link.searchParams.get('token') ?? '' })).status).toBe(200);
  const memorial = await t.db.selectFrom('memorials').selectAll().where('identifier', '=', identifier).executeTakeFirstOrThrow();
  return { identifier, memorial, ownerToken: await createUserSession(t.db, memorial.accountId, memorial.id) };
}

function guestData(html: string): GuestPageData {
  const match = /<script type="application\/json" id="guest-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no guest-data block');
  return JSON.parse(match[1]) as GuestPageData;
}

/** The QR page as a phone that kept the last ETag asks for it. */
async function qrPage(server: TestServer, identifier: string, etag: string | null = null) {
  const res = await fetch(`${server.url}/guest?id=${identifier}`, { headers: etag ? { 'if-none-match': etag } : {} });
  const html = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), html, data: res.status === 200 ? guestData(html) : null };
}

const guestView = async (server: TestServer, identifier: string) => (await server.get<GuestViewData>(`/api/person/guest-view?id=${identifier}`)).body.data;

describe('the funeral phase', () => {
  it('shows the funeral home’s line with the rites until 30 days after the last rite, then the family’s memorial alone', async () => {
    clock = START;
    const { identifier } = await soldAndActivated();
    const during = await qrPage(t, identifier);
    expect(during.status).toBe(200);
    expect(during.data?.view?.funeral).toEqual({ partner: 'Funeraria San Martín' });
    expect(during.data?.view?.events.map((e) => e.name)).toEqual(['Velorio', 'Cremación']);
    expect((await guestView(other, identifier)).funeral).toEqual({ partner: 'Funeraria San Martín' });
    // Unchanged while nothing shown changes.
    expect((await qrPage(other, identifier, during.etag)).status).toBe(304);

    // The 30th day after the cremation is the last one, to its last minute in Lima.
    clock = at(LAST_DAY, '23:59');
    const lastDay = await qrPage(t, identifier, during.etag);
    expect(lastDay.status).toBe(200);
    expect(lastDay.data?.view?.funeral).toEqual({ partner: 'Funeraria San Martín' });

    clock = at(day(36), '00:00');
    for (const server of [t, other]) {
      const after = await qrPage(server, identifier, lastDay.etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(lastDay.etag);
      expect(after.data?.view?.funeral).toBeUndefined();
      expect(after.html).not.toContain('Funeraria San Martín');
      expect(after.data?.view?.events.map((e) => e.name)).toEqual(['Velorio', 'Cremación']);
      expect((await guestView(server, identifier)).funeral).toBeUndefined();
    }
  });

  it('a memorial sold without rites keeps the line 30 days after the sale; one the family made itself never has it', async () => {
    clock = START;
    const { identifier } = await soldAndActivated({ rites: [] });
    expect((await guestView(t, identifier)).funeral).toEqual({ partner: 'Funeraria San Martín' });
    clock = at(day(30), '23:59');
    expect((await guestView(t, identifier)).funeral).toEqual({ partner: 'Funeraria San Martín' });
    clock = at(day(31), '00:00');
    expect((await guestView(t, identifier)).funeral).toBeUndefined();

    clock = START;
    const own = await makeOwner(t.db);
    expect((await guestView(t, own.memorial.identifier)).funeral).toBeUndefined();
    const listed = await t.get<{ funeral: FuneralPhase | null }>(`/api/events/list?identifier=${own.memorial.identifier}`, { token: own.token });
    expect(listed.body.data.funeral).toBeNull();
  });

  it('the family ends it from its account: the page on every instance drops the line at once, never a 304 of the old one', async () => {
    clock = START;
    const { identifier, memorial, ownerToken } = await soldAndActivated();
    const listed = await t.get<{ funeral: FuneralPhase | null }>(`/api/events/list?identifier=${identifier}`, { token: ownerToken });
    expect(listed.body.data.funeral).toEqual({ partner: 'Funeraria San Martín', until: LAST_DAY });
    const before = await qrPage(t, identifier);
    expect(before.data?.view?.funeral).toEqual({ partner: 'Funeraria San Martín' });
    expect((await qrPage(other, identifier, before.etag)).status).toBe(304);

    const ended = await t.postJson('/api/events/end-funeral-phase', { identifier }, { token: ownerToken });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(FUNERAL_PHASE_MESSAGES.ended);

    for (const server of [other, t]) {
      const after = await qrPage(server, identifier, before.etag);
      expect(after.status).toBe(200);
      expect(after.data?.view?.funeral).toBeUndefined();
      expect(after.html).not.toContain(LINE);
      expect(after.data?.view?.events).toHaveLength(2);
    }
    expect((await t.get<{ funeral: FuneralPhase | null }>(`/api/events/list?identifier=${identifier}`, { token: ownerToken })).body.data.funeral).toBeNull();

    // Ending it again says it is over, and the partner's sale is untouched.
    const again = await t.postJson('/api/events/end-funeral-phase', { identifier }, { token: ownerToken });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FUNERAL_PHASE_MESSAGES.notActive);
    expect((await t.db.selectFrom('memorials').select('funeralUntil').where('id', '=', memorial.id).executeTakeFirstOrThrow()).funeralUntil).toBeNull();
  });

  it('the family’s own recordatorio card carries the funeral home’s line during the phase, and not once the family ends it', async () => {
    clock = START;
    const { identifier, ownerToken } = await soldAndActivated();
    const cardText = async () => {
      const res = await fetch(`${t.url}/api/person/remembrance-card?identifier=${identifier}`, { headers: { token: ownerToken } });
      expect(res.status).toBe(200);
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text.replace(/\s+/g, ' ');
    };
    expect(await cardText()).toContain(LINE);
    expect((await t.postJson('/api/events/end-funeral-phase', { identifier }, { token: ownerToken })).status).toBe(200);
    const after = await cardText();
    expect(after).toContain('En memoria de');
    expect(after).not.toContain('Funeraria San Martín');
  });

  it('no one but the family can end it: a visitor, a guest with the code, another family, a partner — nothing changes', async () => {
    clock = START;
    const { identifier, memorial } = await soldAndActivated();
    const otherFamily = await makeOwner(t.db);
    const guest = await makeGuestToken(t.db, memorial);
    const attempts: [string, Record<string, unknown>, number][] = [
      ['anonymous', {}, 401],
      ['guest', { guest }, 401],
      ['another owner', { token: otherFamily.token }, 403],
      ['the partner', { headers: asPartner(adviser).headers }, 401],
    ];
    for (const [who, options, status] of attempts) {
      const res = await t.postJson('/api/events/end-funeral-phase', { identifier }, options);
      expect([who, res.status]).toEqual([who, status]);
      expect(typeof res.body.message).toBe('string');
    }
    const listedByOther = await t.get(`/api/events/list?identifier=${identifier}`, { token: otherFamily.token });
    expect(listedByOther.status).toBe(403);
    expect(JSON.stringify(listedByOther.body)).not.toContain('San Martín');
    expect((await t.db.selectFrom('memorials').select('funeralUntil').where('id', '=', memorial.id).executeTakeFirstOrThrow()).funeralUntil).toBe(LAST_DAY);
    expect((await guestView(t, identifier)).funeral).toEqual({ partner: 'Funeraria San Martín' });
  });

  it('a bad request is refused in Spanish and changes nothing', async () => {
    const own = await makeOwner(t.db);
    const res = await t.postJson('/api/events/end-funeral-phase', {}, { token: own.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[a-záéíóúñ]/i);
    const notInPhase = await t.postJson('/api/events/end-funeral-phase', { identifier: own.memorial.identifier }, { token: own.token });
    expect(notInPhase.status).toBe(409);
    expect(notInPhase.body.message).toBe(FUNERAL_PHASE_MESSAGES.notActive);
  });

  it('a private memorial’s code screen names no funeral home', async () => {
    clock = START;
    const { identifier } = await soldAndActivated({ private: true });
    const gate = await qrPage(t, identifier);
    expect(gate.data?.view).toBeNull();
    expect(gate.html).not.toContain('San Martín');
  });

  it('a renamed funeral home reaches the cached QR pages in their phase on every instance, never a 304 of the old name', async () => {
    clock = START;
    const renamed = await makePartner(t.db, { name: 'Funeraria Los Olivos' });
    const seller = await partnerToken(t.db, await makePartnerUser(t.db, renamed.partner, { branchId: renamed.branch.id }));
    const sell = async (email: string) => {
      const res = await t.postJson<{ sale: { identifier: string } }>(
        '/api/partner/contracts',
        { person: 'Persona Renombre', deathdate: day(-1), familyName: 'Ana', familyLastname: 'Paz', dni: '45678912', relationship: 'hijo', email, whatsapp: '987654321', price: '350', consent: true, rites: [{ kind: 'velorio', date: VELORIO, place: 'Sala 2' }] },
        asPartner(seller),
      );
      expect(res.status).toBe(200);
      return res.body.data.sale.identifier;
    };
    const inPhase = await sell('renombre.1@ejemplo.pe');
    const ended = await sell('renombre.2@ejemplo.pe');
    await t.db.updateTable('memorials').set({ funeralUntil: null }).where('identifier', '=', ended).execute();
    const endedRow = await t.db.selectFrom('memorials').select('updatedAt').where('identifier', '=', ended).executeTakeFirstOrThrow();

    const before = await qrPage(t, inPhase);
    expect(before.data?.view?.funeral).toEqual({ partner: 'Funeraria Los Olivos' });
    expect((await qrPage(other, inPhase, before.etag)).status).toBe(304);
    const jsonBefore = await fetch(`${other.url}/api/person/guest-view?id=${inPhase}`);
    const jsonEtag = jsonBefore.headers.get('etag');
    expect(jsonEtag).toBeTruthy();

    // However the partner's row is written (the back office, the command line), its name reaches the pages.
    await t.db.updateTable('partners').set({ name: 'Funeraria Los Olivos e Hijos' }).where('id', '=', renamed.partner.id).execute();
    for (const server of [other, t]) {
      const after = await qrPage(server, inPhase, before.etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before.etag);
      expect(after.data?.view?.funeral).toEqual({ partner: 'Funeraria Los Olivos e Hijos' });
    }
    const jsonAfter = await fetch(`${t.url}/api/person/guest-view?id=${inPhase}`, { headers: { 'if-none-match': jsonEtag ?? '' } });
    expect(jsonAfter.status).toBe(200);
    expect(((await jsonAfter.json()) as { data: GuestViewData }).data.funeral).toEqual({ partner: 'Funeraria Los Olivos e Hijos' });

    // A new logo does too; another change of the partner (suspension) or a memorial out of its phase is left alone.
    const settled = await qrPage(t, inPhase);
    await t.db.updateTable('partners').set({ logoKey: 'logos/olivos' }).where('id', '=', renamed.partner.id).execute();
    expect((await qrPage(t, inPhase, settled.etag)).status).toBe(200);
    const logoEtag = (await qrPage(t, inPhase)).etag;
    await t.db.updateTable('partners').set({ suspendedAt: new Date().toISOString() }).where('id', '=', renamed.partner.id).execute();
    await t.db.updateTable('partners').set({ suspendedAt: null }).where('id', '=', renamed.partner.id).execute();
    expect((await qrPage(t, inPhase, logoEtag)).status).toBe(304);
    expect((await t.db.selectFrom('memorials').select('updatedAt').where('identifier', '=', ended).executeTakeFirstOrThrow()).updatedAt).toBe(endedRow.updatedAt);
  });
});
