// The handover (issue 30 §3): the partner sees the state of what it sold — activated or not, visits
// and memories counted — and never the content of a memorial; it corrects the rites until the
// family activates, and from then on it cannot change anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerMemorialData } from '@recuerdos/shared/partner-api-types';
import { RITES_MESSAGES } from '@recuerdos/shared/partner-schemas';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { asPartner, makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';
import { insertPost } from '../content/content.repository';

let t: TestServer;
let home: TestPartner;
let adviser: string;
let otherBranchAdviser: string;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  home = await makePartner(t.db);
  adviser = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id, name: 'Luis Paz' }));
  otherBranchAdviser = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.otherBranch.id }));
  admin = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function sell(token: string, overrides: Record<string, unknown> = {}) {
  seq += 1;
  const email = `familia.${seq}@ejemplo.pe`;
  const res = await t.postJson<{ sale: { contract: string; identifier: string } }>(
    '/api/partner/contracts',
    {
      person: `Persona ${seq}`,
      deathdate: '2026-01-10',
      familyName: 'Carmen',
      familyLastname: 'Huanca',
      dni: '45678912',
      relationship: 'hijo',
      email,
      whatsapp: '987654321',
      price: '350',
      consent: true,
      rites: [{ kind: 'velorio', date: '2030-03-14', time: '19:00', place: 'Sala 1' }],
      ...overrides,
    },
    asPartner(token),
  );
  expect(res.status).toBe(200);
  return { ...res.body.data.sale, email };
}

async function activate(email: string): Promise<void> {
  const mail = await t.mail((m) => m.to.includes(email) && m.subject === 'Activa tu contrato de Recuerdos');
  const link = new URL(findLink(mail.text, 'http://recuerdos.test/activate-account'));
  const res = await t.postJson('/api/contract/activate', { contract: link.searchParams.get('contract') ?? '', token: link.searchParams.get('token') ?? '' });
  expect(res.status).toBe(200);
}

const list = async (token: string) => (await t.get<{ memorials: PartnerMemorialData[] }>('/api/partner/memorials', asPartner(token))).body.data.memorials;

describe("the partner's list of its memorials", () => {
  it('shows state, visits and memories counted — and nothing of a private memorial’s content', async () => {
    const sale = await sell(adviser, { person: 'Teodoro Huanca', private: true });
    const memorial = await t.db.selectFrom('memorials').selectAll().where('identifier', '=', sale.identifier).executeTakeFirstOrThrow();
    await activate(sale.email);
    // The family writes, a visitor leaves a memory, someone's is hidden, one waits for approval.
    const at = new Date().toISOString();
    const post = (text: string, authorKind: 'owner' | 'guest', state: 'approved' | 'pending') =>
      insertPost(t.db, { memorialId: memorial.id, authorKind, authorName: authorKind === 'owner' ? 'Familia' : 'Visitante Secreto', authorEmail: null, text, mediaKey: null, mediaKind: null, state, approvedAt: state === 'approved' ? at : null });
    await post('Papá nos enseñó a pescar en Ancón', 'owner', 'approved');
    await post('Gracias por todo, profe', 'guest', 'approved');
    await post('Todavía esperando', 'guest', 'pending');
    const hidden = await post('Oculto por el operador', 'guest', 'approved');
    await t.db.updateTable('posts').set({ hiddenAt: at, hiddenReason: 'spam' }).where('id', '=', hidden.id).execute();
    await t.db.insertInto('memorialVisits').values([{ memorialId: memorial.id, day: '2026-11-20', visits: 12 }, { memorialId: memorial.id, day: '2026-11-21', visits: 5 }]).execute();
    // The family renames it: the partner keeps the name it sold.
    await t.db.updateTable('memorials').set({ fullname: 'Teodoro "Toyo" Huanca' }).where('id', '=', memorial.id).execute();

    const res = await t.get<{ memorials: PartnerMemorialData[] }>('/api/partner/memorials', asPartner(adviser));
    const row = res.body.data.memorials.find((m) => m.contract === sale.contract);
    expect(row).toEqual({
      contract: sale.contract,
      person: 'Teodoro Huanca',
      branch: 'Sede Miraflores',
      seller: 'Luis Paz',
      state: 'active',
      soldAt: expect.any(String) as string,
      activatedAt: expect.any(String) as string,
      visits: 17,
      memories: 2,
      guestUrl: `http://recuerdos.test/guest?id=${sale.identifier}`,
      canCorrectRites: false,
      // Activation does not end the phase (the family ends it, or time does); the rites are now theirs.
      funeralUntil: '2030-04-13',
      rites: [],
    });
    const raw = JSON.stringify(res.body);
    for (const secret of ['Ancón', 'profe', 'Visitante Secreto', 'Toyo', memorial.accessCode, sale.email, '45678912']) expect(raw).not.toContain(secret);
  });

  it('an adviser sees its branch’s sales, the admin every branch’s, another partner none', async () => {
    const mine = await sell(adviser);
    const theirs = await sell(otherBranchAdviser);
    const contracts = async (token: string) => (await list(token)).map((m) => m.contract);
    expect(await contracts(adviser)).toContain(mine.contract);
    expect(await contracts(adviser)).not.toContain(theirs.contract);
    expect(await contracts(otherBranchAdviser)).toEqual([theirs.contract]);
    expect(await contracts(admin)).toEqual(expect.arrayContaining([mine.contract, theirs.contract]));
    const neighbour = await makePartner(t.db);
    expect(await contracts(await partnerToken(t.db, await makePartnerUser(t.db, neighbour.partner, { role: 'admin' })))).toEqual([]);
  });
});

