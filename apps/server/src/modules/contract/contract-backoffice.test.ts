// Contracts in the back office (issue 15 §2): search by number, e-mail, owner name or memorial
// name; detail; creation as `admin create-contract` does (the activation e-mail read back); the
// activation e-mail again (the new link works, the old one not); the end date and renewal; and
// disclaimers shown to the owner — each action in the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContract, AdminContractDetail } from '@recuerdos/shared/admin-api-types';
import type { Disclaimer } from '@recuerdos/shared/api-types';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { asOperator, makeOperator, operatorToken, type TestOperator } from '../../../test/operators';
import { createUserSession } from '../../auth/sessions';
import { createContract } from './contract.service';

let t: TestServer;
let operator: TestOperator;
let token: string;
const as = () => asOperator(token);
const auditOf = (action: string, target: string) =>
  t.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('target', '=', target).orderBy('id').execute();

beforeAll(async () => {
  t = await startTestServer();
  operator = await makeOperator(t.db);
  token = await operatorToken(t.db, operator);
});
afterAll(async () => {
  await t.close();
});

const search = async (q: string) => (await t.get<{ contracts: AdminContract[] }>(`/api/admin/contracts?q=${encodeURIComponent(q)}`, as())).body.data.contracts;
const detail = async (number: string) => (await t.get<{ contract: AdminContractDetail }>(`/api/admin/contracts/${number}`, as())).body.data.contract;

