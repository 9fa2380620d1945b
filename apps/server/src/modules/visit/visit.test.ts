// /api/visit/* (issue 29 §4): a visitor's page load counts once, the family's own and robots'
// never; one address counts at most VISIT_LIMIT loads a day per memorial, even 100 released at
// once; the owner reads the week, the total and 1–2 November; two instances add up in one
// database; the QR page's render cache still answers 304; and no address is kept anywhere.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Visits } from '@recuerdos/shared/api-types';
import { MESSAGES } from '@recuerdos/shared/messages';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeOwner } from '../../../test/factories';
import { releaseAtOnce } from '../../../test/burst';
import { auth, ipSequence, makeRoles, OWNER_ONLY, ROLES, testRoles, type Role, type RoleCase } from '../../../test/roles';
import { BACKUP_TABLES } from '../../backup/backup-archive';
import { VISIT_LIMIT } from './visit.service';

const GUEST_SSR_FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/guest-ssr/web');

/** A phone's browser, as the guest page's beacon comes from. */
const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

let t: TestServer;
/** The server's clock (Lima is UTC−5): tests move it across days. */
let clock = new Date('2026-11-27T15:00:00Z');

// Client addresses come from X-Forwarded-For here, so each test can be its own set of visitors.
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' }, now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const freshIp = ipSequence('10.29');

/** The memorial's visits in the database, once the servers have written what they counted. */
async function visitsOf(servers: TestServer | TestServer[], memorialId: number): Promise<number> {
  const all = Array.isArray(servers) ? servers : [servers];
  await Promise.all(all.map((server) => server.ctx.visits.flush()));
  const rows = await (all[0] as TestServer).db.selectFrom('memorialVisits').select('visits').where('memorialId', '=', memorialId).execute();
  return rows.reduce((sum, row) => sum + row.visits, 0);
}

/** What the guest page's script sends after a load. */
function beacon(server: TestServer, identifier: string, options: { ip?: string; userAgent?: string; token?: string; guest?: string; headers?: Record<string, string> } = {}) {
  return server.post(
    '/api/visit/count-visit',
    { identifier },
    {
      as: 'json',
      ...(options.token ? { token: options.token } : {}),
      ...(options.guest ? { guest: options.guest } : {}),
      headers: { 'x-forwarded-for': options.ip ?? freshIp(), 'user-agent': options.userAgent ?? PHONE, ...options.headers },
    },
  );
}

