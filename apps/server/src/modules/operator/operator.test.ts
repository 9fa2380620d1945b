// Operators (issue 15 §1): the set-password link, login with password then TOTP (enrolment with
// recovery codes shown once; each code accepted once), sessions apart from owners' and guests',
// short-lived, ended by logout and by a password change, and the audit trail (limits on guesses:
// operator-abuse.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentData, OperatorLoginData, OperatorMe, OperatorSessionData } from '@recuerdos/shared/admin-api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeOwner } from '../../../test/factories';
import { asOperator, makeOperator, operatorToken, totpCode, OPERATOR_PASSWORD } from '../../../test/operators';
import { ipSequence } from '../../../test/roles';
import { hashToken } from '../../auth/tokens';
import { nowIso } from '../../db/database';
import { createOperator, findOperatorSession, OPERATOR_SESSION, RECOVERY_CODE_COUNT } from './operator.service';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const freshIp = ipSequence('10.20');

const auditOf = (email: string) =>
  t.db.selectFrom('auditLog').selectAll().where('operatorEmail', '=', email).orderBy('id').execute();

function login(email: string, password: string, ip = freshIp()) {
  return t.post<OperatorLoginData>('/api/admin/auth/login', { email, password }, { headers: { 'x-forwarded-for': ip } });
}

