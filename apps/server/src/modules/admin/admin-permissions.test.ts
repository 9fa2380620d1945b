// The permission matrix of every /api/admin/* call (issue 15): nobody, a guest, an owner (also with
// the owner's token put in the `operator` header), an operator who gave only the password, and an
// operator with the second factor. Only the last one gets through; a refusal changes nothing (no
// audit entry, no row), and the list below must name every route the admin plugins register.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { makeOperator, operatorToken } from '../../../test/operators';
import { makePartner } from '../../../test/partners';
import { createContract } from '../contract/contract.service';
import { fileComplaint } from '../complaint/complaint.service';
import { insertPost } from '../content/content.repository';
import { insertReport } from '../report/report.repository';
import { insertDisclaimer } from '../contract/contract.repository';
import { operatorRoutes } from '../operator/operator.routes';
import { adminRoutes } from './admin.routes';

let t: TestServer;

const ROLES = ['anonymous', 'guest', 'owner', 'ownerTokenAsOperator', 'operatorPasswordOnly', 'operator'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  guest: string;
  owner: string;
  contract: string;
  complaint: string;
  memorialId: number;
  postId: number;
}
let f: Fixtures;

interface Case {
  method: 'GET' | 'POST';
  route: string;
  /** The concrete path (a fresh target for each call that changes something). */
  path: () => Promise<string>;
  body?: Record<string, string>;
  /** The operator's status when it is not 200. */
  operator?: number;
  /** Status for an operator who gave only the password (the login steps themselves). */
  passwordOnly?: number;
  /** The operator needs a fresh, not yet enrolled operator (enrolment) or its own (password change). */
  ownOperator?: 'unenrolled' | 'fresh';
}

let complaintSeq = 0;
async function newComplaint(): Promise<string> {
  complaintSeq += 1;
  const c = await fileComplaint(t.ctx, `10.9.0.${complaintSeq}`, {
    date: '01/06/2026', name: 'María', lastname: 'Huamán', email: `maria.${complaintSeq}@ejemplo.pe`, contract: 'REC-1', document: '45678912', phone: '987654321', type: '1', detail: 'Detalle', order: 'Pedido',
  });
  return c.number;
}

async function newReport(): Promise<number> {
  const report = await insertReport(t.db, { postId: f.postId, memorialId: f.memorialId, reason: 'spam', details: '', createdAt: new Date().toISOString() });
  return report.id;
}

async function newDisclaimerId(): Promise<number> {
  const contract = await t.db.selectFrom('contracts').select('memorialId').where('number', '=', f.contract).executeTakeFirstOrThrow();
  return (await insertDisclaimer(t.db, { memorialId: contract.memorialId, type: 'W', title: 'Aviso', descr: 'Texto' })).id;
}

let holidaySeq = 0;
async function newHoliday(): Promise<string> {
  holidaySeq += 1;
  // Weekdays that are no national holiday: 2030-02-04 is a Monday.
  const date = new Date(Date.UTC(2030, 1, 4 + (holidaySeq - 1) * 7)).toISOString().slice(0, 10);
  await t.db.insertInto('holidays').values({ date, name: 'Feriado de prueba', createdBy: 'prueba', createdAt: new Date().toISOString() }).execute();
  return date;
}

const year = limaDate().slice(0, 4);
const month = limaDate().slice(0, 7);

