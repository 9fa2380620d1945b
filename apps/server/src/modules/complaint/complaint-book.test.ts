// The complaints book in the back office (issue 15 §3): deadlines in business days with a holiday
// an operator adds, due-soon and overdue standing out, the answer e-mailed to the consumer and never
// editable (a second answer and an UPDATE are refused; a note is a new entry), the year's CSV and
// PDF (both parsed back), the operators' daily e-mail, and the audit entries of each action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminComplaint, AdminComplaintDetail, AdminHoliday } from '@recuerdos/shared/admin-api-types';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { asOperator, makeOperator, operatorToken, type TestOperator } from '../../../test/operators';
import { pdfText } from '../../../test/pdf';
import { sendComplaintDeadlineDigest } from '../../jobs/complaint-deadline-digest';
import { addBusinessDays, businessDaysBetween } from './complaint.calendar';
import { fileComplaint } from './complaint.service';
import { csvCell } from './complaint.export';

let t: TestServer;
let operator: TestOperator;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ env: { LEGAL_NAME: 'Camposanto Señor de la Esperanza S.A.C.' } });
  operator = await makeOperator(t.db, { name: 'Lucía Ñañez' });
  token = await operatorToken(t.db, operator);
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
const complaint = (overrides: Record<string, string> = {}) => ({
  date: '20/07/2026',
  name: 'José',
  lastname: 'Peña Ibáñez',
  email: `jose.${++ipSeq}@ejemplo.pe`,
  contract: 'REC-2026-00042',
  document: '45678912',
  phone: '+51 987 654 321',
  type: '1' as const,
  detail: '¿Por qué no aparecen las fotos? ¡Las subí dos veces! Año, niño, acción.',
  order: '=HYPERLINK("x") que revisen la cuenta',
  ...overrides,
});

/** A complaint filed at a given instant (Lima time decides its year and deadline). */
const fileAt = (at: string, overrides: Record<string, string> = {}) => fileComplaint(t.ctx, `10.1.0.${++ipSeq % 250}`, complaint(overrides), new Date(at));

const as = () => asOperator(token);
const auditOf = (action: string) => t.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();

async function raw(path: string): Promise<Response> {
  return fetch(t.url + path, { headers: { operator: token } });
}

