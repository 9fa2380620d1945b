// /api/internal/complaints: validation with the spec's messages, correlative numbers per year (also
// under concurrency), immutability, the e-mailed copies, the per-IP limit and the operator listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { auth, ipSequence, makeRoles, ROLES } from '../../../test/roles';
import { addBusinessDays } from './complaint.calendar';
import { COMPLAINT_COPY_LIMIT, COMPLAINT_LIMIT, fileComplaint, listComplaints } from './complaint.service';
import { formatComplaintList } from './complaint.presenter';

let t: TestServer;
const freshIp = ipSequence('192.168');

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1', CONTACT_EMAIL: 'libro@recuerdos.test' } });
});
afterAll(async () => {
  await t.close();
});

let consumers = 0;
// Each complaint from its own consumer unless told otherwise (copies are limited per recipient).
const complaint = (overrides: Record<string, string> = {}) => ({
  date: '22/11/2026',
  name: 'María',
  lastname: 'Huamán Quispe',
  email: `consumidor-${(consumers += 1)}@ejemplo.pe`,
  contract: 'RC-2026-0042',
  document: '45678912',
  phone: '987654321',
  type: '1',
  detail: 'No pude subir las fotos de mi padre.\nLo intenté varias veces.',
  order: 'Que revisen mi cuenta y me ayuden a publicar las fotos.',
  ...overrides,
});

const file = (fields: Record<string, string>, ip = freshIp()) =>
  t.post<{ number: string }>('/api/internal/complaints', fields, { headers: { 'x-forwarded-for': ip } });