describe('the funeral phase and the rites on the list', () => {
  it('gives the phase’s last day while it lasts and the rites to correct while pending; null once the phase ended', async () => {
    const sale = await sell(adviser, { rites: [{ kind: 'velorio', date: '2030-03-14', time: '19:00', place: 'Sala 1' }, { kind: 'entierro', date: '2030-03-15', place: 'Jardines de la Paz' }] });
    const row = async () => (await list(adviser)).find((m) => m.contract === sale.contract);
    expect(await row()).toMatchObject({
      canCorrectRites: true,
      funeralUntil: '2030-04-14',
      rites: [
        { kind: 'velorio', title: '', date: '2030-03-14', time: '19:00', place: 'Sala 1', mapUrl: '' },
        { kind: 'entierro', title: '', date: '2030-03-15', time: '', place: 'Jardines de la Paz', mapUrl: '' },
      ],
    });
    // The other branch's adviser does not see it; the admin sees it and may correct it.
    expect((await list(admin)).find((m) => m.contract === sale.contract)?.rites).toHaveLength(2);

    // Its last day passed (as Lima's days go by): ended.
    await t.db.updateTable('memorials').set({ funeralUntil: '2020-01-31' }).where('identifier', '=', sale.identifier).execute();
    expect((await row())?.funeralUntil).toBeNull();
    // The family ended it.
    await t.db.updateTable('memorials').set({ funeralUntil: null }).where('identifier', '=', sale.identifier).execute();
    expect((await row())?.funeralUntil).toBeNull();
  });
});

describe('correcting the rites until the family activates', () => {
  it('replaces the rites on the guest page while pending; after activation nothing changes and it says why', async () => {
    const sale = await sell(adviser);
    const rites = [
      { kind: 'velorio', date: '2030-03-14', time: '20:00', place: 'Sala 3' },
      { kind: 'cremacion', date: '2030-03-15', time: '10:00', place: 'Crematorio Jardines' },
    ];
    const fixed = await t.postJson(`/api/partner/memorials/${sale.contract}/rites`, { rites }, asPartner(adviser));
    expect(fixed.status).toBe(200);
    expect(fixed.body.message).toBe(RITES_MESSAGES.saved);
    const view = async () => (await t.get<GuestViewData>(`/api/person/guest-view?id=${sale.identifier}`)).body.data.events.map((e) => [e.name, e.time, e.place]);
    expect(await view()).toEqual([
      ['Velorio', '20:00', 'Sala 3'],
      ['Cremación', '10:00', 'Crematorio Jardines'],
    ]);
    expect((await list(adviser)).find((m) => m.contract === sale.contract)?.canCorrectRites).toBe(true);

    const otherBranch = await t.postJson(`/api/partner/memorials/${sale.contract}/rites`, { rites: [] }, asPartner(otherBranchAdviser));
    expect(otherBranch.status).toBe(403);

    await activate(sale.email);
    for (const token of [adviser, admin]) {
      const refused = await t.postJson(`/api/partner/memorials/${sale.contract}/rites`, { rites: [] }, asPartner(token));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(RITES_MESSAGES.handedOver);
    }
    expect(await view()).toEqual([
      ['Velorio', '20:00', 'Sala 3'],
      ['Cremación', '10:00', 'Crematorio Jardines'],
    ]);
    expect((await list(adviser)).find((m) => m.contract === sale.contract)?.canCorrectRites).toBe(false);
  });

  it('another partner’s contract is not found; bad rites are refused in Spanish', async () => {
    const sale = await sell(adviser);
    const neighbour = await makePartner(t.db);
    const stranger = await partnerToken(t.db, await makePartnerUser(t.db, neighbour.partner, { role: 'admin' }));
    const notFound = await t.postJson(`/api/partner/memorials/${sale.contract}/rites`, { rites: [] }, asPartner(stranger));
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe(RITES_MESSAGES.notFound);
    const bad = await t.postJson(`/api/partner/memorials/${sale.contract}/rites`, { rites: [{ kind: 'velorio', date: '2030-02-30', place: 'Sala' }] }, asPartner(adviser));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('La fecha no es válida');
  });
});
