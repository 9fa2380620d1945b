// A relative without the code asks the family (issue 29 §1–3): the request and the family's e-mail
// (read back from the SMTP capture), the personal link that opens the memorial with a guest's
// permissions, survives a new access code and stops when the access is taken back; declining, blocking,
// who may answer, the one answer every request gets, the limits (a burst of 100 from one address
// stores 3), the daily summary and the expiry with its personal data.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REQUEST_MESSAGES, type AccessRequestsData } from '@recuerdos/shared/access-requests';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { makeOwner } from '../../../test/factories';
import { releaseAtOnce } from '../../../test/burst';
import { ipSequence, OWNER_ONLY, testRoles, type RoleCase } from '../../../test/roles';

let t: TestServer;
let clock = new Date('2030-05-10T15:00:00Z');
const freshIp = ipSequence('10.29');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const from = (ip = freshIp()) => ({ headers: { 'x-forwarded-for': ip } });

async function ask(identifier: string, person: { name?: string; email: string; message?: string }, ip = freshIp()) {
  return t.postJson('/api/access-requests/ask', { id: identifier, name: person.name ?? 'Rosa Quispe', email: person.email, message: person.message ?? '', consent: true }, from(ip));
}

async function waiting(token: string, identifier: string) {
  const res = await t.get<AccessRequestsData>(`/api/access-requests/list?identifier=${identifier}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function requestRows(memorialId: number) {
  return t.db.selectFrom('accessRequests').selectAll().where('memorialId', '=', memorialId).execute();
}

/** The secret of the personal link in the last e-mail to `email`. */
async function personalLinkOf(email: string): Promise<{ url: string; secret: string }> {
  await t.mailsSent();
  const mail = t.smtp.to(email).at(-1);
  expect(mail?.subject).toMatch(/^Ya puedes visitar el memorial de /);
  const url = findLink(mail?.text ?? '', `${t.config.publicUrl}/guest?id=`);
  return { url, secret: new URL(url).hash.replace('#acceso=', '') };
}

async function openLink(identifier: string, secret: string) {
  return t.postJson<{ token: string }>('/api/user/guest/link-login', { identifier, link: secret }, from());
}

async function view(identifier: string, guest: string) {
  return t.get<GuestViewData>(`/api/person/guest-view?id=${identifier}`, { guest });
}

describe('asking the family and the personal link', () => {
  it('request → the family is e-mailed → approve → the personal link opens the memorial as a guest', async () => {
    const { memorial, token, account } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1', fullname: 'Julia Mamani', flagPicture: 0 } });
    const asked = await ask(memorial.identifier, { name: 'Rosa Quispe', email: 'rosa@example.pe', message: 'Soy su sobrina de Arequipa.' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(ACCESS_REQUEST_MESSAGES.requested);

    const toFamily = await t.mail((m) => m.to.includes(account.email) && m.subject.includes('te pide acceso'));
    expect(toFamily.subject).toBe('Rosa Quispe te pide acceso al memorial de Julia Mamani');
    expect(toFamily.text).toContain('rosa@example.pe');
    expect(toFamily.text).toContain('Soy su sobrina de Arequipa.');
    expect(findLink(toFamily.text, `${t.config.publicUrl}/account`)).toBe(`${t.config.publicUrl}/account#solicitudes-de-acceso`);

    const listed = await waiting(token, memorial.identifier);
    expect(listed.requests).toMatchObject([{ name: 'Rosa Quispe', email: 'rosa@example.pe', message: 'Soy su sobrina de Arequipa.' }]);
    const approved = await t.postJson('/api/access-requests/approve', { identifier: memorial.identifier, request: listed.requests[0]?.id }, { token });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(ACCESS_REQUEST_MESSAGES.approved);
    const after = await waiting(token, memorial.identifier);
    expect(after.requests).toEqual([]);
    expect(after.grants).toMatchObject([{ name: 'Rosa Quispe', email: 'rosa@example.pe', lastOpened: null }]);

    const { url, secret } = await personalLinkOf('rosa@example.pe');
    expect(url.startsWith(`${t.config.publicUrl}/guest?id=${memorial.identifier}#acceso=`)).toBe(true);
    // Only its hash is stored.
    const stored = await t.db.selectFrom('accessGrants').select('tokenHash').where('memorialId', '=', memorial.id).execute();
    expect(JSON.stringify(stored)).not.toContain(secret);

    const opened = await openLink(memorial.identifier, secret);
    expect(opened.status).toBe(200);
    const guest = opened.body.data.token;
    const seen = await view(memorial.identifier, guest);
    expect(seen.status).toBe(200);
    expect(seen.body.data.personData.fullname).toBe('Julia Mamani');
    // Exactly a guest's permissions: a candle yes, an owner's action no, pictures only if the family allows.
    expect((await t.post('/api/gift/update-gift', { identifier: memorial.identifier, type: 'V' }, { guest, ...from() })).status).toBe(200);
    expect((await t.post('/api/person/update-flag-message', { identifier: memorial.identifier, flag: '0' }, { guest })).status).toBe(401);
    const picture = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Rosa', message: 'Hola', postPicture: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }) }, { guest, ...from() });
    expect(picture.status).toBe(403);
    expect((await waiting(token, memorial.identifier)).grants[0]?.lastOpened).not.toBeNull();
    // The link is for this memorial only.
    const other = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'otra' } });
    expect((await openLink(other.memorial.identifier, secret)).status).toBe(401);
  });

  it('keeps working when the family changes the access code; the code guests are asked again', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const secret = await letIn(memorial.identifier, token, 'tio@example.pe');
    const insideByLink = (await openLink(memorial.identifier, secret)).body.data.token;
    const byCode = (await t.postJson<{ token: string }>('/api/user/guest/login', { identifier: memorial.identifier, accessCode: 'clave1' }, from())).body.data.token;

    expect((await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: 'nueva2' }, { token })).status).toBe(200);
    expect((await view(memorial.identifier, byCode)).status).toBe(401);
    expect((await view(memorial.identifier, insideByLink)).status).toBe(200);
    // Renewed, as the page does on every visit: still the link's session.
    const renewed = await t.get<{ token: string }>('/api/user/guest/renew-token', { guest: insideByLink });
    expect(renewed.status).toBe(200);
    expect((await view(memorial.identifier, renewed.body.data.token)).status).toBe(200);
    const reopened = await openLink(memorial.identifier, secret);
    expect(reopened.status).toBe(200);
    expect((await view(memorial.identifier, reopened.body.data.token)).status).toBe(200);
  });

  it('stops at once when the family takes the access back: the link and the session inside it', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const secret = await letIn(memorial.identifier, token, 'prima@example.pe');
    const inside = (await openLink(memorial.identifier, secret)).body.data.token;
    expect((await view(memorial.identifier, inside)).status).toBe(200);
    const grant = (await waiting(token, memorial.identifier)).grants[0];

    const revoked = await t.postJson('/api/access-grants/revoke', { identifier: memorial.identifier, grant: grant?.id }, { token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(ACCESS_REQUEST_MESSAGES.revoked);
    const next = await view(memorial.identifier, inside);
    expect(next.status).toBe(401);
    const again = await openLink(memorial.identifier, secret);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(ACCESS_REQUEST_MESSAGES.linkInvalid);
    expect((await waiting(token, memorial.identifier)).grants).toEqual([]);
    expect((await t.postJson('/api/access-grants/revoke', { identifier: memorial.identifier, grant: grant?.id }, { token })).status).toBe(404);
  });

  it("reminders asked through a personal link follow it: kept when the code changes, ended when it is taken back", async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const secret = await letIn(memorial.identifier, token, 'ahijado@example.pe');
    const inside = (await openLink(memorial.identifier, secret)).body.data.token;
    const subscribed = await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email: 'ahijado@example.pe', consent: true }, { guest: inside, ...from() });
    expect(subscribed.status).toBe(200);
    await t.db.updateTable('reminderSubscriptions').set({ state: 'confirmed', confirmTokenHash: null }).where('memorialId', '=', memorial.id).execute();
    const subscriptions = () => t.db.selectFrom('reminderSubscriptions').select('email').where('memorialId', '=', memorial.id).execute();

    expect((await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: 'nueva2' }, { token })).status).toBe(200);
    expect(await subscriptions()).toEqual([{ email: 'ahijado@example.pe' }]);
    const grant = (await waiting(token, memorial.identifier)).grants[0];
    expect((await t.postJson('/api/access-grants/revoke', { identifier: memorial.identifier, grant: grant?.id }, { token })).status).toBe(200);
    expect(await subscriptions()).toEqual([]);
  });

  it('a person who lost the e-mail asks again: the new link works, the old one stops, one person with access', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const first = await letIn(memorial.identifier, token, 'abuela@example.pe');
    const second = await letIn(memorial.identifier, token, 'abuela@example.pe');
    expect((await openLink(memorial.identifier, first)).status).toBe(401);
    expect((await openLink(memorial.identifier, second)).status).toBe(200);
    expect((await waiting(token, memorial.identifier)).grants).toHaveLength(1);
  });

  it('one visitor session per link: opening it on another phone ends the first', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const secret = await letIn(memorial.identifier, token, 'hermano@example.pe');
    const first = (await openLink(memorial.identifier, secret)).body.data.token;
    const second = (await openLink(memorial.identifier, secret)).body.data.token;
    expect((await view(memorial.identifier, first)).status).toBe(401);
    expect((await view(memorial.identifier, second)).status).toBe(200);
  });

  it('declined: the request and its data are gone and nothing is sent, unless the family chooses a gentle line', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1', fullname: 'Pedro Huamán' } });
    await ask(memorial.identifier, { email: 'desconocido@example.pe' });
    await ask(memorial.identifier, { email: 'vecina@example.pe' });
    await t.mailsSent();
    const before = t.smtp.messages.length;
    const [second, first] = (await waiting(token, memorial.identifier)).requests;
    const declined = await t.postJson('/api/access-requests/decline', { identifier: memorial.identifier, request: first?.id }, { token });
    expect(declined.status).toBe(200);
    await t.mailsSent();
    expect(t.smtp.messages.length).toBe(before);
    expect(t.smtp.to('desconocido@example.pe')).toEqual([]);

    expect((await t.postJson('/api/access-requests/decline', { identifier: memorial.identifier, request: second?.id, notify: true }, { token })).status).toBe(200);
    const gentle = await t.mail((m) => m.to.includes('vecina@example.pe'));
    expect(gentle.subject).toBe('Sobre tu solicitud para el memorial de Pedro Huamán');
    expect(gentle.text).not.toContain('acceso=');
    expect(await requestRows(memorial.id)).toEqual([]);
    // Answered already: nothing left to answer.
    expect((await t.postJson('/api/access-requests/approve', { identifier: memorial.identifier, request: first?.id }, { token })).status).toBe(404);
  });

  it('a blocked address cannot ask again (the same answer), until the family unblocks it', async () => {
    const { memorial, token, account } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    await ask(memorial.identifier, { email: 'molesto@example.pe' });
    const [request] = (await waiting(token, memorial.identifier)).requests;
    expect((await t.postJson('/api/access-requests/block', { identifier: memorial.identifier, request: request?.id }, { token })).status).toBe(200);
    await t.mailsSent();
    const mailsToFamily = t.smtp.to(account.email).length;

    // The same inbox however it is spelled.
    const again = await ask(memorial.identifier, { email: 'Molesto+otra@example.pe' });
    expect(again.body).toEqual({ code: '200', message: ACCESS_REQUEST_MESSAGES.requested, data: {} });
    await t.mailsSent();
    expect(await requestRows(memorial.id)).toEqual([]);
    expect(t.smtp.to(account.email).length).toBe(mailsToFamily);

    const { blocked } = await waiting(token, memorial.identifier);
    expect(blocked).toMatchObject([{ email: 'molesto@example.pe' }]);
    expect((await t.postJson('/api/access-requests/unblock', { identifier: memorial.identifier, block: blocked[0]?.id }, { token })).status).toBe(200);
    await ask(memorial.identifier, { email: 'molesto@example.pe' });
    expect(await requestRows(memorial.id)).toHaveLength(1);
  });
});

