// /api/user/*: login, token rotation and memorial switch, logout, password change, the reset flow by
// e-mail (read back from a real SMTP server), rate limits, and malformed bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginData } from '@recuerdos/shared/api-types';
import { startTestServer, type RequestOptions, type TestServer } from '../../../test/helper';
import { DEFAULT_PASSWORD, makeAccount, makeMemorial, makeOwner } from '../../../test/factories';
import { ipSequence } from '../../../test/roles';
import { findLink } from '../../../test/smtp-capture';
import { hashToken } from '../../auth/tokens';
import { nowIso } from '../../db/database';
import { login as loginService, requestPasswordReset } from './user.service';

let t: TestServer;

beforeAll(async () => {
  // Behind a trusted proxy each test can speak from its own client IP (X-Forwarded-For), so the
  // per-IP limits of one test never leak into another.
  t = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const newIp = ipSequence('10.1');
function from(ip: string, options: RequestOptions = {}): RequestOptions {
  return { ...options, headers: { ...options.headers, 'x-forwarded-for': ip } };
}

const BAD_CREDENTIALS = 'Correo electrónico o contraseña incorrectos';
const INVALID_LINK = 'El enlace no es válido o ha expirado';

function login(email: string, password: string, ip = newIp(), options: RequestOptions = {}) {
  return t.post<LoginData>('/api/user/login', { email, password }, from(ip, options));
}

function renew(token: string | null, fields: Record<string, string> = {}) {
  return t.post<LoginData>('/api/user/renew-token', fields, { token });
}

describe('POST /api/user/login', () => {
  it('answers data.user and data.token (spec §7) on the account\'s first memorial', async () => {
    const account = await makeAccount(t.db, { name: 'Ana', lastname: 'Quispe' });
    const first = await makeMemorial(t.db, account.id, { photoKey: 'p/abc' });
    await makeMemorial(t.db, account.id, { photoKey: 'p/def' });

    const res = await login(account.email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('200');
    expect(res.body.data.user).toEqual({
      email: account.email,
      name: 'Ana',
      lastname: 'Quispe',
      identifier: first.identifier,
      profilepath: '/media/p/abc.jpg',
    });
    expect(Object.keys(res.body.data).sort()).toEqual(['token', 'user']);
    // `<family>.<secret>`: 128 + 256 random bits (docs/decisions/011-abuse-limits.md).
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    // Only the hash of the token is stored.
    const stored = await t.db.selectFrom('sessions').select('tokenHash').where('accountId', '=', account.id).execute();
    expect(stored).toEqual([{ tokenHash: hashToken(res.body.data.token) }]);
    // The token opens the session.
    expect((await renew(res.body.data.token)).status).toBe(200);
  });

  it('accepts JSON and url-encoded bodies and an e-mail typed with capitals', async () => {
    const account = await makeAccount(t.db);
    const json = await login(account.email.toUpperCase(), DEFAULT_PASSWORD, newIp(), { as: 'json' });
    expect(json.status).toBe(200);
    const form = await login(` ${account.email} `, DEFAULT_PASSWORD, newIp(), { as: 'form' });
    expect(form.status).toBe(200);
    expect(form.body.data.user.email).toBe(account.email);
  });

  it("answers '' for identifier and profilepath when the account has no memorial", async () => {
    const account = await makeAccount(t.db);
    const res = await login(account.email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.user.identifier).toBe('');
    expect(res.body.data.user.profilepath).toBe('');
  });

  it('answers a wrong password, an unknown e-mail and an account without password alike', async () => {
    const withPassword = await makeAccount(t.db);
    const withoutPassword = await makeAccount(t.db, { password: null });
    const wrong = await login(withPassword.email, 'no-es-la-clave');
    const unknown = await login('nadie-aqui@ejemplo.pe', DEFAULT_PASSWORD);
    const noPassword = await login(withoutPassword.email, DEFAULT_PASSWORD);
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: '401', message: BAD_CREDENTIALS, data: {} });
    }
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('accountId', 'in', [withPassword.id, withoutPassword.id])
      .execute();
    expect(sessions).toEqual([]);
  });

  it('validates with the spec §5 messages', async () => {
    const missing = await t.post('/api/user/login', {}, from(newIp()));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Ingresa tu correo electrónico');
    const invalid = await login('ana@', 'x');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Correo electrónico inválido');
    const noPassword = await t.post('/api/user/login', { email: 'ana@ejemplo.pe' }, from(newIp()));
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Ingresa tu contraseña');
  });
});