describe('GET /api/visit/get-visits per role', () => {
  const cases: RoleCase[] = [
    {
      name: 'GET get-visits',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      run: async (roles, options) => {
        const res = await t.get(`/api/visit/get-visits?identifier=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
  ];
  testRoles(() => t.db, cases);

  it('checks the owner’s e-mail parameter', async () => {
    const roles = await makeRoles(t.db);
    const url = (email: string) => `/api/visit/get-visits?identifier=${roles.owner.memorial.identifier}&email=${encodeURIComponent(email)}`;
    expect((await t.get(url(roles.owner.account.email), { token: roles.owner.token })).status).toBe(200);
    expect((await t.get(url(roles.other.account.email), { token: roles.owner.token })).status).toBe(403);
  });
});

describe('POST /api/visit/count-visit', () => {
  /** Who counts: a visitor of a public memorial, the guest (with the code) of a private one; never the family. */
  const COUNTS: Record<'P' | 'U', Record<Role, boolean>> = {
    P: { anonymous: false, guest: true, otherGuest: false, owner: false, otherOwner: false },
    U: { anonymous: true, guest: true, otherGuest: true, owner: false, otherOwner: true },
  };
  for (const type of ['P', 'U'] as const) {
    for (const role of ROLES) {
      it(`on a ${type === 'P' ? 'private' : 'public'} memorial, a load by ${role} ${COUNTS[type][role] ? 'counts' : 'does not count'}, with the same answer`, async () => {
        const roles = await makeRoles(t.db, { type, accessCode: 'clave1' });
        const res = await t.post('/api/visit/count-visit', { identifier: roles.owner.memorial.identifier }, { as: 'json', ...auth(roles, role), headers: { 'x-forwarded-for': freshIp(), 'user-agent': PHONE } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ code: '200', message: 'OK', data: {} });
        expect(await visitsOf(t, roles.owner.memorial.id)).toBe(COUNTS[type][role] ? 1 : 0);
      });
    }
  }

  it('counts each page load once, and never a link-preview robot’s or a prefetch', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const robots = [
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
    ];
    for (const userAgent of robots) expect((await beacon(t, memorial.identifier, { userAgent })).status, userAgent).toBe(200);
    expect((await beacon(t, memorial.identifier, { headers: { 'sec-purpose': 'prefetch;prerender' } })).status).toBe(200);
    expect(await visitsOf(t, memorial.id)).toBe(0);

    const phones = [
      PHONE,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      // A CUBOT phone's own name ends in "bot".
      'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      // Opened inside Facebook's and Instagram's own browsers.
      'Mozilla/5.0 (Linux; Android 12; moto g22) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/449.0.0.0;]',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0',
    ];
    for (const userAgent of phones) expect((await beacon(t, memorial.identifier, { userAgent })).status).toBe(200);
    expect(await visitsOf(t, memorial.id)).toBe(phones.length);
  });

  it('counts at most VISIT_LIMIT loads a day from one address, even 100 released at once; other addresses and the next day count', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const ip = freshIp();
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, () => ({ path: '/api/visit/count-visit', body: { identifier: memorial.identifier }, headers: { 'x-forwarded-for': ip, 'user-agent': PHONE } })),
    );
    // Served all the same: past the bound a load is simply not counted.
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await visitsOf(t, memorial.id)).toBe(VISIT_LIMIT.perAddressPerDay);
    // The same address on another memorial, and another address on this one, still count.
    const { memorial: other } = await makeOwner(t.db, { memorial: { type: 'U' } });
    await beacon(t, other.identifier, { ip });
    await beacon(t, memorial.identifier);
    expect(await visitsOf(t, other.id)).toBe(1);
    expect(await visitsOf(t, memorial.id)).toBe(VISIT_LIMIT.perAddressPerDay + 1);
    // Lima's next day: the address counts again.
    const today = clock;
    try {
      clock = new Date(today.getTime() + 24 * 60 * 60_000);
      await beacon(t, memorial.identifier, { ip });
      expect(await visitsOf(t, memorial.id)).toBe(VISIT_LIMIT.perAddressPerDay + 2);
    } finally {
      clock = today;
    }
  });

  it('loses no visit when 100 visitors’ loads arrive at once', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, () => ({ path: '/api/visit/count-visit', body: { identifier: memorial.identifier }, headers: { 'x-forwarded-for': freshIp(), 'user-agent': PHONE } })),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await visitsOf(t, memorial.id)).toBe(100);
  });

  it('answers a clear Spanish error for bad input and 404 for an unknown memorial, counting nothing', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const missing = await t.post('/api/visit/count-visit', {}, { as: 'json', headers: { 'user-agent': PHONE } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.identifierRequired);
    expect((await beacon(t, 'noexiste123')).status).toBe(404);
    expect(await visitsOf(t, memorial.id)).toBe(0);
  });

  it('writes an instance’s counts when it stops, and a deleted memorial’s counts are dropped, not the others’', async () => {
    const three = await startTestServer({ env: { TRUST_PROXY: '1' }, shareWith: t, now: () => clock });
    const { memorial: kept } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const { memorial: gone } = await makeOwner(t.db, { memorial: { type: 'U' } });
    try {
      await beacon(three, kept.identifier);
      await beacon(three, gone.identifier);
      await three.db.deleteFrom('sessions').where('memorialId', '=', gone.id).execute();
      await three.db.deleteFrom('memorials').where('id', '=', gone.id).execute();
    } finally {
      await three.close();
    }
    const rows = await t.db.selectFrom('memorialVisits').select(['memorialId', 'visits']).where('memorialId', 'in', [kept.id, gone.id]).execute();
    expect(rows).toEqual([{ memorialId: kept.id, visits: 1 }]);
  });

  it('keeps no visitor’s address in any table', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'U' } });
    const ip = '10.77.66.55';
    await beacon(t, memorial.identifier, { ip });
    expect(await visitsOf(t, memorial.id)).toBe(1);
    for (const table of BACKUP_TABLES) {
      const rows = await (t.db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(ip);
    }
  });
});

describe('the owner’s figures', () => {
  async function figures(owner: Awaited<ReturnType<typeof makeOwner>>): Promise<Visits> {
    const res = await t.get<{ visits: Visits }>(`/api/visit/get-visits?identifier=${owner.memorial.identifier}`, { token: owner.token });
    expect(res.status).toBe(200);
    return res.body.data.visits;
  }

  it('shows the last seven days, the total and the last 1–2 November, by Lima’s calendar', async () => {
    const owner = await makeOwner(t.db, { memorial: { type: 'U' } });
    const today = clock;
    const visitAt = async (iso: string, loads: number) => {
      clock = new Date(iso);
      for (let i = 0; i < loads; i += 1) await beacon(t, owner.memorial.identifier);
    };
    try {
      await visitAt('2026-10-31T20:00:00Z', 1);
      // 23:59 on 1 November in Lima is already the 2nd in UTC.
      await visitAt('2026-11-02T04:59:00Z', 4);
      await visitAt('2026-11-02T18:00:00Z', 3);
      // 00:30 on 3 November in Lima.
      await visitAt('2026-11-03T05:30:00Z', 1);
      await visitAt('2026-11-20T15:00:00Z', 2);
      await visitAt('2026-11-21T15:00:00Z', 5);
      await visitAt('2026-11-27T15:00:00Z', 6);
      clock = new Date('2026-11-27T15:00:00Z');
      expect(await figures(owner)).toEqual({ week: 11, total: 22, november: { year: 2026, visits: 7 } });
      // Before the next 1 November, the last one is still 2026's.
      clock = new Date('2027-10-31T15:00:00Z');
      expect(await figures(owner)).toEqual({ week: 0, total: 22, november: { year: 2026, visits: 7 } });
      clock = new Date('2027-11-01T15:00:00Z');
      expect(await figures(owner)).toEqual({ week: 0, total: 22, november: { year: 2027, visits: 0 } });
    } finally {
      clock = today;
    }
  });

  it('shows zeros for a memorial nobody has opened yet', async () => {
    const owner = await makeOwner(t.db, { memorial: { type: 'P' } });
    expect(await figures(owner)).toEqual({ week: 0, total: 0, november: { year: 2026, visits: 0 } });
  });
});

describe('two instances behind one database, and the QR page’s render cache', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    one = await startTestServer({ env: { TRUST_PROXY: '1', WEB_DIST_DIR: GUEST_SSR_FIXTURE } });
    two = await startTestServer({ env: { TRUST_PROXY: '1', WEB_DIST_DIR: GUEST_SSR_FIXTURE }, shareWith: one });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  /** The QR page as a phone asks for it, with the ETag it may hold. */
  async function openPage(server: TestServer, identifier: string, ip: string, etag: string | null = null) {
    const res = await fetch(`${server.url}/guest?id=${identifier}`, { headers: { 'x-forwarded-for': ip, 'user-agent': PHONE, ...(etag ? { 'if-none-match': etag } : {}) } });
    await res.arrayBuffer();
    return { status: res.status, etag: res.headers.get('etag') };
  }

  it('counts once per page load by distinct visitors, whichever instance serves them, and the page still answers 304', async () => {
    const owner = await makeOwner(one.db, { memorial: { type: 'U', fullname: 'Rosa Quispe' } });
    const id = owner.memorial.identifier;
    const first = await openPage(one, id, freshIp());
    expect(first.status).toBe(200);
    const etag = first.etag ?? '';
    expect(etag).not.toBe('');

    // Ten visitors, each page load on one instance or the other, each followed by its beacon.
    const visitors = Array.from({ length: 10 }, () => freshIp());
    await Promise.all(
      visitors.map(async (ip, i) => {
        const server = i % 2 === 0 ? one : two;
        const page = await openPage(server, id, ip, i % 3 === 0 ? etag : null);
        expect([200, 304]).toContain(page.status);
        expect((await beacon(server, id, { ip })).status).toBe(200);
      }),
    );
    expect(await visitsOf([one, two], owner.memorial.id)).toBe(10);

    // Counting changed nothing the page shows: both instances still answer the browser's copy with 304.
    expect((await openPage(one, id, freshIp(), etag)).status).toBe(304);
    expect((await openPage(two, id, freshIp(), etag)).status).toBe(304);

    // The family sees the same figures on either instance.
    const read = async (server: TestServer) => (await server.get<{ visits: Visits }>(`/api/visit/get-visits?identifier=${id}`, { token: owner.token })).body.data.visits;
    expect((await read(one)).total).toBe(10);
    expect((await read(two)).total).toBe(10);
  });
});