describe('contracts in the back office', () => {
  it('finds a contract by number, owner e-mail, owner name or memorial name, in any case', async () => {
    const a = await createContract({ db: t.db, config: t.config }, { email: 'carmen.quispe@ejemplo.pe', name: 'Carmen', lastname: 'Quispe Rojas', person: 'Teodoro Huamán Salas' });
    const b = await createContract({ db: t.db, config: t.config }, { email: 'otro_cliente@ejemplo.pe', name: 'Mario', lastname: 'Vargas', person: 'Elena Vargas' });
    for (const q of [a.number, a.number.toLowerCase(), 'carmen.quispe@', 'QUISPE ROJAS', 'carmen quispe', 'teodoro huamán', 'Huamán Salas']) {
      expect((await search(q)).map((c) => c.number), q).toEqual([a.number]);
    }
    // '_' and '%' are letters, not wildcards.
    expect((await search('otro_')).map((c) => c.number)).toEqual([b.number]);
    expect(await search('%')).toEqual([]);
    expect((await search('')).length).toBeGreaterThanOrEqual(2);
    const [found] = await search(a.number);
    expect(found).toEqual({
      number: a.number,
      state: 'pending',
      createdAt: expect.any(String) as string,
      activatedAt: null,
      expiresOn: null,
      owner: { email: 'carmen.quispe@ejemplo.pe', name: 'Carmen', lastname: 'Quispe Rojas' },
      memorial: { identifier: a.identifier, fullname: 'Teodoro Huamán Salas', type: 'P' },
    });
    expect((await t.get(`/api/admin/contracts?q=${'x'.repeat(121)}`, as())).body.message).toBe('La búsqueda es demasiado larga');
  });

  it('creates a contract as the command line does, and e-mails the activation link', async () => {
    const bad = await t.post('/api/admin/contracts', { email: 'no-es-correo', name: 'Ana', lastname: 'Rojas', person: 'Luis' }, as());
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Correo electrónico inválido');
    const res = await t.post<{ contract: { number: string; identifier: string; email: string } }>(
      '/api/admin/contracts',
      { email: 'Nueva.Clienta@Ejemplo.pe', name: 'Ana', lastname: 'Rojas', person: 'Luis Rojas Pérez', expiresOn: '2035-06-30' },
      as(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contrato creado. Enviamos el enlace de activación por correo');
    const { number } = res.body.data.contract;
    expect(number).toMatch(/^REC-\d{4}-\d{5}$/);
    expect(JSON.stringify(res.body.data)).not.toContain('token');
    const mail = await t.mail((m) => m.to.includes('nueva.clienta@ejemplo.pe'));
    expect(mail.subject).toBe('Activa tu contrato de Recuerdos');
    const link = findLink(mail.text, 'http://recuerdos.test/activate-account?contract=');
    const url = new URL(link);
    expect((await t.post('/api/contract/activate', { contract: url.searchParams.get('contract') ?? '', token: url.searchParams.get('token') ?? '' })).status).toBe(200);
    const d = await detail(number);
    expect(d).toMatchObject({ state: 'active', expiresOn: '2035-06-30', memorial: { fullname: 'Luis Rojas Pérez', type: 'P' } });
    expect(d.guestUrl).toBe(`http://recuerdos.test/guest?id=${d.memorial.identifier}`);
    const [entry] = await auditOf('contract.created', number);
    expect(entry).toMatchObject({ operatorEmail: operator.email, ip: '127.0.0.1' });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ email: 'nueva.clienta@ejemplo.pe', person: 'Luis Rojas Pérez', expiresOn: '2035-06-30' });
  });

  it('sends the activation e-mail again: the new link works, the earlier one not', async () => {
    const created = await createContract({ db: t.db, config: t.config }, { email: 'reenvio@ejemplo.pe', name: 'Rosa', lastname: 'Soto', person: 'Julia Soto' });
    const oldToken = new URL(created.activationUrl).searchParams.get('token') ?? '';
    const res = await t.post(`/api/admin/contracts/${created.number}/resend-activation`, {}, as());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Enviamos de nuevo el enlace de activación');
    const mail = await t.mail((m) => m.to.includes('reenvio@ejemplo.pe'));
    const fresh = new URL(findLink(mail.text, 'http://recuerdos.test/activate-account?contract=')).searchParams.get('token') ?? '';
    expect(fresh).not.toBe(oldToken);
    expect((await t.post('/api/contract/activate', { contract: created.number, token: oldToken })).status).toBe(400);
    expect((await t.post('/api/contract/activate', { contract: created.number, token: fresh })).status).toBe(200);
    const again = await t.post(`/api/admin/contracts/${created.number}/resend-activation`, {}, as());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Este contrato ya fue activado: no necesita el enlace de activación');
    expect(await auditOf('contract.activation-resent', created.number)).toHaveLength(1);
    expect((await t.post('/api/admin/contracts/REC-1999-00001/resend-activation', {}, as())).status).toBe(404);
  });

  it('changes the end date; an ended contract renewed is live again, and the owner sees it', async () => {
    const created = await createContract({ db: t.db, config: t.config }, { email: 'fin@ejemplo.pe', name: 'Raúl', lastname: 'Díaz', person: 'Olga Díaz', expiresOn: '2020-01-31' });
    await t.db.updateTable('contracts').set({ state: 'expired', activatedAt: new Date().toISOString() }).where('number', '=', created.number).execute();
    const ownerToken = await createUserSession(t.db, created.accountId, created.memorialId);
    const banners = async () => (await t.get<{ disclaimers: Disclaimer[] }>(`/api/contract/get-disclaimers?identifier=${created.identifier}`, { token: ownerToken })).body.data.disclaimers;
    expect((await banners()).map((b) => b.title)).toEqual(['Tu servicio ha vencido']);
    expect((await detail(created.number)).state).toBe('expired');

    const bad = await t.post(`/api/admin/contracts/${created.number}/end-date`, { expiresOn: '31/12/2030' }, as());
    expect(bad.body.message).toBe('Ingresa una fecha válida (aaaa-mm-dd)');
    const res = await t.post<{ contract: AdminContractDetail }>(`/api/admin/contracts/${created.number}/end-date`, { expiresOn: '2040-12-31' }, as());
    expect(res.status).toBe(200);
    expect(res.body.data.contract).toMatchObject({ state: 'active', expiresOn: '2040-12-31' });
    expect(await banners()).toEqual([]);
    // No end at all.
    expect((await t.post<{ contract: AdminContractDetail }>(`/api/admin/contracts/${created.number}/end-date`, { expiresOn: '' }, as())).body.data.contract.expiresOn).toBeNull();
    // Before the contract began: refused.
    expect((await t.post(`/api/admin/contracts/${created.number}/end-date`, { expiresOn: '2000-01-01' }, as())).body.message).toBe('La fecha de fin no puede ser anterior a la creación del contrato');
    const entries = await auditOf('contract.end-date-changed', created.number);
    expect(entries.map((e) => JSON.parse(e.detail) as unknown)).toEqual([
      { from: '2020-01-31', to: '2040-12-31', stateBefore: 'expired', stateAfter: 'active' },
      { from: '2040-12-31', to: null, stateBefore: 'active', stateAfter: 'active' },
    ]);
    expect(limaDate() < '2040-12-31').toBe(true);
  });

  it('adds and removes disclaimers the owner sees under the navbar', async () => {
    const created = await createContract({ db: t.db, config: t.config }, { email: 'aviso@ejemplo.pe', name: 'Inés', lastname: 'Luna', person: 'Pablo Luna' });
    const ownerToken = await createUserSession(t.db, created.accountId, created.memorialId);
    const banners = async () => (await t.get<{ disclaimers: Disclaimer[] }>(`/api/contract/get-disclaimers?identifier=${created.identifier}`, { token: ownerToken })).body.data.disclaimers;
    const missing = await t.post(`/api/admin/contracts/${created.number}/disclaimers`, { type: 'X', title: '', descr: '' }, as());
    expect(missing.body.message).toBe('Elige el tipo de aviso');
    const added = await t.post<{ contract: AdminContractDetail }>(`/api/admin/contracts/${created.number}/disclaimers`, { type: 'R', title: 'Pago pendiente', descr: 'Tu cuota de junio está pendiente.' }, as());
    expect(added.status).toBe(200);
    const [disclaimer] = added.body.data.contract.disclaimers;
    expect(disclaimer).toMatchObject({ type: 'R', title: 'Pago pendiente' });
    expect(await banners()).toContainEqual({ type: 'R', title: 'Pago pendiente', descr: 'Tu cuota de junio está pendiente.' });

    // A disclaimer of another contract's memorial cannot be removed through this one.
    const other = await createContract({ db: t.db, config: t.config }, { email: 'aviso2@ejemplo.pe', name: 'X', lastname: 'Y', person: 'Z' });
    expect((await t.post(`/api/admin/contracts/${other.number}/disclaimers/${disclaimer?.id ?? 0}/remove`, {}, as())).status).toBe(404);
    const removed = await t.post<{ contract: AdminContractDetail }>(`/api/admin/contracts/${created.number}/disclaimers/${disclaimer?.id ?? 0}/remove`, {}, as());
    expect(removed.body.data.contract.disclaimers).toEqual([]);
    expect((await banners()).filter((b) => b.title === 'Pago pendiente')).toEqual([]);
    expect((await auditOf('disclaimer.added', created.number)).length).toBe(1);
    expect(JSON.parse((await auditOf('disclaimer.removed', created.number))[0]?.detail ?? '{}')).toMatchObject({ title: 'Pago pendiente' });
  });
});