describe('POST /api/user/renew-token', () => {
  it('rotates the token within its family; the old one works only during a short grace period', async () => {
    const { account, memorial, token } = await makeOwner(t.db);
    const res = await renew(token, { identifier: memorial.identifier, profilePath: '/media/x.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({
      email: account.email,
      name: account.name,
      lastname: account.lastname,
      identifier: memorial.identifier,
      profilepath: '',
    });
    const rotated = res.body.data.token;
    expect(rotated).not.toBe(token);
    const family = (tokenText: string) =>
      t.db.selectFrom('sessions').select('familyId').where('tokenHash', '=', hashToken(tokenText)).executeTakeFirst();
    expect((await family(rotated))?.familyId).toBe((await family(token))?.familyId);

    // Two tabs renewing at once: the old token still answers right after the rotation.
    const sibling = await renew(token);
    expect(sibling.status).toBe(200);
    expect((await renew(rotated)).status).toBe(200);
    // Renewing also clears rows rotated out before the grace period: the client renews often.
    await t.db
      .updateTable('sessions')
      .set({ replacedAt: nowIso(new Date(Date.now() - 5 * 60_000)) })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    expect((await renew(sibling.body.data.token)).status).toBe(200);
    const stale = await t.db.selectFrom('sessions').select('id').where('tokenHash', '=', hashToken(token)).execute();
    expect(stale).toEqual([]);
  });

  it('ends the whole family when a replaced token is presented after the grace period (reuse detection)', async () => {
    const { account, token } = await makeOwner(t.db);
    const otherLogin = (await login(account.email, DEFAULT_PASSWORD)).body.data.token;
    const rotated = (await renew(token)).body.data.token;
    const next = (await renew(rotated)).body.data.token;
    await t.db
      .updateTable('sessions')
      .set({ replacedAt: nowIso(new Date(Date.now() - 5 * 60_000)) })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    // Someone replays the old copy: refused, and the thief's or the owner's newer tokens die with it.
    const replay = await renew(token);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Tu sesión ha expirado. Inicia sesión nuevamente');
    expect((await renew(next)).status).toBe(401);
    expect((await renew(rotated)).status).toBe(401);
    // Another login of the same account is another family.
    expect((await renew(otherLogin)).status).toBe(200);
  });

  it('recognises a replayed token even after its row was pruned', async () => {
    const { token } = await makeOwner(t.db);
    const rotated = (await renew(token)).body.data.token;
    await t.db.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).execute();
    expect((await t.get(`/api/contract/get-disclaimers?identifier=x`, { token })).status).toBe(401);
    expect((await renew(rotated)).status).toBe(401);
  });

  it("treats an identifier sent as 'null' or '' as no switch", async () => {
    const { memorial, token } = await makeOwner(t.db);
    for (const identifier of ['null', 'undefined', '']) {
      const res = await renew(token, { identifier });
      expect(res.status).toBe(200);
      expect(res.body.data.user.identifier).toBe(memorial.identifier);
    }
  });

  it('refuses a missing, unknown or expired token with 401', async () => {
    expect((await renew(null)).status).toBe(401);
    expect((await renew('no-such-token')).status).toBe(401);
    const { token } = await makeOwner(t.db);
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: nowIso(new Date(Date.now() - 1000)) })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    const expired = await renew(token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Tu sesión ha expirado. Inicia sesión nuevamente');
  });

  it('switches to another memorial of the account, and stays there', async () => {
    const { account, memorial, token } = await makeOwner(t.db);
    const second = await makeMemorial(t.db, account.id, { photoKey: 'k2' });
    const switched = await renew(token, { identifier: second.identifier, profilePath: '/media/ignored.jpg' });
    expect(switched.status).toBe(200);
    expect(switched.body.data.user.identifier).toBe(second.identifier);
    expect(switched.body.data.user.profilepath).toBe('/media/k2.jpg');
    const again = await renew(switched.body.data.token);
    expect(again.body.data.user.identifier).toBe(second.identifier);
    const back = await renew(again.body.data.token, { identifier: memorial.identifier });
    expect(back.body.data.user.identifier).toBe(memorial.identifier);
  });

  it("never switches to a memorial of another account (or an unknown one)", async () => {
    const owner = await makeOwner(t.db);
    const other = await makeOwner(t.db);
    for (const identifier of [other.memorial.identifier, 'NoExiste99']) {
      const res = await renew(owner.token, { identifier });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: '403', message: 'Este perfil no pertenece a tu cuenta', data: {} });
    }
    // The refused call did not rotate the session.
    const still = await renew(owner.token);
    expect(still.status).toBe(200);
    expect(still.body.data.user.identifier).toBe(owner.memorial.identifier);
  });

  it('moves a session opened before the account had a memorial onto its first one', async () => {
    const account = await makeAccount(t.db);
    const first = await login(account.email, DEFAULT_PASSWORD);
    expect(first.body.data.user.identifier).toBe('');
    const memorial = await makeMemorial(t.db, account.id);
    const res = await renew(first.body.data.token);
    expect(res.body.data.user.identifier).toBe(memorial.identifier);
  });
});

