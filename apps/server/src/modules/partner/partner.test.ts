// The partner channel's people (issue 30 §1): partners, branches and staff made from the command
// line, staff signing in at /socios (admins with a second factor), suspension, and what an admin
// and an adviser each see of their partner. Real database, real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import { startTestServer, type TestServer } from '../../../test/helper';
import { runAdmin } from '../../../test/admin-cli';
import { totpCode } from '../../../test/operators';
import { asPartner, makePartner, makePartnerUser, partnerToken, uniqueRuc, PARTNER_PASSWORD } from '../../../test/partners';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'partners' | 'partnerUsers' | 'partnerBranches') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function json(line: string | undefined): Record<string, unknown> {
  return JSON.parse(line ?? '') as Record<string, unknown>;
}

async function signIn(email: string, password = PARTNER_PASSWORD) {
  return t.postJson<{ token: string; next: string }>('/api/partner/auth/login', { email, password });
}

describe('create-partner', () => {
  it('creates the partner with its first branch and prints {"partner": ID, ...}', async () => {
    const ruc = uniqueRuc();
    const run = await runAdmin(t, ['create-partner', '--name', 'Funeraria Los Olivos', '--ruc', ruc, '--commission', '12.5', '--json']);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const printed = json(run.out[0]) as { partner: number; branch: number; name: string; ruc: string; commission: number };
    expect(printed).toMatchObject({ name: 'Funeraria Los Olivos', ruc, commission: 12.5 });
    const partner = await t.db.selectFrom('partners').selectAll().where('id', '=', printed.partner).executeTakeFirstOrThrow();
    expect(partner).toMatchObject({ name: 'Funeraria Los Olivos', legalName: 'Funeraria Los Olivos', commissionBp: 1250, suspendedAt: null });
    const branch = await t.db.selectFrom('partnerBranches').selectAll().where('id', '=', printed.branch).executeTakeFirstOrThrow();
    expect(branch).toMatchObject({ partnerId: printed.partner, name: 'Sede principal' });
    const audit = await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'partner.created').where('target', '=', `socio:${printed.partner}`).executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('refuses a RUC whose check digit is wrong, a RUC taken, and a bad commission, writing nothing', async () => {
    const before = await count('partners');
    const wrongDigit = await runAdmin(t, ['create-partner', '--name', 'X', '--ruc', '20100047219']);
    expect(wrongDigit.code).toBe(2);
    expect(wrongDigit.err.join('\n')).toContain('not a valid RUC');
    const short = await runAdmin(t, ['create-partner', '--name', 'X', '--ruc', '2010004721']);
    expect(short.code).toBe(2);
    const commission = await runAdmin(t, ['create-partner', '--name', 'X', '--ruc', uniqueRuc(), '--commission', '150']);
    expect(commission.code).toBe(2);
    const ruc = uniqueRuc();
    expect((await runAdmin(t, ['create-partner', '--name', 'Primera', '--ruc', ruc])).code).toBe(0);
    const taken = await runAdmin(t, ['create-partner', '--name', 'Segunda', '--ruc', ruc]);
    expect(taken.code).toBe(1);
    expect(taken.err.join('\n')).toContain('already exists');
    expect(await count('partners')).toBe(before + 1);
  });
});

describe('create-partner-user and signing in at /socios', () => {
  it('an adviser created with a password signs in with it alone and works in its branch', async () => {
    const { partner, branch } = await makePartner(t.db);
    const run = await runAdmin(t, [
      'create-partner-user', '--partner', String(partner.id), '--email', 'Ventas1@SanMartin.pe', '--name', 'Luis Paz',
      '--role', 'adviser', '--branch', String(branch.id), '--password', 'una-clave-larga', '--json',
    ]);
    expect(run.code).toBe(0);
    expect(json(run.out[0])).toMatchObject({ partner: partner.id, role: 'adviser', branch: branch.id, email: 'ventas1@sanmartin.pe', setPasswordUrl: null });
    const login = await signIn('ventas1@sanmartin.pe', 'una-clave-larga');
    expect(login.status).toBe(200);
    expect(login.body.data.next).toBe('done');
    const me = await t.get<{ user: Record<string, unknown> }>('/api/partner/auth/me', asPartner(login.body.data.token));
    expect(me.body.data.user).toEqual({ email: 'ventas1@sanmartin.pe', name: 'Luis Paz', role: 'adviser', partner: 'Funeraria San Martín', branchId: branch.id });
  });

  it('an adviser needs a branch of that partner; a second person cannot take the same e-mail', async () => {
    const { partner } = await makePartner(t.db);
    const other = await makePartner(t.db);
    const before = await count('partnerUsers');
    const noBranch = await runAdmin(t, ['create-partner-user', '--partner', String(partner.id), '--email', 'a@b.pe', '--name', 'A', '--role', 'adviser']);
    expect(noBranch.code).toBe(2);
    const foreign = await runAdmin(t, ['create-partner-user', '--partner', String(partner.id), '--email', 'a@b.pe', '--name', 'A', '--role', 'adviser', '--branch', String(other.branch.id)]);
    expect(foreign.code).toBe(1);
    expect(foreign.err.join('\n')).toContain(`has no branch ${other.branch.id}`);
    const badRole = await runAdmin(t, ['create-partner-user', '--partner', String(partner.id), '--email', 'a@b.pe', '--name', 'A', '--role', 'jefe']);
    expect(badRole.code).toBe(2);
    const taken = await makePartnerUser(t.db, other.partner, { role: 'admin' });
    const dup = await runAdmin(t, ['create-partner-user', '--partner', String(partner.id), '--email', taken.email, '--name', 'A', '--role', 'admin']);
    expect(dup.code).toBe(1);
    expect(await count('partnerUsers')).toBe(before + 1);
  });

  it('without --password prints a single-use link; the password set with it signs in', async () => {
    const { partner } = await makePartner(t.db);
    const run = await runAdmin(t, ['create-partner-user', '--partner', String(partner.id), '--email', 'gerencia@olivos.pe', '--name', 'Rosa Díaz', '--role', 'admin', '--json']);
    expect(run.code).toBe(0);
    const { setPasswordUrl } = json(run.out[0]) as { setPasswordUrl: string };
    expect(setPasswordUrl).toMatch(/^http:\/\/recuerdos\.test\/socios\/set-password\?token=/);
    const token = new URL(setPasswordUrl).searchParams.get('token') ?? '';
    expect((await t.get(`/api/partner/auth/set-password?token=${encodeURIComponent(token)}`)).body.data).toEqual({ user: { email: 'gerencia@olivos.pe', name: 'Rosa Díaz' } });
    const short = await t.postJson('/api/partner/auth/set-password', { token, password: 'corta' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(PARTNER_MESSAGES.passwordMin);
    expect((await t.postJson('/api/partner/auth/set-password', { token, password: 'la-clave-de-rosa' })).status).toBe(200);
    const again = await t.postJson('/api/partner/auth/set-password', { token, password: 'otra-clave-de-rosa' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(PARTNER_MESSAGES.invalidLink);
    const login = await signIn('gerencia@olivos.pe', 'la-clave-de-rosa');
    expect(login.body.data.next).toBe('enroll');
  });

  it('a partner admin completes the sign-in with a TOTP code; the password alone opens nothing', async () => {
    const { partner } = await makePartner(t.db);
    const admin = await makePartnerUser(t.db, partner, { role: 'admin' });
    const login = await signIn(admin.email);
    expect(login.body.data.next).toBe('verify');
    const step = login.body.data.token;
    const blocked = await t.get('/api/partner/branches', asPartner(step));
    expect(blocked.status).toBe(401);
    expect(blocked.body.message).toBe(PARTNER_MESSAGES.secondFactorRequired);
    const wrong = await t.postJson('/api/partner/auth/verify', { code: '000000' }, asPartner(step));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(PARTNER_MESSAGES.badCode);
    const done = await t.postJson<{ token: string }>('/api/partner/auth/verify', { code: totpCode(admin.secret) }, asPartner(step));
    expect(done.status).toBe(200);
    expect((await t.get('/api/partner/branches', asPartner(done.body.data.token))).status).toBe(200);
    // The step session is spent: it cannot be completed twice.
    expect((await t.postJson('/api/partner/auth/verify', { code: totpCode(admin.secret) }, asPartner(step))).status).toBe(401);
  });

  it('a first-time admin enrols an authenticator and receives ten recovery codes, one of which signs in later', async () => {
    const { partner } = await makePartner(t.db);
    const admin = await makePartnerUser(t.db, partner, { role: 'admin', enrolled: false });
    const step = (await signIn(admin.email)).body.data.token;
    const enrol = await t.postJson<{ secret: string; qr: string }>('/api/partner/auth/enroll', {}, asPartner(step));
    expect(enrol.body.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const confirmed = await t.postJson<{ recoveryCodes: string[] }>('/api/partner/auth/enroll/confirm', { code: totpCode(enrol.body.data.secret) }, asPartner(step));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.recoveryCodes).toHaveLength(10);
    const next = (await signIn(admin.email)).body.data;
    expect(next.next).toBe('verify');
    const recovered = await t.postJson<{ recoveryCodesLeft: number }>('/api/partner/auth/verify', { code: confirmed.body.data.recoveryCodes[0] ?? '' }, asPartner(next.token));
    expect(recovered.status).toBe(200);
    expect(recovered.body.data.recoveryCodesLeft).toBe(9);
  });

  it('a wrong password is refused in Spanish; five from one address are then refused before checking', async () => {
    const { partner, branch } = await makePartner(t.db);
    const adviser = await makePartnerUser(t.db, partner, { branchId: branch.id });
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(adviser.email, 'no-es-la-clave');
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(PARTNER_MESSAGES.badCredentials);
    }
    const capped = await signIn(adviser.email);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(PARTNER_MESSAGES.tooManyLogins);
    // The owners' and the operators' counts are apart: this address may still sign in elsewhere.
    expect(await t.db.selectFrom('auditLog').select('action').where('operatorEmail', '=', `socio:${adviser.email}`).execute()).toEqual(
      Array.from({ length: 5 }, () => ({ action: 'partner.login-failed' })),
    );
  });
});

describe('suspend-partner and resume-partner', () => {
  it("ends the staff's sessions and refuses their sign-in, telling only whoever knows the password", async () => {
    const { partner, branch } = await makePartner(t.db);
    const adviser = await makePartnerUser(t.db, partner, { branchId: branch.id });
    const session = await partnerToken(t.db, adviser);
    expect((await t.get('/api/partner/auth/me', asPartner(session))).status).toBe(200);

    const run = await runAdmin(t, ['suspend-partner', '--partner', String(partner.id)]);
    expect(run.code).toBe(0);
    expect((await t.get('/api/partner/auth/me', asPartner(session))).status).toBe(401);
    const refused = await signIn(adviser.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PARTNER_MESSAGES.suspended);
    expect(refused.body.data).toEqual({});
    const stranger = await signIn(adviser.email, 'adivinando-123');
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe(PARTNER_MESSAGES.badCredentials);

    expect((await runAdmin(t, ['resume-partner', '--partner', String(partner.id)])).code).toBe(0);
    expect((await signIn(adviser.email)).status).toBe(200);
    expect((await runAdmin(t, ['suspend-partner', '--partner', '999999'])).code).toBe(1);
  });

  it('a session made just before the suspension dies on its next request', async () => {
    const { partner } = await makePartner(t.db);
    const admin = await makePartnerUser(t.db, partner, { role: 'admin' });
    const session = await partnerToken(t.db, admin);
    await t.db.updateTable('partners').set({ suspendedAt: new Date().toISOString() }).where('id', '=', partner.id).execute();
    expect((await t.get('/api/partner/branches', asPartner(session))).status).toBe(401);
  });
});

describe("a partner's branches and staff", () => {
  it('the admin sees every branch of its partner, an adviser only its own, and nobody another partner’s', async () => {
    const { partner, branch, otherBranch } = await makePartner(t.db);
    const neighbour = await makePartner(t.db, { name: 'Camposanto Vecino' });
    const admin = await partnerToken(t.db, await makePartnerUser(t.db, partner, { role: 'admin' }));
    const adviser = await partnerToken(t.db, await makePartnerUser(t.db, partner, { branchId: otherBranch.id }));
    const names = async (token: string) => (await t.get<{ branches: { id: number }[] }>('/api/partner/branches', asPartner(token))).body.data.branches.map((b) => b.id);
    expect(await names(admin)).toEqual([branch.id, otherBranch.id]);
    expect(await names(adviser)).toEqual([otherBranch.id]);
    expect(await names(await partnerToken(t.db, await makePartnerUser(t.db, neighbour.partner, { role: 'admin' })))).toEqual([neighbour.branch.id, neighbour.otherBranch.id]);
  });

  it('the admin adds a branch and an adviser (with a link to hand over); duplicates are refused in Spanish', async () => {
    const { partner, branch } = await makePartner(t.db);
    const neighbour = await makePartner(t.db);
    const admin = await partnerToken(t.db, await makePartnerUser(t.db, partner, { role: 'admin' }));
    const created = await t.postJson<{ branch: { id: number; name: string } }>('/api/partner/branches', { name: 'Sede La Molina', address: 'Av. Raúl Ferrero 1200' }, asPartner(admin));
    expect(created.status).toBe(200);
    const again = await t.postJson('/api/partner/branches', { name: 'Sede La Molina' }, asPartner(admin));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PARTNER_MESSAGES.branchExists);

    const adviser = await t.postJson<{ id: number; setPasswordUrl: string }>('/api/partner/staff', { email: 'nuevo@sanmartin.pe', name: 'Ana Ríos', branchId: branch.id }, asPartner(admin));
    expect(adviser.status).toBe(200);
    expect(adviser.body.data.setPasswordUrl).toContain('/socios/set-password?token=');
    const before = await count('partnerUsers');
    const taken = await t.postJson('/api/partner/staff', { email: 'nuevo@sanmartin.pe', name: 'Otra', branchId: branch.id }, asPartner(admin));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(PARTNER_MESSAGES.emailTaken);
    const foreign = await t.postJson('/api/partner/staff', { email: 'otro@sanmartin.pe', name: 'Otro', branchId: neighbour.branch.id }, asPartner(admin));
    expect(foreign.status).toBe(404);
    expect(await count('partnerUsers')).toBe(before);
    const staff = await t.get<{ staff: { email: string; role: string; branch: string | null; hasPassword: boolean }[] }>('/api/partner/staff', asPartner(admin));
    expect(staff.body.data.staff).toContainEqual({ id: adviser.body.data.id, email: 'nuevo@sanmartin.pe', name: 'Ana Ríos', role: 'adviser', branchId: branch.id, branch: 'Sede Miraflores', hasPassword: false });
  });
});

describe('the partners in the back office', () => {
  it('an operator lists, creates (RUC checked, in Spanish) and suspends partners, each change in the audit trail', async () => {
    const { makeOperator, operatorToken, asOperator } = await import('../../../test/operators');
    const operator = await makeOperator(t.db);
    const headers = asOperator(await operatorToken(t.db, operator));
    const before = await count('partners');
    const bad = await t.postJson('/api/admin/partners', { name: 'Funeraria X', ruc: '20100047219' }, headers);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('El RUC no es válido: revisa el último dígito');
    const short = await t.postJson('/api/admin/partners', { name: 'Funeraria X', ruc: '2010004721' }, headers);
    expect(short.body.message).toBe('El RUC debe tener 11 dígitos');
    expect(await count('partners')).toBe(before);

    const ruc = uniqueRuc();
    const created = await t.postJson<{ partner: { id: number } }>('/api/admin/partners', { name: 'Camposanto El Sol', ruc: ` ${ruc} `, commission: '7,5' }, headers);
    expect(created.status).toBe(200);
    const id = created.body.data.partner.id;
    const taken = await t.postJson('/api/admin/partners', { name: 'Otro', ruc }, headers);
    expect(taken.status).toBe(409);
    const listed = await t.get<{ partners: { id: number; commissionPercent: number; branches: number; suspended: boolean }[] }>('/api/admin/partners', headers);
    expect(listed.body.data.partners.find((p) => p.id === id)).toMatchObject({ commissionPercent: 7.5, branches: 1, suspended: false });

    const staff = await makePartnerUser(t.db, { id }, { role: 'admin' });
    const session = await partnerToken(t.db, staff);
    expect((await t.postJson(`/api/admin/partners/${id}/suspend`, {}, headers)).status).toBe(200);
    expect((await t.get('/api/partner/auth/me', asPartner(session))).status).toBe(401);
    const audit = await t.db.selectFrom('auditLog').select(['action', 'operatorEmail']).where('target', '=', `socio:${id}`).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'partner.created', operatorEmail: operator.email },
      { action: 'partner.suspended', operatorEmail: operator.email },
    ]);
    expect((await t.postJson('/api/admin/partners/999999/resume', {}, headers)).status).toBe(404);
  });
});