describe('complaints book', () => {
  it('refuses each missing field with the spec message and stores nothing', async () => {
    const messages: [string, string][] = [
      ['date', 'Ingresa la fecha'],
      ['name', 'Ingresa tu nombre'],
      ['lastname', 'Ingresa tus apellidos'],
      ['email', 'Ingresa tu email'],
      ['contract', 'Ingresa tu número de contrato'],
      ['document', 'Ingresa tu número de documento'],
      ['phone', 'Ingresa tu número de teléfono'],
      ['type', 'Ingresa el tipo'],
      ['detail', 'Ingresa el detalle de la reclamación'],
      ['order', 'Ingresa el pedido del consumidor'],
    ];
    for (const [field, message] of messages) {
      const res = await file(complaint({ [field]: '' }));
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await file(complaint({ email: 'maria@' }))).body.message).toBe('Correo electrónico inválido');
    expect((await file(complaint({ type: '3' }))).body.message).toBe('Ingresa el tipo');
    expect((await file(complaint({ date: '2026-11-22' }))).body.message).toBe('Ingresa la fecha en el formato dd/mm/aaaa');
    expect(await listComplaints(t.ctx)).toEqual([]);
  });

  it('numbers complaints per year, stores them with date, time and deadline, and e-mails both copies', async () => {
    const year = limaDate().slice(0, 4);
    const first = await file(complaint({ email: 'maria.huaman@ejemplo.pe' }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: '200', message: 'Tu Reclamo o Queja se envió con éxito', data: { number: `${year}-000001` } });
    const second = await file(complaint({ type: '2', email: 'jose@ejemplo.pe', name: 'José' }));
    expect(second.body.data.number).toBe(`${year}-000002`);

    const [row] = await listComplaints(t.ctx);
    expect(row).toMatchObject({
      number: `${year}-000001`,
      year: Number(year),
      seq: 1,
      consumerDate: '22/11/2026',
      name: 'María',
      type: '1',
      request: 'Que revisen mi cuenta y me ayuden a publicar las fotos.',
      dueOn: addBusinessDays(limaDate(), 15),
    });
    expect(row?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const copy = await t.mail((m) => m.to.includes('maria.huaman@ejemplo.pe'));
    expect(copy.subject).toBe(`Libro de Reclamaciones: tu reclamo N.° ${year}-000001`);
    for (const text of [`${year}-000001`, 'Huamán Quispe', 'RC-2026-0042', '45678912', '987654321', 'Reclamo', 'No pude subir las fotos de mi padre.', 'Que revisen mi cuenta', '22/11/2026', 'INDECOPI']) {
      expect(copy.text).toContain(text);
    }
    expect(copy.text).toMatch(/Fecha y hora de registro: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const business = await t.mail((m) => m.to.includes('libro@recuerdos.test') && m.subject.includes(`${year}-000002`));
    expect(business.subject).toBe(`Nueva queja N.° ${year}-000002 en el Libro de Reclamaciones`);
    expect(business.text).toContain('José Huamán Quispe registró una queja en el Libro de Reclamaciones.');
    expect(business.text).toContain('jose@ejemplo.pe');
  });

  it('gives distinct consecutive numbers to complaints filed at the same moment', async () => {
    const before = (await listComplaints(t.ctx)).length;
    const results = await Promise.all(Array.from({ length: 12 }, () => file(complaint())));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
    const seqs = (await listComplaints(t.ctx)).map((c) => c.seq);
    expect(seqs).toEqual(Array.from({ length: before + 12 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.body.data.number)).size).toBe(12);
  });

  it('starts each year at 000001 (by Lima time)', async () => {
    const newYear = await fileComplaint(t.ctx, freshIp(), { ...complaint(), type: '1' }, new Date('2031-01-01T05:00:00.000Z'));
    expect(newYear.number).toBe('2031-000001');
    // 03:00 UTC on 1 January is still 31 December in Lima.
    const lastNight = await fileComplaint(t.ctx, freshIp(), { ...complaint(), type: '1' }, new Date('2031-01-01T03:00:00.000Z'));
    expect(lastNight.number).toBe('2030-000001');
    expect(lastNight.dueOn).toBe(addBusinessDays('2030-12-31', 15));
  });

  it('keeps complaints unchangeable, even for code that tries', async () => {
    const [row] = await listComplaints(t.ctx);
    await expect(t.db.updateTable('complaints').set({ detail: 'cambiado' }).where('id', '=', row?.id ?? 0).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.deleteFrom('complaints').execute()).rejects.toThrow(/immutable/);
    expect((await listComplaints(t.ctx))[0]).toEqual(row);
  });

  it('limits complaints per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < COMPLAINT_LIMIT.max; i++) expect((await file(complaint(), ip)).status).toBe(200);
    const refused = await file(complaint(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo');
    expect((await file(complaint(), freshIp())).status).toBe(200);
  });

  it('counts before it files: 12 complaints started at once from one address file 5', async () => {
    const before = (await listComplaints(t.ctx)).length;
    const ip = freshIp();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => fileComplaint(t.ctx, ip, { ...complaint(), type: '1' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(COMPLAINT_LIMIT.max);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { statusCode?: number }).statusCode === 429)).toHaveLength(12 - COMPLAINT_LIMIT.max);
    expect(await listComplaints(t.ctx)).toHaveLength(before + COMPLAINT_LIMIT.max);
  });

  it('sends at most 3 copies a day to one recipient, from whatever addresses, and files nothing more', async () => {
    const target = 'bandeja-ajena@ejemplo.pe';
    for (let i = 0; i < COMPLAINT_COPY_LIMIT.max; i++) expect((await file(complaint({ email: target }))).status).toBe(200);
    const before = (await listComplaints(t.ctx)).length;
    const ip = freshIp();
    const refused = await file(complaint({ email: target }), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Hoy ya enviamos varias constancias de reclamos a este correo electrónico. Inténtalo de nuevo mañana o comunícate con nosotros por teléfono',
    );
    expect(await listComplaints(t.ctx)).toHaveLength(before);
    await t.mailsSent();
    expect(t.smtp.to(target)).toHaveLength(COMPLAINT_COPY_LIMIT.max);
    // The refused request did not spend its address's allowance.
    for (let i = 0; i < COMPLAINT_LIMIT.max; i++) expect((await file(complaint(), ip)).status).toBe(200);
    // Eleven complaints and their e-mails through the outbox: slow on a busy machine, not stuck.
  }, 90_000);

  it('accepts each field at its limit and refuses one character more', async () => {
    for (const [field, max] of [['name', 60], ['lastname', 80], ['contract', 40], ['document', 20], ['phone', 20], ['detail', 3000], ['order', 2000]] as const) {
      expect((await file(complaint({ [field]: 'a'.repeat(max) }), freshIp())).status, field).toBe(200);
      const over = await file(complaint({ [field]: 'a'.repeat(max + 1) }));
      expect(over.status, field).toBe(400);
      expect(over.body.message).toBe('El texto es demasiado largo');
    }
  });

  it('takes complaints from anyone, whatever session they hold', async () => {
    const roles = await makeRoles(t.db);
    for (const role of ROLES) {
      const res = await t.post<{ number: string }>('/api/internal/complaints', complaint(), { ...auth(roles, role), headers: { 'x-forwarded-for': freshIp() } });
      expect(res.status, role).toBe(200);
    }
  });

  it('lists complaints for the operator with their deadlines', async () => {
    const rows = await listComplaints(t.ctx);
    const text = formatComplaintList(rows, limaDate());
    expect(text.split('\n')[0]).toMatch(/^Número\s+Registrado \(Lima\)\s+Tipo\s+Consumidor/);
    expect(text).toContain(rows[0]?.number ?? '?');
    expect(text).toContain('quedan 15 días hábiles');
  });
});
