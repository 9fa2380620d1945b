// Reports and takedown (issue 15 §4): a visitor reports a memory (reason required, limited per
// address, only what they can see); the operators' queue shows it in context; hiding it e-mails the
// owner why, moves its media off the public address, leaves it out of every list visitors read
// (the API, the one-read guest view, the server-rendered page, the archive) while the owner still
// sees it, marked hidden, and the row is kept; dismissing leaves it visible. Each action is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport } from '@recuerdos/shared/admin-api-types';
import type { Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { file, pictureBytes } from '../../../test/media-fixtures';
import { asOperator, makeOperator, operatorToken, type TestOperator } from '../../../test/operators';
import type { Memorial } from '../../db/schema';
import { insertPost } from '../content/content.repository';
import { publishedPosts } from '../export/export.repository';
import { REPORT_LIMIT } from './report.service';

let t: TestServer;
let operator: TestOperator;
let opToken: string;
let owner: Awaited<ReturnType<typeof makeOwner>>;
let memorial: Memorial;
let picturePost: { reg: string; path: string };
let guestPostReg: string;

const visitor = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const report = (fields: Record<string, string>, options: Parameters<TestServer['post']>[2] = visitor('172.16.5.1')) =>
  t.post('/api/content/report-post', { identifier: memorial.identifier, ...fields }, options);
const queue = async (status = 'open') => (await t.get<{ reports: AdminReport[] }>(`/api/admin/reports?status=${status}`, asOperator(opToken))).body.data.reports;
const guestList = async () => (await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`)).body.data.posts;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1', CONTACT_EMAIL: 'ayuda@recuerdos.test' } });
  owner = await makeOwner(t.db, { memorial: { type: 'U', fullname: 'Rosa Mamani Huamán' }, account: { name: 'Carmen', email: 'carmen.familia@ejemplo.pe' } });
  memorial = owner.memorial;
  const saved = await t.post<{ data: { path: string; reg: string } }>(
    '/api/content/save-admin-message',
    { identifier: memorial.identifier, message: 'Mamá en la playa, 1985', postPicture: file(await pictureBytes(), 'foto.jpg', 'image/jpeg') },
    { token: owner.token },
  );
  expect(saved.status).toBe(200);
  picturePost = saved.body.data.data;
  const guestPost = await insertPost(t.db, { memorialId: memorial.id, authorKind: 'guest', authorName: 'Vecino', authorEmail: null, text: 'Un recuerdo de la vecina', mediaKey: null, mediaKind: null, state: 'approved', approvedAt: new Date().toISOString() });
  guestPostReg = guestPost.reg;
  operator = await makeOperator(t.db, { name: 'Lucía Torres' });
  opToken = await operatorToken(t.db, operator);
});
afterAll(async () => {
  await t.close();
});

describe('a visitor reports a memory', () => {
  it('needs a reason, and details for "other"', async () => {
    const none = await report({ date: picturePost.reg });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Elige el motivo del reporte');
    const other = await report({ date: picturePost.reg, reason: 'other' });
    expect(other.body.message).toBe('Cuéntanos el motivo del reporte');
    expect((await report({ date: '2001-01-01 00:00:00.000', reason: 'spam' })).status).toBe(404);
  });

  it('is taken from anyone who can see the memory, but not from its owner', async () => {
    const res = await report({ date: picturePost.reg, reason: 'offensive', details: 'Es una foto que no corresponde.' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Gracias. Nuestro equipo revisará este recuerdo');
    expect((await report({ date: picturePost.reg, reason: 'spam' }, { token: owner.token, headers: { 'x-forwarded-for': '172.16.5.2' } })).status).toBe(403);

    // A private memorial: its guests may report, other visitors must give the code first.
    const privateOwner = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave' } });
    const post = await insertPost(t.db, { memorialId: privateOwner.memorial.id, authorKind: 'owner', authorName: 'Familia', authorEmail: null, text: 'x', mediaKey: null, mediaKind: null, state: 'approved', approvedAt: null });
    const fields = { identifier: privateOwner.memorial.identifier, date: post.reg, reason: 'spam' };
    expect((await t.post('/api/content/report-post', fields, visitor('172.16.5.3'))).status).toBe(401);
    const guest = await makeGuestToken(t.db, privateOwner.memorial);
    expect((await t.post('/api/content/report-post', fields, { guest, ...visitor('172.16.5.3') })).status).toBe(200);
    // A pending memory is nobody's to report.
    const pending = await insertPost(t.db, { memorialId: privateOwner.memorial.id, authorKind: 'guest', authorName: 'A', authorEmail: null, text: 'y', mediaKey: null, mediaKind: null, state: 'pending', approvedAt: null });
    expect((await t.post('/api/content/report-post', { ...fields, date: pending.reg }, { guest, ...visitor('172.16.5.3') })).status).toBe(404);
  });

  it('is limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= REPORT_LIMIT.max; i++) statuses.push((await report({ date: guestPostReg, reason: 'spam' }, visitor('172.16.9.9'))).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const last = await report({ date: guestPostReg, reason: 'spam' }, visitor('172.16.9.9'));
    expect(last.status).toBe(429);
    expect(last.body.message).toBe('Ya enviaste varios reportes. Inténtalo de nuevo más tarde');
  });
});

describe('the operators act on reports', () => {
  it('shows each report with the memory in context', async () => {
    const open = await queue();
    const first = open.find((r) => r.post.reg === picturePost.reg);
    expect(first).toMatchObject({
      status: 'open',
      reason: 'offensive',
      reasonLabel: 'Es ofensivo, humillante o incita al odio',
      details: 'Es una foto que no corresponde.',
      memorial: { identifier: memorial.identifier, fullname: 'Rosa Mamani Huamán', type: 'U', guestUrl: `http://recuerdos.test/guest?id=${memorial.identifier}` },
      post: { reg: picturePost.reg, authorKind: 'owner', authorName: 'Familia', text: 'Mamá en la playa, 1985', path: picturePost.path, hidden: false, hiddenReason: null },
    });
  });

  it('hides a memory: the owner is told why, visitors no longer see it anywhere, and it is kept', async () => {
    // A second report of the same memory.
    await report({ date: picturePost.reg, reason: 'violent' }, visitor('172.16.5.7'));
    const target = (await queue()).find((r) => r.post.reg === picturePost.reg && r.reason === 'offensive');
    expect(target?.otherOpenReports).toBe(1);
    const oldUrl = `${t.url}${new URL(picturePost.path, 'http://x').pathname}`;
    expect((await fetch(oldUrl)).status).toBe(200);

    const empty = await t.post(`/api/admin/reports/${target?.id ?? 0}/hide`, { reason: ' ' }, asOperator(opToken));
    expect(empty.body.message).toBe('Escribe el motivo que leerá la familia');
    const reason = 'La foto muestra a otra familia que pidió retirarla.';
    const res = await t.post(`/api/admin/reports/${target?.id ?? 0}/hide`, { reason }, asOperator(opToken));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ocultamos el recuerdo y le escribimos a la familia');

    // The owner's e-mail, read back from SMTP.
    const mail = await t.mail((m) => m.to.includes('carmen.familia@ejemplo.pe') && m.subject.startsWith('Ocultamos'));
    expect(mail.subject).toBe('Ocultamos un recuerdo del perfil de Rosa Mamani Huamán');
    expect(mail.text).toContain('Hola, Carmen:');
    expect(mail.text).toContain(`El motivo: ${reason}`);
    expect(mail.text).toContain('Mamá en la playa, 1985');
    expect(mail.text).toContain('No lo borramos.');
    expect(mail.text).toContain('ayuda@recuerdos.test');

    // Hidden from visitors everywhere the memories are listed.
    expect((await guestList()).map((p) => p.reg)).not.toContain(picturePost.reg);
    const view = await t.get<{ adminPosts: Post[]; guestPosts: Post[] }>(`/api/person/guest-view?id=${memorial.identifier}`);
    expect(view.body.data.adminPosts.map((p) => p.reg)).not.toContain(picturePost.reg);
    const page = await (await fetch(`${t.url}/guest?id=${memorial.identifier}`)).text();
    expect(page).not.toContain('Mamá en la playa');
    expect((await publishedPosts(t.db, memorial.id)).family.map((p) => p.reg)).not.toContain(picturePost.reg);
    // Its picture no longer answers at the public address.
    expect((await fetch(oldUrl)).status).toBe(404);

    // The owner still sees it, marked hidden with the reason; its picture moved, not deleted.
    const own = (await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts?identifier=${memorial.identifier}`, { token: owner.token })).body.data.posts;
    const hidden = own.find((p) => p.reg === picturePost.reg);
    expect(hidden).toMatchObject({ hidden: true, hiddenReason: reason, text: 'Mamá en la playa, 1985' });
    expect(hidden?.path).toMatch(/\/media\/pending\//);
    expect((await fetch(`${t.url}${new URL(hidden?.path ?? '', 'http://x').pathname}`)).status).toBe(200);
    const row = await t.db.selectFrom('posts').selectAll().where('memorialId', '=', memorial.id).where('reg', '=', picturePost.reg).executeTakeFirstOrThrow();
    expect(row.hiddenAt).not.toBeNull();
    expect(row.state).toBe('approved');

    // Both reports of it are resolved.
    const resolved = (await queue('hidden')).filter((r) => r.post.reg === picturePost.reg);
    expect(resolved.map((r) => r.resolvedBy)).toEqual([operator.email, operator.email]);
    expect(resolved.every((r) => r.resolution === reason && r.post.hidden)).toBe(true);
    expect((await queue()).some((r) => r.post.reg === picturePost.reg)).toBe(false);
    const again = await t.post(`/api/admin/reports/${target?.id ?? 0}/hide`, { reason }, asOperator(opToken));
    expect(again.status).toBe(409);

    const [entry] = await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'report.hidden').execute();
    expect(entry).toMatchObject({ operatorEmail: operator.email, target: `reporte ${target?.id ?? 0}`, ip: '127.0.0.1' });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ memorial: memorial.identifier, post: picturePost.reg, reason, reportReason: 'offensive', otherReportsResolved: 1 });
  });

  it('dismisses a report: the memory stays visible', async () => {
    const target = (await queue()).find((r) => r.post.reg === guestPostReg);
    const res = await t.post(`/api/admin/reports/${target?.id ?? 0}/dismiss`, { note: 'No infringe las normas.' }, asOperator(opToken));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Reporte descartado');
    expect((await t.get<{ posts: Post[] }>(`/api/content/get-guest-approved-posts-for-guest?id=${memorial.identifier}`)).body.data.posts.map((p) => p.reg)).toContain(guestPostReg);
    const dismissed = (await queue('dismissed')).find((r) => r.id === target?.id);
    expect(dismissed).toMatchObject({ status: 'dismissed', resolution: 'No infringe las normas.', resolvedBy: operator.email });
    const [entry] = await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'report.dismissed').execute();
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ memorial: memorial.identifier, post: guestPostReg, note: 'No infringe las normas.' });
    expect((await t.post('/api/admin/reports/999999/dismiss', {}, asOperator(opToken))).status).toBe(404);
  });
});

describe('the audit trail', () => {
  it('is read and filtered by operator, action and dates, and cannot be changed', async () => {
    const all = await t.get<{ entries: { action: string; operatorEmail: string }[]; operators: string[] }>('/api/admin/audit', asOperator(opToken));
    expect(all.body.data.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['report.hidden', 'report.dismissed']));
    expect(all.body.data.operators).toContain(operator.email);
    const hidden = await t.get<{ entries: { action: string }[] }>(`/api/admin/audit?action=report.hidden&operator=${operator.email}`, asOperator(opToken));
    expect(hidden.body.data.entries.map((e) => e.action)).toEqual(['report.hidden']);
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    expect((await t.get<{ entries: unknown[] }>(`/api/admin/audit?from=${today}&to=${today}`, asOperator(opToken))).body.data.entries.length).toBeGreaterThan(0);
    expect((await t.get<{ entries: unknown[] }>('/api/admin/audit?to=2000-01-01', asOperator(opToken))).body.data.entries).toEqual([]);
    expect((await t.get('/api/admin/audit?from=ayer', asOperator(opToken))).body.message).toBe('Ingresa una fecha válida (aaaa-mm-dd)');
    await expect(t.db.updateTable('auditLog').set({ action: 'nada' }).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.deleteFrom('auditLog').execute()).rejects.toThrow(/immutable/);
  });
});