describe('deadlines and holidays', () => {
  it('counts 15 business days in Lima, moved by a holiday an operator adds, and back when removed', async () => {
    // Filed Monday 20 July 2030, 10:00 in Lima.
    const filed = await fileAt('2030-07-20T15:00:00.000Z');
    const before = addBusinessDays('2030-07-20', 15);
    const read = async () => (await t.get<{ complaint: AdminComplaintDetail }>(`/api/admin/complaints/${filed.number}`, as())).body.data.complaint;
    expect((await read()).dueOn).toBe(before);

    // Congress declares Tuesday 30 July 2030 a holiday.
    const added = await t.post<{ holidays: AdminHoliday[] }>('/api/admin/holidays', { date: '2030-07-30', name: 'Feriado por el Bicentenario' }, as());
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Feriado agregado. Los plazos se recalcularon');
    expect(added.body.data.holidays).toEqual([{ date: '2030-07-30', name: 'Feriado por el Bicentenario', createdBy: operator.email, createdAt: expect.any(String) as string }]);
    const after = await read();
    expect(after.dueOn).toBe(addBusinessDays(before, 1));
    expect(after.dueOnAtFiling).toBe(before);
    // A complaint filed now gets the new deadline in its own copy too.
    const later = await fileAt('2030-07-22T15:00:00.000Z');
    expect(later.dueOn).toBe(addBusinessDays(addBusinessDays('2030-07-22', 15), 1));

    const dup = await t.post('/api/admin/holidays', { date: '2030-07-30', name: 'Otra vez' }, as());
    expect(dup.status).toBe(409);
    expect((await t.post('/api/admin/holidays', { date: '2030-07-28', name: 'Fiestas Patrias' }, as())).body.message).toBe('Ese día ya es feriado');
    expect((await t.post('/api/admin/holidays', { date: '2030-08-03', name: 'Sábado' }, as())).status).toBe(409);
    expect((await t.post('/api/admin/holidays', { date: '2030-02-30', name: 'x' }, as())).body.message).toBe('Ingresa una fecha válida (aaaa-mm-dd)');

    const removed = await t.post<{ holidays: AdminHoliday[] }>('/api/admin/holidays/2030-07-30/remove', {}, as());
    expect(removed.body.data.holidays).toEqual([]);
    expect((await read()).dueOn).toBe(before);
    const [addedEntry] = await auditOf('holiday.added');
    expect(addedEntry).toMatchObject({ operatorEmail: operator.email, target: '2030-07-30', ip: '127.0.0.1' });
    expect(JSON.parse(addedEntry?.detail ?? '{}')).toEqual({ name: 'Feriado por el Bicentenario' });
    expect(await auditOf('holiday.removed')).toHaveLength(1);
  });

  it('marks unanswered complaints due within 3 business days or overdue, and lists them under "attention"', async () => {
    const today = limaDate();
    const overdue = await fileAt(new Date(Date.now() - 40 * 86_400_000).toISOString());
    // Received so that 2 business days are left.
    let received = today;
    while (businessDaysBetween(received, today) < 13) received = new Date(Date.parse(`${received}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const soon = await fileAt(`${received}T17:00:00.000Z`);
    const fresh = await fileAt(new Date().toISOString());
    const list = await t.get<{ complaints: AdminComplaint[] }>('/api/admin/complaints?status=attention', as());
    const byNumber = new Map(list.body.data.complaints.map((c) => [c.number, c]));
    expect(byNumber.get(overdue.number)).toMatchObject({ urgency: 'overdue', status: 'received', typeLabel: 'Reclamo', consumer: 'José Peña Ibáñez' });
    expect(byNumber.get(overdue.number)?.businessDaysLeft).toBeLessThan(0);
    expect(byNumber.get(soon.number)).toMatchObject({ urgency: 'due-soon' });
    expect(byNumber.get(soon.number)?.businessDaysLeft).toBeLessThanOrEqual(3);
    expect(byNumber.has(fresh.number)).toBe(false);

    // The daily e-mail to every operator names both, and nothing else.
    const other = await makeOperator(t.db, { email: 'turno.noche@recuerdos.test', name: 'Pedro' });
    const sent = await sendComplaintDeadlineDigest(t.ctx);
    expect(sent.complaints).toBeGreaterThanOrEqual(2);
    await t.mailsSent();
    const mail = await t.mail((m) => m.to.includes(other.email) && m.subject.startsWith('Libro de Reclamaciones:'));
    expect(mail.subject).toMatch(/vencido/);
    expect(mail.text).toContain('Hola, Pedro:');
    expect(mail.text).toContain(overdue.number);
    expect(mail.text).toContain(soon.number);
    expect(mail.text).not.toContain(fresh.number);
    expect(mail.text).toContain('http://recuerdos.test/admin/complaints');
    expect(t.smtp.to(operator.email).some((m) => m.subject === mail.subject)).toBe(true);

    // Once answered, a complaint no longer needs attention.
    await t.post(`/api/admin/complaints/${overdue.number}/answer`, { text: 'Respondido tarde, con disculpas.' }, as());
    const again = await t.get<{ complaints: AdminComplaint[] }>('/api/admin/complaints?status=attention', as());
    expect(again.body.data.complaints.map((c) => c.number)).not.toContain(overdue.number);
  });

  it('sends no daily e-mail when nothing needs attention', async () => {
    const quiet = await startTestServer();
    await makeOperator(quiet.db);
    expect(await sendComplaintDeadlineDigest(quiet.ctx)).toEqual({ complaints: 0, sentTo: 0 });
    await quiet.close();
  });
});

describe('answering', () => {
  it('records the answer next to the untouched complaint, e-mails it, and never lets it change', async () => {
    const filed = await fileAt(new Date().toISOString(), { name: 'Ana', email: 'ana.reclamo@ejemplo.pe' });
    const stored = await t.db.selectFrom('complaints').selectAll().where('id', '=', filed.id).executeTakeFirstOrThrow();

    const empty = await t.post(`/api/admin/complaints/${filed.number}/answer`, { text: '   ' }, as());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Escribe la respuesta');

    const text = 'Revisamos tu cuenta: las fotos ya están publicadas. Disculpa las molestias.';
    const res = await t.post<{ complaint: AdminComplaintDetail }>(`/api/admin/complaints/${filed.number}/answer`, { text }, as());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Respuesta registrada y enviada al consumidor');
    const detail = res.body.data.complaint;
    expect(detail.status).toBe('answered');
    expect(detail.urgency).toBeNull();
    expect(detail.entries).toEqual([{ kind: 'answer', text, operatorName: 'Lucía Ñañez', emailedTo: 'ana.reclamo@ejemplo.pe', createdAt: expect.any(String) as string }]);

    const mail = await t.mail((m) => m.to.includes('ana.reclamo@ejemplo.pe') && m.subject.startsWith('Respuesta'));
    expect(mail.subject).toBe(`Respuesta a tu reclamo N.° ${filed.number}`);
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain(text);
    expect(mail.text).toContain('Atendido por: Lucía Ñañez, Camposanto Señor de la Esperanza S.A.C.');
    expect(mail.text).toContain(filed.number);

    // A second answer ("an edit") is refused, and nothing is sent.
    const edit = await t.post(`/api/admin/complaints/${filed.number}/answer`, { text: 'Otra respuesta' }, as());
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Este reclamo ya tiene una respuesta, y una respuesta no se puede modificar. Si necesitas añadir algo, agrega una nota');
    // Nor can code change or remove it.
    await expect(t.db.updateTable('complaintEntries').set({ text: 'cambiado' }).where('complaintId', '=', filed.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.deleteFrom('complaintEntries').where('complaintId', '=', filed.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.deleteFrom('complaints').where('id', '=', filed.id).execute()).rejects.toThrow(/immutable/);

    // A later note is a new entry; it reaches the consumer only when asked.
    const internal = await t.post<{ complaint: AdminComplaintDetail }>(`/api/admin/complaints/${filed.number}/notes`, { text: 'Llamamos por teléfono.' }, as());
    expect(internal.body.message).toBe('Nota agregada');
    const sentNote = await t.post<{ complaint: AdminComplaintDetail }>(`/api/admin/complaints/${filed.number}/notes`, { text: 'Te enviamos también el enlace.', notify: '1' }, as());
    expect(sentNote.body.message).toBe('Nota agregada y enviada al consumidor');
    expect(sentNote.body.data.complaint.entries.map((e) => [e.kind, e.text, e.emailedTo])).toEqual([
      ['answer', text, 'ana.reclamo@ejemplo.pe'],
      ['note', 'Llamamos por teléfono.', null],
      ['note', 'Te enviamos también el enlace.', 'ana.reclamo@ejemplo.pe'],
    ]);
    await t.mail((m) => m.to.includes('ana.reclamo@ejemplo.pe') && m.subject.startsWith('Información sobre tu reclamo'));
    await t.mailsSent();
    expect(t.smtp.to('ana.reclamo@ejemplo.pe').map((m) => m.subject.split(' ')[0])).toEqual(['Libro', 'Respuesta', 'Información']);

    expect(await t.db.selectFrom('complaints').selectAll().where('id', '=', filed.id).executeTakeFirstOrThrow()).toEqual(stored);
    const answered = (await auditOf('complaint.answered')).find((e) => e.target === filed.number);
    expect(answered).toMatchObject({ operatorEmail: operator.email, operatorId: operator.id, ip: '127.0.0.1' });
    expect((await auditOf('complaint.note-added')).filter((e) => e.target === filed.number)).toHaveLength(2);
    expect((await t.get(`/api/admin/complaints/2026-999999`, as())).status).toBe(404);
  });
});

describe('export of the year', () => {
  it('writes every complaint of the year as CSV, with answers and notes', async () => {
    const a = await fileAt('2029-03-10T15:00:00.000Z', { name: 'Ñusta', lastname: 'Álvarez', detail: 'Línea 1\nLínea 2, con "comillas"' });
    const b = await fileAt('2029-05-02T15:00:00.000Z', { type: '2' });
    await fileAt('2028-12-31T15:00:00.000Z');
    await t.post(`/api/admin/complaints/${a.number}/answer`, { text: 'Respuesta ¿completa? ¡Sí!' }, as());

    const res = await raw('/api/admin/complaints/export.csv?year=2029');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="libro-de-reclamaciones-2029.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]?.[0]).toBe('Número');
    expect(rows).toHaveLength(3);
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const first = rows[1] ?? [];
    expect(first[col('Número')]).toBe(a.number);
    expect(first[col('Nombres')]).toBe('Ñusta');
    expect(first[col('Detalle')]).toBe('Línea 1\nLínea 2, con "comillas"');
    expect(first[col('Estado')]).toBe('Respondido');
    expect(first[col('Respondido por')]).toBe('Lucía Ñañez');
    expect(first[col('Respuesta')]).toBe('Respuesta ¿completa? ¡Sí!');
    expect(first[col('Teléfono')]).toBe("'+51 987 654 321");
    expect(first[col('Pedido del consumidor')]).toBe(`'=HYPERLINK("x") que revisen la cuenta`);
    expect(rows[2]?.[col('Tipo')]).toBe('Queja');
    expect(rows[2]?.[col('Número')]).toBe(b.number);
    expect(rows[2]?.[col('Estado')]).toBe('Recibido');
    expect(csvCell('-2')).toBe("'-2");
    const exported = await auditOf('complaint.exported');
    expect(exported.at(-1)).toMatchObject({ target: '2029' });
    expect(JSON.parse(exported.at(-1)?.detail ?? '{}')).toEqual({ format: 'csv', complaints: 2 });
  });

  it('prints the year as a PDF whose text, Spanish letters included, reads back', async () => {
    const res = await raw('/api/admin/complaints/export.pdf?year=2029');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const latin1 = Buffer.from(bytes).toString('latin1');
    const { pages, text } = await pdfText(bytes.slice());
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Libro de Reclamaciones 2029');
    expect(text).toContain('Camposanto Señor de la Esperanza S.A.C.');
    expect(text).toContain('Ñusta Álvarez');
    expect(text).toContain('¿Por qué no aparecen las fotos? ¡Las subí dos veces! Año, niño, acción.');
    expect(text).toContain('Respuesta ¿completa? ¡Sí!');
    expect(text).toContain('Queja N.°');
    expect(text).toMatch(/Página 1 de \d+/);
    // The font is embedded (not one of the 14 standard fonts).
    expect(latin1).toMatch(/\/FontFile[23]? /);
    expect(latin1).not.toMatch(/\/BaseFont \/Helvetica/);

    const none = await pdfText(new Uint8Array(await (await raw('/api/admin/complaints/export.pdf?year=2001')).arrayBuffer()));
    expect(none.text).toContain('No hay reclamos ni quejas registrados en 2001.');
    expect((await t.get('/api/admin/complaints/export.pdf?year=20x1', as())).body.message).toBe('Elige un año válido');
  });
});

/** RFC 4180 reader for the test (quoted fields with commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch ?? '';
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch ?? '';
  }
  return rows;
}
