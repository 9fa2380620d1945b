// /api/contract/*: activation by the e-mailed link (single use, the 'contract approved' e-mail with
// a first-password link when needed) and the owner's disclaimers, for every role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Disclaimer, LoginData } from '@recuerdos/shared/api-types';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeMemorial, makeOwner } from '../../../test/factories';
import { findLink } from '../../../test/smtp-capture';
import { hashToken } from '../../auth/tokens';
import { createUserSession } from '../../auth/sessions';
import { nowIso } from '../../db/database';
import { createContract, type NewContractInput } from './contract.service';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** A contract made the way the operator CLI makes it; returns its activation link's parameters. */
async function newContract(overrides: Partial<NewContractInput> = {}) {
  seq += 1;
  const created = await createContract(
    { db: t.db, config: t.config },
    {
      email: `cliente-${seq}-${Date.now()}@ejemplo.pe`,
      name: 'Carmen',
      lastname: 'Rojas',
      person: 'Pedro Rojas Cárdenas',
      ...overrides,
    },
  );
  const url = new URL(created.activationUrl);
  return {
    created,
    contract: url.searchParams.get('contract') ?? '',
    token: url.searchParams.get('token') ?? '',
  };
}

function activate(fields: Record<string, string>) {
  return t.post<{ contract: string }>('/api/contract/activate', fields);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('POST /api/contract/activate', () => {
  it('activates once, and e-mails the approval with a link to set a first password', async () => {
    const { created, contract, token } = await newContract();
    expect(contract).toMatch(/^REC-\d{4}-\d{5}$/);
    expect(created.activationUrl).toBe(
      `http://recuerdos.test/activate-account?contract=${contract}&token=${encodeURIComponent(token)}`,
    );

    const res = await activate({ contract, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Contrato activado', data: { contract } });
    const row = await t.db.selectFrom('contracts').selectAll().where('number', '=', contract).executeTakeFirstOrThrow();
    expect(row.state).toBe('active');
    expect(row.activatedAt).not.toBeNull();

    const mail = await t.mail((m) => m.to.includes(created.email));
    expect(mail.subject).toBe('Notificación de contrato aprobado');
    expect(mail.text).toContain('Hola, Carmen:');
    expect(mail.text).toContain(contract);
    expect(mail.text).toContain(`http://recuerdos.test/guest?id=${created.identifier}`);

    // The link sets a first password through the reset flow, then the owner logs in.
    const link = findLink(mail.text, 'http://recuerdos.test/new-password?token=');
    const resetToken = new URL(link).searchParams.get('token') ?? '';
    const lookup = await t.get<{ email: string }>(`/api/user/${resetToken}`);
    expect(lookup.body.data.email).toBe(created.email);
    const restore = await t.post('/api/user/restore-password', {
      email: created.email,
      password: 'primera-clave',
      token: resetToken,
    });
    expect(restore.status).toBe(200);
    const login = await t.post<LoginData>('/api/user/login', { email: created.email, password: 'primera-clave' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.identifier).toBe(created.identifier);

    // Single use: the same link again changes nothing and sends nothing.
    const again = await activate({ contract, token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('400');
    expect(again.body.message).toBe('Este contrato ya fue activado. Ingresa con tu correo electrónico y tu contraseña');
    await t.mailsSent();
    expect(t.smtp.to(created.email)).toHaveLength(1);
  });

  it('sends no password link when the account already has a password', async () => {
    const { created, contract, token } = await newContract({ password: 'clave-del-operador' });
    expect((await activate({ contract, token })).status).toBe(200);
    const mail = await t.mail((m) => m.to.includes(created.email));
    expect(mail.subject).toBe('Notificación de contrato aprobado');
    expect(mail.text).not.toContain('/new-password');
    expect(findLink(mail.text, 'http://recuerdos.test/login')).toBe('http://recuerdos.test/login');
  });

  it('accepts the contract number in lowercase (typed by hand)', async () => {
    const { contract, token } = await newContract();
    expect((await activate({ contract: contract.toLowerCase(), token })).status).toBe(200);
  });

  it('refuses a wrong token, the token of another contract, an expired token and an unknown contract', async () => {
    const first = await newContract();
    const second = await newContract();
    const wrong = await activate({ contract: first.contract, token: 'x'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('El enlace de activación no es válido o ha expirado. Escríbenos para recibir uno nuevo');
    expect((await activate({ contract: first.contract, token: second.token })).status).toBe(400);

    await t.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: nowIso(new Date(Date.now() - 1000)) })
      .where('tokenHash', '=', hashToken(first.token))
      .execute();
    const expired = await activate({ contract: first.contract, token: first.token });
    expect(expired.status).toBe(400);

    const unknown = await activate({ contract: 'REC-1999-99999', token: first.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);

    const states = await t.db
      .selectFrom('contracts')
      .select('state')
      .where('number', 'in', [first.contract, second.contract])
      .execute();
    expect(states).toEqual([{ state: 'pending' }, { state: 'pending' }]);
    // The second contract's own link still works.
    expect((await activate({ contract: second.contract, token: second.token })).status).toBe(200);
  });

  it('answers an unknown contract exactly as a known contract with a wrong token (numbers are sequential)', async () => {
    const known = await newContract();
    const next = known.contract.replace(/\d{5}$/, (n) => String(Number(n) + 50).padStart(5, '0'));
    const token = 'x'.repeat(43);
    const answers = [
      await activate({ contract: known.contract, token }),
      await activate({ contract: next, token }),
      await activate({ contract: 'REC-1999-00001', token }),
    ];
    const shape = (res: (typeof answers)[number]) => ({
      status: res.status,
      body: res.body,
      headers: [...res.headers.entries()].filter(([name]) => !['date', 'x-ratelimit-reset', 'content-length'].includes(name)),
    });
    expect(answers.map(shape)).toEqual(Array(3).fill(shape(answers[0] as (typeof answers)[number])));
    expect(answers[0]?.body).toEqual({
      code: '400',
      message: 'El enlace de activación no es válido o ha expirado. Escríbenos para recibir uno nuevo',
      data: {},
    });
  });

  it('validates with Spanish messages', async () => {
    const none = await activate({});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Indica el número de contrato');
    const noToken = await activate({ contract: 'REC-2026-00001' });
    expect(noToken.status).toBe(400);
    expect(noToken.body.message).toBe('El enlace no es válido o ha expirado');
  });

  const malformed: [string, Record<string, string>, RequestInit['body']][] = [
    ['no body', {}, undefined],
    ['empty JSON', { 'content-type': 'application/json' }, ''],
    ['invalid JSON', { 'content-type': 'application/json' }, '{"contract":'],
    ['wrong types', { 'content-type': 'application/json' }, '{"contract":{"a":1},"token":[1]}'],
    ['wrong content type', { 'content-type': 'application/octet-stream' }, 'contract=1'],
    ['oversized JSON', { 'content-type': 'application/json' }, JSON.stringify({ contract: 'c'.repeat(300_000) })],
    ['long fields', { 'content-type': 'application/json' }, JSON.stringify({ contract: 'c'.repeat(5000), token: 't'.repeat(5000) })],
    ['truncated multipart', { 'content-type': 'multipart/form-data; boundary=B' }, '--B\r\nContent-Disposition: form-data; name="contract"\r\n\r\nR'],
  ];
  for (const [name, headers, body] of malformed) {
    it(`answers ${name} with a 4xx envelope`, async () => {
      const res = await fetch(`${t.url}/api/contract/activate`, { method: 'POST', headers, body });
      const envelope = (await res.json()) as { code: string; message: string };
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(envelope.code).toBe(String(res.status));
      expect(envelope.message).toMatch(/[a-záéíóúñ]/i);
    });
  }
});

describe('GET /api/contract/get-disclaimers', () => {
  function disclaimers(identifier: string, token: string | null) {
    return t.get<{ disclaimers: Disclaimer[] }>(
      `/api/contract/get-disclaimers?identifier=${encodeURIComponent(identifier)}`,
      { token },
    );
  }

  it('is refused to an anonymous caller (401) and to the owner of another account (403)', async () => {
    const { created } = await newContract();
    const anonymous = await disclaimers(created.identifier, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('401');
    const stranger = await makeOwner(t.db);
    const refused = await disclaimers(created.identifier, stranger.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: '403', message: 'No tienes permiso para realizar esta acción', data: {} });
  });

  it('answers 404 for an unknown memorial and 400 without an identifier', async () => {
    const { token } = await makeOwner(t.db);
    const unknown = await disclaimers('NoExiste99', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No encontramos este perfil');
    const missing = await t.get('/api/contract/get-disclaimers', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Indica el perfil');
  });

  it("shows the owner a pending contract's banner, then the operator's, in order", async () => {
    const { created } = await newContract();
    const token = await createUserSession(t.db, created.accountId, created.memorialId);
    await t.db
      .insertInto('disclaimers')
      .values([
        { memorialId: created.memorialId, type: 'R', title: 'Pago pendiente', descr: 'Tu cuota está pendiente.', createdAt: nowIso() },
        { memorialId: created.memorialId, type: 'W', title: 'Mantenimiento', descr: 'El domingo habrá mantenimiento.', createdAt: nowIso() },
      ])
      .execute();
    const res = await disclaimers(created.identifier, token);
    expect(res.status).toBe(200);
    const list = res.body.data.disclaimers;
    expect(list).toHaveLength(3);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['descr', 'title', 'type']);
    expect(list[0]).toMatchObject({ type: 'W', title: 'Activa tu contrato' });
    expect(list[0]?.descr).toContain(created.number);
    expect(list.slice(1)).toEqual([
      { type: 'R', title: 'Pago pendiente', descr: 'Tu cuota está pendiente.' },
      { type: 'W', title: 'Mantenimiento', descr: 'El domingo habrá mantenimiento.' },
    ]);
  });

  it('derives near-expiry (W) and expired (R) banners from the contract, and none for a healthy one', async () => {
    const today = limaDate();
    const cases: [string | null, 'active' | 'expired', Disclaimer['type'] | null, string | null][] = [
      [addDays(today, 10), 'active', 'W', 'Tu servicio está por vencer'],
      [addDays(today, 90), 'active', null, null],
      [null, 'active', null, null],
      [addDays(today, -1), 'active', 'R', 'Tu servicio ha vencido'],
      [addDays(today, 200), 'expired', 'R', 'Tu servicio ha vencido'],
    ];
    for (const [expiresOn, state, type, title] of cases) {
      const { created } = await newContract({ expiresOn: expiresOn ?? undefined });
      await t.db.updateTable('contracts').set({ state }).where('id', '=', created.contractId).execute();
      const token = await createUserSession(t.db, created.accountId, created.memorialId);
      const res = await disclaimers(created.identifier, token);
      expect(res.status).toBe(200);
      expect(res.body.data.disclaimers.map((d) => [d.type, d.title])).toEqual(type ? [[type, title]] : []);
    }
  });

  it('lets an owner read every memorial of the account, whatever the current one', async () => {
    const owner = await makeOwner(t.db);
    const second = await makeMemorial(t.db, owner.account.id);
    const res = await disclaimers(second.identifier, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.disclaimers).toEqual([]);
  });
});

describe('contracts made by the operator', () => {
  it('a second contract for the same e-mail adds a memorial to the same account', async () => {
    const first = await newContract({ email: 'familia-rojas@ejemplo.pe' });
    const second = await newContract({ email: 'familia-rojas@ejemplo.pe', person: 'Juana Rojas' });
    expect(second.created.accountId).toBe(first.created.accountId);
    expect(second.created.accountCreated).toBe(false);
    expect(second.created.identifier).not.toBe(first.created.identifier);
    expect(second.contract).not.toBe(first.contract);
    const memorials = await t.db
      .selectFrom('memorials')
      .select(['fullname', 'type'])
      .where('accountId', '=', first.created.accountId)
      .orderBy('id')
      .execute();
    expect(memorials).toEqual([
      { fullname: 'Pedro Rojas Cárdenas', type: 'P' },
      { fullname: 'Juana Rojas', type: 'P' },
    ]);
  });
});
