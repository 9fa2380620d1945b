// The permission matrix of every /api/partner/* call (issue 30 §Tests, docs/decisions/031): nobody,
// a family owner, a visitor, an operator (also with their tokens put in the `partner` header), an
// adviser of another partner, an adviser of another branch, the adviser of the branch, the partner
// admin (and one who gave only the password), and a suspended partner's admin. A refusal carries no
// data and writes nothing; the list below must name every route the partner plugin registers.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { makeOperator, operatorToken } from '../../../test/operators';
import { makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';
import { partnerRoutes } from './partner.routes';
import { PARTNER_ROUTE_MODULES } from './partner.modules';

let t: TestServer;

const ROLES = [
  'anonymous',
  'owner',
  'visitor',
  'operator',
  'ownerTokenAsPartner',
  'operatorTokenAsPartner',
  'otherPartnerAdviser',
  'otherBranchAdviser',
  'adviser',
  'adminPasswordOnly',
  'partnerAdmin',
  'suspendedAdmin',
] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  home: TestPartner;
  neighbour: TestPartner;
  suspended: TestPartner;
  owner: string;
  guest: string;
  operator: string;
  /** A sale of the home partner's first branch, not activated. */
  pendingContract: string;
}
let f: Fixtures;

interface Case {
  method: 'GET' | 'POST';
  route: string;
  path: () => string;
  body?: () => Record<string, unknown>;
  /** Expected status for each caller with a complete partner session; everyone else gets 401. */
  staff: Partial<Record<Role, number>>;
  /** Status for an admin who gave only the password (the sign-in steps themselves); default 401. */
  passwordOnly?: number;
  /** The password-only admin has not enrolled an authenticator yet. */
  unenrolled?: boolean;
}

let seq = 0;
const next = () => ++seq;

/** Every caller with a complete session of an unsuspended partner. */
const ALL_STAFF = (status: number): Partial<Record<Role, number>> => ({ otherPartnerAdviser: status, otherBranchAdviser: status, adviser: status, partnerAdmin: status });
const ADMIN_ONLY: Partial<Record<Role, number>> = { otherPartnerAdviser: 403, otherBranchAdviser: 403, adviser: 403, partnerAdmin: 200 };

