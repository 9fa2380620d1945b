// One sign-in for two staff realms (docs/decisions/033): the code is shared, the realms are not.
// A person who is both an operator and a partner's admin, under the same e-mail and password, is two
// people: each realm's links, step sessions, attempt counts and audit actions stay its own. The
// routes' own contracts are operator*.test.ts and partner*.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { asOperator, makeOperator, operatorToken, totpCode } from '../../../test/operators';
import { asPartner, makePartner, makePartnerUser, partnerToken } from '../../../test/partners';
import { ipSequence } from '../../../test/roles';
import { createOperator, OPERATOR_REALM } from '../operator/operator.service';
import { createPartnerUser, PARTNER_REALM } from '../partner/partner.service';
import { staffTables } from './staff-auth.tables';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const freshIp = ipSequence('10.33');
const tokenOf = (url: string | null) => new URL(url ?? '').searchParams.get('token') ?? '';

describe('two realms on one sign-in', () => {
  it("a set-password link works only at its own realm's door", async () => {
    const email = `ambos-${Date.now()}@recuerdos.test`;
    const operatorLink = tokenOf((await createOperator({ db: t.db, config: t.config }, { email, name: 'Ana Ríos' })).setPasswordUrl);
    const { partner } = await makePartner(t.db);
    const partnerLink = tokenOf((await createPartnerUser({ db: t.db, config: t.config }, { partnerId: partner.id, email, name: 'Ana Ríos', role: 'admin', branchId: null })).setPasswordUrl);

    const crossedToPartner = await t.get(`/api/partner/auth/set-password?token=${operatorLink}`);
    expect(crossedToPartner.status).toBe(400);
    expect(crossedToPartner.body.message).toBe('El enlace no es válido o ha expirado. Pide uno nuevo a tu administrador');
    const crossedToAdmin = await t.postJson('/api/admin/auth/set-password', { token: partnerLink, password: 'una-clave-muy-larga' });
    expect(crossedToAdmin.status).toBe(400);
    expect(crossedToAdmin.body.message).toBe('El enlace no es válido o ha expirado. Pide uno nuevo al administrador');

    // Used at its own door, each link sets only its own realm's password.
    expect((await t.postJson('/api/partner/auth/set-password', { token: partnerLink, password: 'clave-de-la-funeraria' })).status).toBe(200);
    const operatorRow = await t.db.selectFrom('operators').select('passwordHash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(operatorRow.passwordHash).toBeNull();
    const asAdmin = await t.postJson<{ token: string; next: string }>('/api/partner/auth/login', { email, password: 'clave-de-la-funeraria' });
    expect(asAdmin.body.data.next).toBe('enroll');
    expect((await t.postJson('/api/admin/auth/login', { email, password: 'clave-de-la-funeraria' })).status).toBe(401);
  });

  it("a step session or a complete one opens nothing at the other realm's steps", async () => {
    const { partner } = await makePartner(t.db);
    const operator = await makeOperator(t.db);
    const admin = await makePartnerUser(t.db, partner, { role: 'admin' });
    const partnerStep = await partnerToken(t.db, admin, false);
    const operatorStep = await operatorToken(t.db, operator, false);

    const atAdmin = await t.postJson('/api/admin/auth/verify', { code: totpCode(admin.secret) }, { headers: { operator: partnerStep } });
    expect(atAdmin.status).toBe(401);
    const atPartner = await t.postJson('/api/partner/auth/verify', { code: totpCode(operator.secret) }, { headers: { partner: operatorStep } });
    expect(atPartner.status).toBe(401);
    expect((await t.get('/api/admin/auth/me', asOperator(await partnerToken(t.db, admin)))).status).toBe(401);
    expect((await t.get('/api/partner/auth/me', asPartner(await operatorToken(t.db, operator)))).status).toBe(401);

    // Their own steps still work with those codes.
    expect((await t.postJson('/api/partner/auth/verify', { code: totpCode(admin.secret) }, asPartner(partnerStep))).status).toBe(200);
    expect((await t.postJson('/api/admin/auth/verify', { code: totpCode(operator.secret) }, asOperator(operatorStep))).status).toBe(200);
  });

  it("wrong passwords counted at one realm's door never refuse the same e-mail at the other's", async () => {
    const email = `doble-${Date.now()}@recuerdos.test`;
    await makeOperator(t.db, { email });
    const { partner, branch } = await makePartner(t.db);
    const adviser = await makePartnerUser(t.db, partner, { email, branchId: branch.id });
    const ip = freshIp();
    const headers = { 'x-forwarded-for': ip };
    for (let i = 0; i < 5; i += 1) expect((await t.postJson('/api/admin/auth/login', { email, password: 'no-es-la-clave' }, { headers })).status).toBe(401);
    expect((await t.postJson('/api/admin/auth/login', { email, password: 'no-es-la-clave' }, { headers })).status).toBe(429);

    const atPartner = await t.postJson<{ next: string }>('/api/partner/auth/login', { email, password: adviser.password }, { headers });
    expect(atPartner.status).toBe(200);
    expect(atPartner.body.data.next).toBe('done');
    const actions = await t.db.selectFrom('auditLog').select('action').where('target', '=', email).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual([...Array<string>(5).fill('operator.login-failed'), 'partner.login']);
  });

  it("a realm's statements name only its own tables", () => {
    const sql = (realm: typeof OPERATOR_REALM | typeof PARTNER_REALM) =>
      staffTables(t.db, realm.tables)
        .selectFrom('staffSessions')
        .innerJoin('staffUsers', 'staffUsers.id', 'staffSessions.userId')
        .select(['staffSessions.userId as userId', 'staffSessions.completedAt as completedAt', 'staffUsers.email'])
        .compile().sql;
    expect(sql(OPERATOR_REALM)).toMatch(/"operator_sessions"\."operator_id" as "user_id".*"operator_sessions"\."second_factor_at" as "completed_at".*from "operator_sessions" inner join "operators"/);
    expect(sql(OPERATOR_REALM)).not.toContain('partner');
    expect(sql(PARTNER_REALM)).toMatch(/"partner_sessions"\."partner_user_id" as "user_id".*from "partner_sessions" inner join "partner_users"/);
    expect(sql(PARTNER_REALM)).not.toContain('operator');
  });
});