const CASES: Case[] = [
  { method: 'GET', route: '/api/admin/auth/me', path: async () => '/api/admin/auth/me' },
  { method: 'POST', route: '/api/admin/auth/change-password', path: async () => '/api/admin/auth/change-password', body: { currentPassword: 'clave-de-operador-1', newPassword: 'otra-clave-de-operador' }, ownOperator: 'fresh' },
  { method: 'POST', route: '/api/admin/auth/enroll', path: async () => '/api/admin/auth/enroll', operator: 409, passwordOnly: 200, ownOperator: 'unenrolled' },
  { method: 'POST', route: '/api/admin/auth/enroll/confirm', path: async () => '/api/admin/auth/enroll/confirm', body: { code: '123456' }, operator: 409, passwordOnly: 400, ownOperator: 'unenrolled' },
  { method: 'POST', route: '/api/admin/auth/verify', path: async () => '/api/admin/auth/verify', body: { code: '123456' }, operator: 409, passwordOnly: 400 },
  { method: 'GET', route: '/api/admin/contracts', path: async () => '/api/admin/contracts?q=rosa' },
  { method: 'POST', route: '/api/admin/contracts', path: async () => '/api/admin/contracts', body: { email: 'nueva@ejemplo.pe', name: 'Ana', lastname: 'Rojas', person: 'Luis Rojas', expiresOn: '' } },
  { method: 'GET', route: '/api/admin/contracts/:number', path: async () => `/api/admin/contracts/${f.contract}` },
  { method: 'POST', route: '/api/admin/contracts/:number/resend-activation', path: async () => `/api/admin/contracts/${f.contract}/resend-activation` },
  { method: 'POST', route: '/api/admin/contracts/:number/end-date', path: async () => `/api/admin/contracts/${f.contract}/end-date`, body: { expiresOn: '2031-12-31' } },
  { method: 'POST', route: '/api/admin/contracts/:number/disclaimers', path: async () => `/api/admin/contracts/${f.contract}/disclaimers`, body: { type: 'R', title: 'Pago pendiente', descr: 'Tu cuota está pendiente.' } },
  { method: 'POST', route: '/api/admin/contracts/:number/disclaimers/:id/remove', path: async () => `/api/admin/contracts/${f.contract}/disclaimers/${await newDisclaimerId()}/remove` },
  { method: 'GET', route: '/api/admin/complaints', path: async () => `/api/admin/complaints?year=${year}` },
  { method: 'GET', route: '/api/admin/complaints/export.csv', path: async () => `/api/admin/complaints/export.csv?year=${year}` },
  { method: 'GET', route: '/api/admin/complaints/export.pdf', path: async () => `/api/admin/complaints/export.pdf?year=${year}` },
  { method: 'GET', route: '/api/admin/complaints/:number', path: async () => `/api/admin/complaints/${f.complaint}` },
  { method: 'POST', route: '/api/admin/complaints/:number/answer', path: async () => `/api/admin/complaints/${await newComplaint()}/answer`, body: { text: 'Respuesta' } },
  { method: 'POST', route: '/api/admin/complaints/:number/notes', path: async () => `/api/admin/complaints/${f.complaint}/notes`, body: { text: 'Nota' } },
  { method: 'GET', route: '/api/admin/holidays', path: async () => '/api/admin/holidays' },
  { method: 'POST', route: '/api/admin/holidays', path: async () => `/api/admin/holidays`, body: { date: '2031-03-03', name: 'Feriado nuevo' } },
  { method: 'POST', route: '/api/admin/holidays/:date/remove', path: async () => `/api/admin/holidays/${await newHoliday()}/remove` },
  { method: 'GET', route: '/api/admin/reports', path: async () => '/api/admin/reports?status=open' },
  { method: 'POST', route: '/api/admin/reports/:id/hide', path: async () => `/api/admin/reports/${await newReport()}/hide`, body: { reason: 'Contenido ofensivo' } },
  { method: 'POST', route: '/api/admin/reports/:id/dismiss', path: async () => `/api/admin/reports/${await newReport()}/dismiss`, body: { note: '' } },
  { method: 'GET', route: '/api/admin/audit', path: async () => '/api/admin/audit' },
  { method: 'GET', route: '/api/admin/partners', path: async () => '/api/admin/partners' },
  { method: 'POST', route: '/api/admin/partners', path: async () => '/api/admin/partners', body: { name: 'Funeraria Nueva', ruc: '20100047218', commission: '10' } },
  { method: 'POST', route: '/api/admin/partners/:id/suspend', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/suspend` },
  { method: 'POST', route: '/api/admin/partners/:id/resume', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/resume` },
  { method: 'GET', route: '/api/admin/partners/:id', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}` },
  { method: 'POST', route: '/api/admin/partners/:id/branches', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/branches`, body: { name: 'Sede Callao' } },
  { method: 'POST', route: '/api/admin/partners/:id/users', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/users`, body: { email: 'socio.matriz@funeraria.test', name: 'Rosa Díaz', role: 'admin' } },
  // A body that is no picture: the operator gets past the guard to the logo's own refusal.
  { method: 'POST', route: '/api/admin/partners/:id/logo', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/logo`, body: { logo: 'no es una imagen' }, operator: 400 },
  { method: 'GET', route: '/api/admin/partners/:id/statement', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/statement?month=${month}` },
  { method: 'GET', route: '/api/admin/partners/:id/statement.csv', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/statement.csv?month=${month}` },
  { method: 'GET', route: '/api/admin/partners/:id/statement.pdf', path: async () => `/api/admin/partners/${(await makePartner(t.db)).partner.id}/statement.pdf?month=${month}` },
];