async function letIn(identifier: string, token: string, email: string): Promise<string> {
  await ask(identifier, { email });
  const request = (await waiting(token, identifier)).requests.find((r) => r.email === email);
  expect((await t.postJson('/api/access-requests/approve', { identifier, request: request?.id }, { token })).status).toBe(200);
  return (await personalLinkOf(email)).secret;
}

describe('who may answer', () => {
  /** A memorial with one waiting request, asked through the API. */
  async function requestOf(identifier: string, memorialId: number): Promise<number> {
    await ask(identifier, { email: `pide-${memorialId}@example.pe` });
    const row = await t.db.selectFrom('accessRequests').select('id').where('memorialId', '=', memorialId).executeTakeFirstOrThrow();
    return row.id;
  }

  const cases: RoleCase[] = [
    {
      name: 'GET access-requests/list',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      run: async (roles, options) => {
        const res = await t.get(`/api/access-requests/list?identifier=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'POST access-requests/approve',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      run: async (roles, options) => {
        // A request exists only on a private memorial; on a public one the owner gets 404.
        if (roles.owner.memorial.type === 'U') {
          const res = await t.postJson('/api/access-requests/approve', { identifier: roles.owner.memorial.identifier, request: 999_999 }, options);
          return { status: res.status === 404 ? 200 : res.status, data: res.status === 404 ? {} : res.body.data };
        }
        const request = await requestOf(roles.owner.memorial.identifier, roles.owner.memorial.id);
        const res = await t.postJson('/api/access-requests/approve', { identifier: roles.owner.memorial.identifier, request }, options);
        const grants = await t.db.selectFrom('accessGrants').select('id').where('memorialId', '=', roles.owner.memorial.id).execute();
        return { status: res.status, data: res.body.data, changed: grants.length === 1 };
      },
    },
    ...(['decline', 'block'] as const).map(
      (action): RoleCase => ({
        name: `POST access-requests/${action}`,
        expect: { P: OWNER_ONLY, U: OWNER_ONLY },
        run: async (roles, options) => {
          const { memorial } = roles.owner;
          if (memorial.type === 'U') {
            const res = await t.postJson(`/api/access-requests/${action}`, { identifier: memorial.identifier, request: 999_999 }, options);
            return { status: res.status === 404 ? 200 : res.status, data: res.status === 404 ? {} : res.body.data };
          }
          const request = await requestOf(memorial.identifier, memorial.id);
          const res = await t.postJson(`/api/access-requests/${action}`, { identifier: memorial.identifier, request }, options);
          return { status: res.status, data: res.body.data, changed: (await requestRows(memorial.id)).length === 0 };
        },
      }),
    ),
    {
      name: 'POST access-grants/revoke',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      run: async (roles, options) => {
        const { memorial } = roles.owner;
        const grant = await t.db
          .insertInto('accessGrants')
          .values({ memorialId: memorial.id, name: 'Ana', email: 'ana@example.pe', mailbox: 'ana@example.pe', tokenHash: `h-${memorial.id}`, createdAt: '2030-01-01T00:00:00.000Z', lastOpenedAt: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const res = await t.postJson('/api/access-grants/revoke', { identifier: memorial.identifier, grant: grant.id }, options);
        const left = await t.db.selectFrom('accessGrants').select('id').where('id', '=', grant.id).execute();
        return { status: res.status, data: res.body.data, changed: left.length === 0 };
      },
    },
  ];
  testRoles(() => t.db, cases, () => from());

  it("the owner of another account cannot answer this memorial's request, even naming it", async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const stranger = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave2' } });
    const request = await requestOf(memorial.identifier, memorial.id);
    // Through their own memorial's identifier: the request is not theirs.
    const res = await t.postJson('/api/access-requests/approve', { identifier: stranger.memorial.identifier, request }, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(await t.db.selectFrom('accessGrants').select('id').where('memorialId', 'in', [memorial.id, stranger.memorial.id]).execute()).toEqual([]);
    expect(await requestRows(memorial.id)).toHaveLength(1);
  });
});

describe('the one answer and the limits', () => {
  it('answers every request the same: unknown, public, blocked, repeated, over the limit, or real', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const publicOne = await makeOwner(t.db, { memorial: { type: 'U' } });
    await t.db.insertInto('accessBlocks').values({ memorialId: memorial.id, email: 'bloq@example.pe', mailbox: 'bloq@example.pe', createdAt: '2030-01-01' }).execute();
    const ip = freshIp();
    const answers = [
      await ask(memorial.identifier, { email: 'real@example.pe' }),
      await ask('noExiste99', { email: 'real@example.pe' }),
      await ask(publicOne.memorial.identifier, { email: 'real@example.pe' }),
      await ask(memorial.identifier, { email: 'bloq@example.pe' }),
      await ask(memorial.identifier, { email: 'real@example.pe' }),
      ...(await Promise.all([1, 2, 3, 4].map((n) => ask(memorial.identifier, { email: `n${n}@example.pe` }, ip)))),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: '200', message: ACCESS_REQUEST_MESSAGES.requested, data: {} });
    }
    // The real one, and three of the four sent together from one address.
    const stored = (await requestRows(memorial.id)).map((r) => r.email);
    expect(stored).toContain('real@example.pe');
    expect(await requestRows(memorial.id)).toHaveLength(4);
    expect(await t.db.selectFrom('accessRequests').select('id').where('memorialId', '=', publicOne.memorial.id).execute()).toEqual([]);
  });

  it('100 requests released at once from one address store at most 3', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const ip = freshIp();
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, (_, n) => ({
        path: '/api/access-requests/ask',
        body: { id: memorial.identifier, name: `Persona ${n}`, email: `p${n}@example.pe`, message: '', consent: true },
        headers: { 'x-forwarded-for': ip },
      })),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await requestRows(memorial.id)).toHaveLength(3);
  });

  it('bad input gets a clear Spanish error and stores nothing', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const long = await t.postJson('/api/access-requests/ask', { id: memorial.identifier, name: 'Ana', email: 'ana@example.pe', message: 'x'.repeat(301), consent: true }, from());
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(ACCESS_REQUEST_MESSAGES.messageMax);
    const noConsent = await t.postJson('/api/access-requests/ask', { id: memorial.identifier, name: 'Ana', email: 'ana@example.pe' }, from());
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe(ACCESS_REQUEST_MESSAGES.consentRequired);
    const badEmail = await t.postJson('/api/access-requests/ask', { id: memorial.identifier, name: 'Ana', email: 'ana', consent: true }, from());
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Correo electrónico inválido');
    expect(await requestRows(memorial.id)).toEqual([]);
  });

  it('the family gets 5 request e-mails a day; the rest arrive in one daily summary, once', async () => {
    const { memorial, account } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1', fullname: 'Rosa Ccori' } });
    for (let n = 0; n < 7; n++) await ask(memorial.identifier, { name: `Visitante ${n}`, email: `v${n}@example.pe`, message: n === 6 ? 'Fui su alumno' : '' });
    await t.mailsSent();
    expect(t.smtp.to(account.email).filter((m) => m.subject.includes('te pide acceso'))).toHaveLength(5);

    for (let run = 0; run < 2; run++) expect((await t.ctx.jobs.runNow('access-requests-daily')).outcome).toBe('ok');
    await t.mailsSent();
    const summaries = t.smtp.to(account.email).filter((m) => /^\d+ personas? más/.test(m.subject));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.subject).toBe('2 personas más te piden acceso al memorial de Rosa Ccori');
    expect(summaries[0]?.text).toContain('Visitante 5 (v5@example.pe)');
    expect(summaries[0]?.text).toContain('Fui su alumno');
  });

  it('requests nobody answered are deleted with their personal data after 30 days', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    clock = new Date('2030-06-01T15:00:00Z');
    await ask(memorial.identifier, { email: 'antigua@example.pe' });
    clock = new Date('2030-06-20T15:00:00Z');
    await ask(memorial.identifier, { email: 'reciente@example.pe' });
    clock = new Date('2030-07-02T15:00:00Z');
    // Past its 30 days it is no longer shown, even before the job runs…
    expect((await waiting(token, memorial.identifier)).requests.map((r) => r.email)).toEqual(['reciente@example.pe']);
    expect((await t.ctx.jobs.runNow('access-requests-daily')).outcome).toBe('ok');
    // …and the job deletes the row with the name, address and message.
    const rows = await requestRows(memorial.id);
    expect(rows.map((r) => r.email)).toEqual(['reciente@example.pe']);
    clock = new Date('2030-05-10T15:00:00Z');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('access-requests.test: the two-instance case not run (reason: TEST_REDIS_URL is not set)');

describe.skipIf(!redisUrl)('two instances sharing one Redis and one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ env: { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`, TRUST_PROXY: '1' }, now: () => clock });
    b = await startTestServer({ shareWith: a, env: { TRUST_PROXY: '1' }, now: () => clock });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('100 requests from one address released at once over both store at most 3', async () => {
    const { memorial } = await makeOwner(a.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const ip = freshIp();
    const requests = Array.from({ length: 100 }, (_, n) => ({
      path: '/api/access-requests/ask',
      body: { id: memorial.identifier, name: `Persona ${n}`, email: `dos${n}@example.pe`, message: '', consent: true },
      headers: { 'x-forwarded-for': ip },
    }));
    const statuses = (await Promise.all([releaseAtOnce(a.url, requests.filter((_, i) => i % 2 === 0)), releaseAtOnce(b.url, requests.filter((_, i) => i % 2 === 1))])).flat();
    expect(statuses.every((status) => status === 200)).toBe(true);
    const stored = await a.db.selectFrom('accessRequests').select('id').where('memorialId', '=', memorial.id).execute();
    expect(stored).toHaveLength(3);
  });
});