describe('POST /api/user/logout', () => {
  it("ends the token's whole family: the token it replaced and any renewed from it; other logins stay", async () => {
    const { account, token } = await makeOwner(t.db);
    const other = await login(account.email, DEFAULT_PASSWORD);
    const rotated = (await renew(token)).body.data.token;
    const sibling = (await renew(token)).body.data.token;
    const res = await t.post('/api/user/logout', {}, { token: rotated });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('200');
    for (const dead of [token, rotated, sibling]) expect((await renew(dead)).status).toBe(401);
    expect((await t.post('/api/user/logout', {}, { token: rotated })).status).toBe(401);
    expect((await renew(other.body.data.token)).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.post('/api/user/logout', {});
    expect(res.status).toBe(401);
  });
});

describe('POST /api/user/change-password', () => {
  it('needs the token header', async () => {
    const res = await t.post('/api/user/change-password', {
      email: 'ana@ejemplo.pe',
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'nueva-clave-1',
    });
    expect(res.status).toBe(401);
  });

  it('needs the right current password, and then changes nothing', async () => {
    const { account, token } = await makeOwner(t.db);
    const res = await t.post(
      '/api/user/change-password',
      { email: account.email, currentPassword: 'equivocada', newPassword: 'nueva-clave-1' },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La contraseña actual no es correcta');
    expect((await login(account.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await login(account.email, 'nueva-clave-1')).status).toBe(401);
  });

  it("refuses to change another account's password", async () => {
    const { token } = await makeOwner(t.db);
    const victim = await makeAccount(t.db);
    const res = await t.post(
      '/api/user/change-password',
      { email: victim.email, currentPassword: DEFAULT_PASSWORD, newPassword: 'nueva-clave-1' },
      { token },
    );
    expect(res.status).toBe(403);
    expect((await login(victim.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('validates the new password with the spec §5 messages', async () => {
    const { account, token } = await makeOwner(t.db);
    const short = await t.post(
      '/api/user/change-password',
      { email: account.email, currentPassword: DEFAULT_PASSWORD, newPassword: '12345' },
      { token },
    );
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('La contraseña debe tener al menos 6 caracteres');
    const missing = await t.post('/api/user/change-password', { email: account.email, newPassword: '123456' }, { token });
    expect(missing.body.message).toBe('Ingresa tu contraseña actual');
  });

  it("changes it, keeps this session and revokes the account's other sessions", async () => {
    const { account, token } = await makeOwner(t.db);
    const otherDevice = (await login(account.email, DEFAULT_PASSWORD)).body.data.token;
    const res = await t.post(
      '/api/user/change-password',
      { email: account.email, currentPassword: DEFAULT_PASSWORD, newPassword: 'nueva-clave-1' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Tu contraseña fue cambiada exitosamente', data: {} });
    expect((await renew(otherDevice)).status).toBe(401);
    expect((await renew(token)).status).toBe(200);
    expect((await login(account.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login(account.email, 'nueva-clave-1')).status).toBe(200);
    const row = await t.db.selectFrom('accounts').select('passwordHash').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('password reset by e-mail', () => {
  const RESET_LINK = 'http://recuerdos.test/new-password?token=';
  const RESET_SENT =
    'En unos minutos te llegará un correo electrónico con un enlace web para que ingreses tu nueva contraseña';

  async function requestReset(email: string, ip = newIp()) {
    return t.post('/api/user/forgot-password', { email }, from(ip));
  }

  async function resetToken(email: string): Promise<string> {
    const before = t.smtp.to(email).length;
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    const mail = await t.mail((m) => m.to.includes(email) && t.smtp.to(email).indexOf(m) >= before);
    return new URL(findLink(mail.text, RESET_LINK)).searchParams.get('token') ?? '';
  }

  it('follows the e-mailed link: GET /user/{token}, restore, log in with the new password', async () => {
    const { account, token: session } = await makeOwner(t.db, { account: { name: 'Rosa' } });
    const res = await requestReset(account.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: RESET_SENT, data: {} });

    const mail = await t.mail((m) => m.to.includes(account.email));
    expect(mail.subject).toBe('Crea una nueva contraseña para Recuerdos');
    expect(mail.text).toContain('Hola, Rosa:');
    const link = findLink(mail.text, RESET_LINK);
    expect(findLink(mail.html, RESET_LINK)).toBe(link);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22);

    const lookup = await t.get<{ email: string }>(`/api/user/${token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toEqual({ email: account.email });

    const restore = await t.post('/api/user/restore-password', { email: account.email, password: 'otra-clave-9', token });
    expect(restore.status).toBe(200);
    expect(restore.body.message).toBe(
      'Tu contraseña ha sido cambiada exitosamente. Serás redirigido al inicio de sesión en 3 segundos',
    );
    // Every session of the account ends; the new password works, the old one not.
    expect((await renew(session)).status).toBe(401);
    expect((await login(account.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login(account.email, 'otra-clave-9')).status).toBe(200);

    // The link works once.
    const again = await t.get(`/api/user/${token}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(INVALID_LINK);
    const reuse = await t.post('/api/user/restore-password', { email: account.email, password: 'tercera-clave', token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(INVALID_LINK);
    expect((await login(account.email, 'otra-clave-9')).status).toBe(200);
  });

  it('lets only one of two simultaneous restores with the same link win', async () => {
    const account = await makeAccount(t.db);
    const token = await resetToken(account.email);
    const results = await Promise.all(
      ['primera-111', 'segunda-222'].map((password) =>
        t.post('/api/user/restore-password', { email: account.email, password, token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]?.status === 200 ? 'primera-111' : 'segunda-222';
    const loser = winner === 'primera-111' ? 'segunda-222' : 'primera-111';
    expect((await login(account.email, winner)).status).toBe(200);
    expect((await login(account.email, loser)).status).toBe(401);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await requestReset('desconocido@ejemplo.pe');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: RESET_SENT, data: {} });
    await t.mailsSent();
    expect(t.smtp.to('desconocido@ejemplo.pe')).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const account = await makeAccount(t.db);
    const token = await resetToken(account.email);
    await t.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: nowIso(new Date(Date.now() - 1000)) })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    expect((await t.get(`/api/user/${token}`)).status).toBe(404);
    const res = await t.post('/api/user/restore-password', { email: account.email, password: 'otra-clave-9', token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_LINK);
    expect((await login(account.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("refuses a link sent to another e-mail, and leaves both accounts as they were", async () => {
    const requester = await makeAccount(t.db);
    const victim = await makeAccount(t.db);
    const token = await resetToken(requester.email);
    const res = await t.post('/api/user/restore-password', { email: victim.email, password: 'robada-123', token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_LINK);
    expect((await login(victim.email, 'robada-123')).status).toBe(401);
    expect((await login(victim.email, DEFAULT_PASSWORD)).status).toBe(200);
    // The refused attempt did not use up the requester's link.
    const own = await t.post('/api/user/restore-password', { email: requester.email, password: 'propia-123', token });
    expect(own.status).toBe(200);
  });

  it('requires the token, and refuses an unknown one', async () => {
    const account = await makeAccount(t.db);
    const missing = await t.post('/api/user/restore-password', { email: account.email, password: 'otra-clave-9' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(INVALID_LINK);
    const unknown = await t.post('/api/user/restore-password', {
      email: account.email,
      password: 'otra-clave-9',
      token: 'x'.repeat(43),
    });
    expect(unknown.status).toBe(400);
    expect((await t.get(`/api/user/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await login(account.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('a password change makes earlier reset links useless', async () => {
    const { account, token: session } = await makeOwner(t.db);
    const token = await resetToken(account.email);
    const change = await t.post(
      '/api/user/change-password',
      { email: account.email, currentPassword: DEFAULT_PASSWORD, newPassword: 'cambiada-1' },
      { token: session },
    );
    expect(change.status).toBe(200);
    expect((await t.get(`/api/user/${token}`)).status).toBe(404);
  });
});

describe('rate limits', () => {
  const TOO_MANY_LOGINS = 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo';

  it('login: after 5 wrong passwords from one address, that address waits; the owner elsewhere gets in', async () => {
    const account = await makeAccount(t.db);
    const other = await makeAccount(t.db);
    const attacker = newIp();
    for (let i = 0; i < 5; i++) expect((await login(account.email, `mala-${i}`, attacker)).status).toBe(401);
    const blocked = await login(account.email, DEFAULT_PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('429');
    expect(blocked.body.message).toBe(TOO_MANY_LOGINS);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from their own address, is not locked out; other accounts are not affected.
    expect((await login(account.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await login(other.email, DEFAULT_PASSWORD, attacker)).status).toBe(200);
  });

  it('login: a stranger guessing from many addresses never locks the owner out, only slows every try', async () => {
    const account = await makeAccount(t.db);
    const before = t.pauses.length;
    for (let i = 0; i < 25; i++) expect((await login(account.email, `mala-${i}`)).status).toBe(401);
    const owner = await login(account.email, DEFAULT_PASSWORD);
    expect(owner.status).toBe(200);
    expect(t.pauses.slice(before)).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, ...Array<number>(18).fill(8000)]);
    // The owner's success clears nothing of the stranger's count but their own try.
    expect((await login(account.email, 'mala-x')).status).toBe(401);
    expect(t.pauses.at(-1)).toBe(8000);
  });

  it('login: counts before it checks: 40 wrong passwords started at once from one address check exactly 5', async () => {
    const account = await makeAccount(t.db);
    const ip = newIp();
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => loginService(t.ctx, { email: account.email, password: `mala-${i}` }, ip)));
    const statuses = results.map((r) => (r.status === 'fulfilled' ? 200 : ((r.reason as { statusCode?: number }).statusCode ?? 500)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  it('login: a successful login clears the count of its account from that address', async () => {
    const account = await makeAccount(t.db);
    const ip = newIp();
    for (let i = 0; i < 4; i++) expect((await login(account.email, `mala-${i}`, ip)).status).toBe(401);
    expect((await login(account.email, DEFAULT_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(account.email, `mala-${i}`, ip)).status).toBe(401);
    expect((await login(account.email, DEFAULT_PASSWORD, ip)).status).toBe(200);
  });

  it('login: an unknown e-mail is limited like a real one (the limit reveals no account)', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await login('fantasma@ejemplo.pe', `x-${i}`, ip)).status).toBe(401);
    expect((await login('fantasma@ejemplo.pe', 'x', ip)).status).toBe(429);
  });

  it('login: one IP gets 429 after 30 attempts, whatever the accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await login(`persona-${i}@ejemplo.pe`, 'x', ip)).status).toBe(401);
    const account = await makeAccount(t.db);
    expect((await login(account.email, DEFAULT_PASSWORD, ip)).status).toBe(429);
    expect((await login(account.email, DEFAULT_PASSWORD, newIp())).status).toBe(200);
  });

  it('forgot-password: per e-mail and per IP', async () => {
    const account = await makeAccount(t.db);
    for (let i = 0; i < 3; i++) expect((await requestResetFrom(account.email, newIp())).status).toBe(200);
    const blocked = await requestResetFrom(account.email, newIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Ya pediste varios enlaces/);
    await t.mailsSent();
    expect(t.smtp.to(account.email)).toHaveLength(3);

    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await requestResetFrom(`nadie-${i}@ejemplo.pe`, ip)).status).toBe(200);
    expect((await requestResetFrom('otra-persona@ejemplo.pe', ip)).status).toBe(429);
    expect((await requestResetFrom('otra-persona@ejemplo.pe', newIp())).status).toBe(200);
  });

  it('forgot-password: a stranger who spends the per-e-mail allowance leaves the owner a link that works', async () => {
    const account = await makeAccount(t.db);
    for (let i = 0; i < 3; i++) expect((await requestResetFrom(account.email, newIp())).status).toBe(200);
    const owner = await requestResetFrom(account.email, newIp());
    expect(owner.status).toBe(429);
    expect(owner.body.message).toMatch(/Revisa tu correo electrónico/);
    await t.mailsSent();
    const mails = t.smtp.to(account.email);
    expect(mails).toHaveLength(3);
    const link = findLink(mails.at(-1)?.text ?? '', 'http://recuerdos.test/new-password?token=');
    const token = new URL(link).searchParams.get('token') ?? '';
    const restored = await t.post('/api/user/restore-password', { email: account.email, password: 'recuperada-1', token });
    expect(restored.status).toBe(200);
    expect((await login(account.email, 'recuperada-1')).status).toBe(200);
  });

  it('forgot-password: 20 requests started at once for one e-mail send 3 mails', async () => {
    const account = await makeAccount(t.db);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => requestPasswordReset(t.ctx, { email: account.email }, newIp())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    await t.mailsSent();
    expect(t.smtp.to(account.email)).toHaveLength(3);
  });

  function requestResetFrom(email: string, ip: string) {
    return t.post('/api/user/forgot-password', { email }, from(ip));
  }
});

describe('malformed requests never cause a 5xx', () => {
  const paths = [
    '/api/user/login',
    '/api/user/renew-token',
    '/api/user/logout',
    '/api/user/change-password',
    '/api/user/forgot-password',
    '/api/user/restore-password',
  ];
  const bodies: [string, Record<string, string>, RequestInit['body']][] = [
    ['no body', {}, undefined],
    ['empty JSON', { 'content-type': 'application/json' }, ''],
    ['invalid JSON', { 'content-type': 'application/json' }, '{"email":'],
    ['a JSON array', { 'content-type': 'application/json' }, '[1,2]'],
    ['wrong types', { 'content-type': 'application/json' }, '{"email":123,"password":{"a":1},"newPassword":[],"token":7,"identifier":{}}'],
    ['wrong content type', { 'content-type': 'text/xml' }, '<email/>'],
    ['oversized JSON', { 'content-type': 'application/json' }, JSON.stringify({ email: 'a'.repeat(400_000) })],
    ['long fields', { 'content-type': 'application/json' }, JSON.stringify({ email: `${'a'.repeat(5000)}@x.pe`, password: 'p'.repeat(5000), currentPassword: 'c'.repeat(5000), newPassword: 'n'.repeat(5000), token: 't'.repeat(5000), identifier: 'i'.repeat(5000) })],
    ['truncated multipart', { 'content-type': 'multipart/form-data; boundary=B' }, '--B\r\nContent-Disposition: form-data; name="email"\r\n\r\nana'],
  ];

  // These two read nothing they need from the body: with a valid session they may answer 200.
  const bodyOptional = new Set(['/api/user/renew-token', '/api/user/logout']);

  for (const path of paths) {
    for (const [name, headers, body] of bodies) {
      it(`${path}: ${name} → ${bodyOptional.has(path) ? 'no 5xx' : '4xx envelope'}`, async () => {
        const { token } = await makeOwner(t.db);
        const res = await fetch(t.url + path, {
          method: 'POST',
          headers: { ...headers, token, 'x-forwarded-for': newIp() },
          body,
        });
        const envelope = (await res.json()) as { code: string; message: string };
        expect(res.status).toBeLessThan(500);
        if (!bodyOptional.has(path)) expect(res.status).toBeGreaterThanOrEqual(400);
        expect(envelope.code).toBe(String(res.status));
        expect(envelope.message).toMatch(/[a-záéíóúñ]/i);
      });
    }
  }

  it('an oversized multipart field gets 413', async () => {
    const res = await t.post('/api/user/login', { email: 'a'.repeat(70 * 1024), password: 'x' }, from(newIp()));
    expect(res.status).toBe(413);
  });

  it('GET /api/user/{token} with an absurd token is a 4xx', async () => {
    for (const bad of ['%', 'a'.repeat(250), 'a'.repeat(400)]) {
      const res = await fetch(`${t.url}/api/user/${bad}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