/** Open without a session by design: the first login step, logout, and the set-password link. */
const PUBLIC_ROUTES = ['POST /api/admin/auth/login', 'POST /api/admin/auth/logout', 'GET /api/admin/auth/set-password', 'POST /api/admin/auth/set-password'];

beforeAll(async () => {
  t = await startTestServer();
  const owner = await makeOwner(t.db, { memorial: { type: 'U' } });
  const post = await insertPost(t.db, { memorialId: owner.memorial.id, authorKind: 'guest', authorName: 'Visitante', authorEmail: null, text: 'Hola', mediaKey: null, mediaKind: null, state: 'approved', approvedAt: new Date().toISOString() });
  const contract = await createContract({ db: t.db, config: t.config }, { email: 'rosa.cliente@ejemplo.pe', name: 'Rosa', lastname: 'Quispe', person: 'Rosa Mamani' });
  f = {
    guest: await makeGuestToken(t.db, owner.memorial),
    owner: owner.token,
    contract: contract.number,
    complaint: await newComplaint(),
    memorialId: owner.memorial.id,
    postId: post.id,
  };
});
afterAll(async () => {
  await t.close();
});

async function headersFor(role: Role, c: Case): Promise<Record<string, string>> {
  switch (role) {
    case 'anonymous':
      return {};
    case 'guest':
      return { guest: f.guest };
    case 'owner':
      return { token: f.owner };
    case 'ownerTokenAsOperator':
      return { operator: f.owner, token: f.owner };
    case 'operatorPasswordOnly':
      return { operator: await operatorToken(t.db, await makeOperator(t.db, { enrolled: c.ownOperator !== 'unenrolled' }), false) };
    case 'operator':
      return { operator: await operatorToken(t.db, await makeOperator(t.db)) };
  }
}

function expected(role: Role, c: Case): number {
  if (role === 'operator') return c.operator ?? 200;
  if (role === 'operatorPasswordOnly') return c.passwordOnly ?? 401;
  return 401;
}

const auditCount = async () => Number((await t.db.selectFrom('auditLog').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('every /api/admin/* call', () => {
  it('is in this matrix (the list names every route the admin plugins register)', async () => {
    const probe = Fastify();
    const seen: string[] = [];
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push(`${method} ${route.url}`);
    });
    await probe.register(operatorRoutes, { prefix: '/api', ctx: t.ctx });
    await probe.register(adminRoutes, { prefix: '/api/admin', ctx: t.ctx });
    await probe.ready();
    await probe.close();
    expect(seen.sort()).toEqual([...CASES.map((c) => `${c.method} ${c.route}`), ...PUBLIC_ROUTES].sort());
  });

  for (const c of CASES) {
    for (const role of ROLES) {
      it(`${c.method} ${c.route} as ${role} → ${expected(role, c)}`, async () => {
        const path = await c.path();
        const headers = { accept: 'application/json', ...(await headersFor(role, c)) };
        const before = await auditCount();
        const init: RequestInit = { method: c.method, headers };
        if (c.method === 'POST') {
          init.headers = { ...headers, 'content-type': 'application/json' };
          init.body = JSON.stringify(c.body ?? {});
        }
        const res = await fetch(t.url + path, init);
        expect(res.status).toBe(expected(role, c));
        if (res.status !== 200) {
          const body = (await res.json()) as { code: string; data: unknown };
          expect(body.code).toBe(String(res.status));
          expect(body.data).toEqual({});
          // A refusal leaves no trace of an action (wrong codes are audited as failures, not actions).
          if (res.status === 401) expect(await auditCount()).toBe(before);
        } else {
          await res.arrayBuffer();
        }
      });
    }
  }
});