describe('create-operator and the set-password link', () => {
  it('creates the operator with a single-use link; the password it sets opens the login', async () => {
    const email = `nueva-${Date.now()}@recuerdos.test`;
    const created = await createOperator({ db: t.db, config: t.config }, { email, name: 'Rocío Salas' });
    expect(created.created).toBe(true);
    expect(created.setPasswordUrl).toMatch(/^http:\/\/recuerdos\.test\/admin\/set-password\?token=[\w-]{43}$/);
    const token = new URL(created.setPasswordUrl).searchParams.get('token') ?? '';

    const lookup = await t.get<{ operator: OperatorMe }>(`/api/admin/auth/set-password?token=${token}`);
    expect(lookup.body.data.operator).toEqual({ email, name: 'Rocío Salas' });
    const short = await t.post('/api/admin/auth/set-password', { token, password: 'corta' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('La contraseña debe tener al menos 12 caracteres');

    // Before the password is set, nothing logs in.
    expect((await login(email, 'una-clave-larga-1')).status).toBe(401);
    const set = await t.post('/api/admin/auth/set-password', { token, password: 'una-clave-larga-1' });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Tu contraseña fue creada. Ya puedes ingresar');
    const again = await t.post('/api/admin/auth/set-password', { token, password: 'otra-clave-larga-2' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('El enlace no es válido o ha expirado. Pide uno nuevo al administrador');

    const res = await login(email, 'una-clave-larga-1');
    expect(res.status).toBe(200);
    expect(res.body.data.next).toBe('enroll');
    // The attempt before the password existed is on record too.
    expect((await auditOf(email)).map((e) => e.action)).toEqual(['operator.login-failed', 'operator.password-set']);
    const cli = await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'operator.created').where('target', '=', email).executeTakeFirstOrThrow();
    expect(cli.operatorEmail).toBe('línea de comandos');
  });

  it('issues a new link for an existing operator (the old one stops working) and can reset the second factor', async () => {
    const operator = await makeOperator(t.db);
    const session = await operatorToken(t.db, operator);
    const first = await createOperator({ db: t.db, config: t.config }, { email: operator.email, name: 'otro nombre' });
    expect(first.created).toBe(false);
    expect(first.operator.name).toBe('Lucía Torres');
    // Its sessions ended.
    expect((await t.get('/api/admin/auth/me', asOperator(session))).status).toBe(401);
    const second = await createOperator({ db: t.db, config: t.config }, { email: operator.email, name: 'x', resetSecondFactor: true });
    const oldToken = new URL(first.setPasswordUrl).searchParams.get('token') ?? '';
    expect((await t.get(`/api/admin/auth/set-password?token=${oldToken}`)).status).toBe(400);
    const row = await t.db.selectFrom('operators').selectAll().where('id', '=', operator.id).executeTakeFirstOrThrow();
    expect(row.totpSecret).toBeNull();
    expect(row.totpConfirmedAt).toBeNull();
    expect(second.setPasswordUrl).not.toBe(first.setPasswordUrl);
  });
});

describe('login with password and a second factor', () => {
  it('enrols the authenticator at the first login and shows ten recovery codes once', async () => {
    const operator = await makeOperator(t.db, { enrolled: false });
    const step = await login(operator.email, OPERATOR_PASSWORD);
    expect(step.body.data.next).toBe('enroll');
    const stepToken = step.body.data.token;

    // The step session opens nothing of the back office.
    const blocked = await t.get('/api/admin/contracts', asOperator(stepToken));
    expect(blocked.status).toBe(401);
    expect(blocked.body.message).toBe('Completa la verificación en dos pasos para continuar');

    const enroll = await t.post<EnrollmentData>('/api/admin/auth/enroll', {}, asOperator(stepToken));
    expect(enroll.status).toBe(200);
    expect(enroll.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enroll.body.data.uri).toBe(`otpauth://totp/Recuerdos:${encodeURIComponent(operator.email)}?issuer=Recuerdos&secret=${enroll.body.data.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(enroll.body.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await t.post('/api/admin/auth/enroll/confirm', { code: '000000' }, asOperator(stepToken));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('El código no es correcto. Revisa la hora de tu teléfono e inténtalo de nuevo');

    const done = await t.post<OperatorSessionData>('/api/admin/auth/enroll/confirm', { code: totpCode(enroll.body.data.secret) }, asOperator(stepToken));
    expect(done.status).toBe(200);
    expect(done.body.data.operator).toEqual({ email: operator.email, name: operator.name });
    expect(done.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of done.body.data.recoveryCodes ?? []) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    // The step token was replaced by the complete one.
    expect((await t.get('/api/admin/auth/me', asOperator(stepToken))).status).toBe(401);
    const me = await t.get<{ operator: OperatorMe }>('/api/admin/auth/me', asOperator(done.body.data.token));
    expect(me.body.data.operator.email).toBe(operator.email);

    // Only hashes are stored.
    const stored = await t.db.selectFrom('operatorRecoveryCodes').select('codeHash').where('operatorId', '=', operator.id).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.map((r) => r.codeHash).join()).not.toContain(done.body.data.recoveryCodes?.[0]?.slice(0, 4));

    // A later login asks for the code; enrolling again is refused.
    const next = await login(operator.email, OPERATOR_PASSWORD);
    expect(next.body.data.next).toBe('verify');
    const reenrol = await t.post('/api/admin/auth/enroll', {}, asOperator(next.body.data.token));
    expect(reenrol.status).toBe(409);

    expect((await auditOf(operator.email)).map((e) => e.action)).toEqual([
      'operator.second-factor-failed',
      'operator.second-factor-enrolled',
      'operator.login',
    ]);
  });

  it('accepts each TOTP code once, and each recovery code once', async () => {
    const operator = await makeOperator(t.db);
    const code = totpCode(operator.secret);
    const first = await login(operator.email, OPERATOR_PASSWORD);
    expect(first.body.data.next).toBe('verify');
    const verified = await t.post<OperatorSessionData>(
      '/api/admin/auth/verify',
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      { headers: { operator: first.body.data.token, 'x-forwarded-for': '10.20.99.7' } },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.data.recoveryCodes).toBeUndefined();
    const audit = (await auditOf(operator.email)).at(-1);
    expect(audit).toMatchObject({ action: 'operator.login', target: operator.email, operatorId: operator.id });
    expect(audit?.ip).toBe('10.20.99.7');

    // The same code again (seen over a shoulder) is refused.
    const second = await login(operator.email, OPERATOR_PASSWORD);
    const replay = await t.post('/api/admin/auth/verify', { code }, asOperator(second.body.data.token));
    expect(replay.status).toBe(400);

    // Recovery codes: set them up through enrolment of a fresh operator.
    const fresh = await makeOperator(t.db, { enrolled: false });
    const step = await login(fresh.email, OPERATOR_PASSWORD);
    const { secret } = (await t.post<EnrollmentData>('/api/admin/auth/enroll', {}, asOperator(step.body.data.token))).body.data;
    const enrolled = await t.post<OperatorSessionData>('/api/admin/auth/enroll/confirm', { code: totpCode(secret) }, asOperator(step.body.data.token));
    const recovery = enrolled.body.data.recoveryCodes?.[3] ?? '';
    const viaRecovery = await login(fresh.email, OPERATOR_PASSWORD);
    const used = await t.post<OperatorSessionData>('/api/admin/auth/verify', { code: recovery.toUpperCase() }, asOperator(viaRecovery.body.data.token));
    expect(used.status).toBe(200);
    expect(used.body.data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const reuse = await login(fresh.email, OPERATOR_PASSWORD);
    expect((await t.post('/api/admin/auth/verify', { code: recovery }, asOperator(reuse.body.data.token))).status).toBe(400);
    expect((await auditOf(fresh.email)).map((e) => e.action)).toContain('operator.recovery-code-used');
  });

  it('refuses a wrong password the same way for a known and an unknown e-mail, and audits the known one', async () => {
    const operator = await makeOperator(t.db);
    const known = await login(operator.email, 'no-es-la-clave');
    const unknown = await login('nadie@recuerdos.test', 'no-es-la-clave');
    expect([known.status, unknown.status]).toEqual([401, 401]);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('Correo electrónico o contraseña incorrectos');
    expect((await auditOf(operator.email)).map((e) => e.action)).toEqual(['operator.login-failed']);
  });
  // Limits on guessing the password and the codes: operator-abuse.test.ts.
});

describe('operator sessions', () => {
  it('are not owner or guest sessions, and an owner token opens nothing', async () => {
    const owner = await makeOwner(t.db);
    expect((await t.get('/api/admin/auth/me', { token: owner.token })).status).toBe(401);
    expect((await t.get('/api/admin/auth/me', asOperator(owner.token))).status).toBe(401);
    const operator = await makeOperator(t.db);
    const token = await operatorToken(t.db, operator);
    // An operator token is no owner session either.
    expect((await t.post('/api/user/renew-token', { identifier: '' }, { token })).status).toBe(401);
  });

  it('end after 30 idle minutes and after 8 hours whatever the activity', async () => {
    const operator = await makeOperator(t.db);
    const token = await operatorToken(t.db, operator);
    const now = Date.now();
    expect(await findOperatorSession(t.db, token, new Date(now + OPERATOR_SESSION.idleMs - 60_000))).not.toBeNull();
    // That use moved the idle limit on.
    expect(await findOperatorSession(t.db, token, new Date(now + OPERATOR_SESSION.idleMs + 60_000))).not.toBeNull();
    expect(await findOperatorSession(t.db, token, new Date(now + 2 * OPERATOR_SESSION.idleMs + 60_000))).toBeNull();

    const busy = await operatorToken(t.db, operator);
    await t.db.updateTable('operatorSessions').set({ lastSeenAt: nowIso(new Date(now + OPERATOR_SESSION.ttlMs)) }).where('tokenHash', '=', hashToken(busy)).execute();
    expect(await findOperatorSession(t.db, busy, new Date(now + OPERATOR_SESSION.ttlMs + 1000))).toBeNull();
    expect(OPERATOR_SESSION.ttlMs).toBeLessThan(24 * 3600_000);
  });

  it('end on logout, and all of them on a password change (this browser gets a new one)', async () => {
    const operator = await makeOperator(t.db);
    const a = await operatorToken(t.db, operator);
    const b = await operatorToken(t.db, operator);
    const out = await t.post('/api/admin/auth/logout', {}, asOperator(a));
    expect(out.status).toBe(200);
    expect((await t.get('/api/admin/auth/me', asOperator(a))).status).toBe(401);
    expect((await t.get('/api/admin/auth/me', asOperator(b))).status).toBe(200);

    const c = await operatorToken(t.db, operator);
    const wrong = await t.post('/api/admin/auth/change-password', { currentPassword: 'no', newPassword: 'clave-nueva-segura-2' }, asOperator(b));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('La contraseña actual no es correcta');
    const changed = await t.post<{ token: string }>('/api/admin/auth/change-password', { currentPassword: OPERATOR_PASSWORD, newPassword: 'clave-nueva-segura-2' }, asOperator(b));
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Tu contraseña fue cambiada. Cerramos tus otras sesiones');
    for (const old of [b, c]) expect((await t.get('/api/admin/auth/me', asOperator(old))).status).toBe(401);
    expect((await t.get('/api/admin/auth/me', asOperator(changed.body.data.token))).status).toBe(200);
    expect((await login(operator.email, 'clave-nueva-segura-2')).status).toBe(200);
    expect((await auditOf(operator.email)).map((e) => e.action)).toEqual(['operator.logout', 'operator.password-changed']);
  });
});