const CASES: Case[] = [
  { method: 'GET', route: '/api/partner/auth/me', path: () => '/api/partner/auth/me', staff: ALL_STAFF(200) },
  { method: 'POST', route: '/api/partner/auth/enroll', path: () => '/api/partner/auth/enroll', staff: ALL_STAFF(409), passwordOnly: 200, unenrolled: true },
  { method: 'POST', route: '/api/partner/auth/enroll/confirm', path: () => '/api/partner/auth/enroll/confirm', body: () => ({ code: '123456' }), staff: ALL_STAFF(409), passwordOnly: 400, unenrolled: true },
  { method: 'POST', route: '/api/partner/auth/verify', path: () => '/api/partner/auth/verify', body: () => ({ code: '123456' }), staff: ALL_STAFF(409), passwordOnly: 400 },
  { method: 'GET', route: '/api/partner/branches', path: () => '/api/partner/branches', staff: ALL_STAFF(200) },
  { method: 'POST', route: '/api/partner/branches', path: () => '/api/partner/branches', body: () => ({ name: `Sede ${next()}` }), staff: ADMIN_ONLY },
  { method: 'GET', route: '/api/partner/staff', path: () => '/api/partner/staff', staff: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/partner/staff',
    path: () => '/api/partner/staff',
    body: () => ({ email: `asesor-${next()}@funeraria.test`, name: 'Asesor', branchId: f.home.branch.id }),
    staff: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/partner/contracts',
    path: () => '/api/partner/contracts',
    body: () => ({
      branchId: f.home.branch.id,
      person: 'Teodoro Huanca',
      deathdate: '2026-01-10',
      familyName: 'Carmen',
      familyLastname: 'Huanca',
      dni: '45678912',
      relationship: 'hijo',
      email: `familia-${next()}@ejemplo.pe`,
      whatsapp: '987654321',
      price: '350',
      consent: true,
    }),
    // Another partner's branch is not found there; another branch of the same partner is refused.
    staff: { otherPartnerAdviser: 404, otherBranchAdviser: 403, adviser: 200, partnerAdmin: 200 },
  },
  { method: 'GET', route: '/api/partner/memorials', path: () => '/api/partner/memorials', staff: ALL_STAFF(200) },
  {
    method: 'POST',
    route: '/api/partner/memorials/:number/rites',
    path: () => `/api/partner/memorials/${f.pendingContract}/rites`,
    body: () => ({ rites: [{ kind: 'velorio', date: '2030-03-14', time: '19:00', place: 'Sala 1' }] }),
    staff: { otherPartnerAdviser: 404, otherBranchAdviser: 403, adviser: 200, partnerAdmin: 200 },
  },
  { method: 'GET', route: '/api/partner/memorials/:number/card.pdf', path: () => `/api/partner/memorials/${f.pendingContract}/card.pdf`, staff: { otherPartnerAdviser: 404, otherBranchAdviser: 403, adviser: 200, partnerAdmin: 200 } },
  { method: 'GET', route: '/api/partner/memorials/:number/plaque.pdf', path: () => `/api/partner/memorials/${f.pendingContract}/plaque.pdf`, staff: { otherPartnerAdviser: 404, otherBranchAdviser: 403, adviser: 200, partnerAdmin: 200 } },
  // Several at once: the whole request is refused when one number is not the caller's to print.
  { method: 'GET', route: '/api/partner/print/cards.pdf', path: () => `/api/partner/print/cards.pdf?numbers=${f.pendingContract}&size=wallet`, staff: { otherPartnerAdviser: 404, otherBranchAdviser: 403, adviser: 200, partnerAdmin: 200 } },
  { method: 'GET', route: '/api/partner/print/plaques.pdf', path: () => `/api/partner/print/plaques.pdf?numbers=${f.pendingContract}`, staff: { otherPartnerAdviser: 404, otherBranchAdviser: 403, adviser: 200, partnerAdmin: 200 } },
  { method: 'GET', route: '/api/partner/statement', path: () => '/api/partner/statement?month=2026-01', staff: ADMIN_ONLY },
  { method: 'GET', route: '/api/partner/statement.csv', path: () => '/api/partner/statement.csv?month=2026-01', staff: ADMIN_ONLY },
  { method: 'GET', route: '/api/partner/statement.pdf', path: () => '/api/partner/statement.pdf?month=2026-01', staff: ADMIN_ONLY },
];

/** Open without a session by design: the first sign-in step, sign-out, and the set-password link. */
const PUBLIC_ROUTES = ['POST /api/partner/auth/login', 'POST /api/partner/auth/logout', 'GET /api/partner/auth/set-password', 'POST /api/partner/auth/set-password'];

beforeAll(async () => {
  t = await startTestServer();
  const owner = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
  f = {
    home: await makePartner(t.db),
    neighbour: await makePartner(t.db, { name: 'Camposanto Vecino' }),
    suspended: await makePartner(t.db, { name: 'Funeraria Suspendida' }),
    owner: owner.token,
    guest: await makeGuestToken(t.db, owner.memorial),
    operator: await operatorToken(t.db, await makeOperator(t.db)),
    pendingContract: '',
  };
  const seller = await partnerToken(t.db, await makePartnerUser(t.db, f.home.partner, { branchId: f.home.branch.id }));
  const sold = await t.postJson<{ sale: { contract: string } }>(
    '/api/partner/contracts',
    { person: 'Teodoro Huanca', deathdate: '2026-01-10', familyName: 'Carmen', familyLastname: 'Huanca', dni: '45678912', relationship: 'hijo', email: 'matriz@ejemplo.pe', whatsapp: '987654321', price: '350', consent: true },
    { headers: { partner: seller } },
  );
  f.pendingContract = sold.body.data.sale.contract;
});
afterAll(async () => {
  await t.close();
});

async function headersFor(role: Role, c: Case): Promise<Record<string, string>> {
  const partner = async (token: Promise<string>) => ({ partner: await token });
  switch (role) {
    case 'anonymous':
      return {};
    case 'owner':
      return { token: f.owner };
    case 'visitor':
      return { guest: f.guest };
    case 'operator':
      return { operator: f.operator };
    case 'ownerTokenAsPartner':
      return { partner: f.owner, token: f.owner };
    case 'operatorTokenAsPartner':
      return { partner: f.operator, operator: f.operator };
    case 'otherPartnerAdviser':
      return partner(partnerToken(t.db, await makePartnerUser(t.db, f.neighbour.partner, { branchId: f.neighbour.branch.id })));
    case 'otherBranchAdviser':
      return partner(partnerToken(t.db, await makePartnerUser(t.db, f.home.partner, { branchId: f.home.otherBranch.id })));
    case 'adviser':
      return partner(partnerToken(t.db, await makePartnerUser(t.db, f.home.partner, { branchId: f.home.branch.id })));
    case 'adminPasswordOnly':
      return partner(partnerToken(t.db, await makePartnerUser(t.db, f.home.partner, { role: 'admin', enrolled: !c.unenrolled }), false));
    case 'partnerAdmin':
      return partner(partnerToken(t.db, await makePartnerUser(t.db, f.home.partner, { role: 'admin' })));
    case 'suspendedAdmin': {
      const token = await partnerToken(t.db, await makePartnerUser(t.db, f.suspended.partner, { role: 'admin' }));
      await t.db.updateTable('partners').set({ suspendedAt: new Date().toISOString() }).where('id', '=', f.suspended.partner.id).execute();
      return { partner: token };
    }
  }
}

function expected(role: Role, c: Case): number {
  if (role === 'adminPasswordOnly') return c.passwordOnly ?? 401;
  return c.staff[role] ?? 401;
}

const rows = async () => {
  const counts = await Promise.all(
    (['partnerBranches', 'partnerUsers', 'partnerTokens', 'partnerSales', 'contracts', 'accounts', 'mailOutbox', 'memorialEvents'] as const).map(async (table) =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    ),
  );
  return counts.join(',');
};

describe('every /api/partner/* call', () => {
  it('is in this matrix (the list names every route the partner plugin registers)', async () => {
    const probe = Fastify();
    const seen: string[] = [];
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push(`${method} ${route.url}`);
    });
    await probe.register(partnerRoutes, { prefix: '/api', ctx: t.ctx, modules: PARTNER_ROUTE_MODULES });
    await probe.ready();
    await probe.close();
    expect(seen.sort()).toEqual([...CASES.map((c) => `${c.method} ${c.route}`), ...PUBLIC_ROUTES].sort());
  });

  for (const c of CASES) {
    for (const role of ROLES) {
      it(`${c.method} ${c.route} as ${role} → ${expected(role, c)}`, async () => {
        const headers = { accept: 'application/json', ...(await headersFor(role, c)) };
        const before = await rows();
        const init: RequestInit = { method: c.method, headers };
        if (c.method === 'POST') {
          init.headers = { ...headers, 'content-type': 'application/json' };
          init.body = JSON.stringify(c.body?.() ?? {});
        }
        const res = await fetch(t.url + c.path(), init);
        expect(res.status).toBe(expected(role, c));
        if (res.status !== 200) {
          const body = (await res.json()) as { code: string; data: unknown };
          expect(body.code).toBe(String(res.status));
          expect(body.data).toEqual({});
          expect(await rows()).toBe(before);
        } else {
          await res.arrayBuffer();
        }
      });
    }
  }
});
