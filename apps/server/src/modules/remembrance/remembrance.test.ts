// Ceremonies and remembrance reminders (issue 14 §1, §2): who may add and see ceremonies, the calendar
// files (parsed with ical.js), the double opt-in, reminders on the right Lima day read back from the
// SMTP capture on a clock the test moves (each once), one-click unsubscribe (RFC 8058) that stops
// them and deletes the address (and the page its address shows), the owner's switch, the end of a
// private memorial's reminders with its access code, clean ceremony titles, and the limits against
// mail-bombing a stranger (one inbox however its address is spelled).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { MemorialEvent } from '@recuerdos/shared/remembrance';
import { EVENT_MESSAGES, REMINDER_MESSAGES, UNSUBSCRIBE_PAGE } from '@recuerdos/shared/remembrance';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { cleanCeremonyTitles } from '../../db/migrations/0071-reminder-access';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { ipSequence, OWNER_ONLY, OWNER_OR_GUEST, EVERYONE, testRoles, type RoleCase } from '../../../test/roles';

let t: TestServer;
let clock = new Date('2030-03-10T15:00:00Z');
const freshIp = ipSequence('10.9');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const velorio = { kind: 'velorio', date: '2030-03-14', time: '19:00', place: 'Velatorio Santa Rosa, Av. Arequipa 123, Lima', mapUrl: 'https://maps.google.com/?q=-12.07,-77.03' };

async function subscribers(memorialId: number) {
  return t.db.selectFrom('reminderSubscriptions').selectAll().where('memorialId', '=', memorialId).execute();
}

/** Asks, reads the confirmation e-mail, and follows its link as the page does. */
async function subscribeAndConfirm(identifier: string, email: string, options: { guest?: string; token?: string } = {}) {
  const asked = await t.postJson('/api/reminders/subscribe', { id: identifier, email, consent: true }, { ...options, headers: { 'x-forwarded-for': freshIp() } });
  expect(asked.status).toBe(200);
  expect(asked.body.message).toBe(REMINDER_MESSAGES.requested);
  await t.mailsSent();
  const mail = t.smtp.to(email).at(-1);
  expect(mail?.subject).toMatch(/^Confirma tus recordatorios de /);
  const token = /confirmar\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  const confirmed = await t.postJson<{ fullname: string }>('/api/reminders/confirm', { token });
  expect(confirmed.status).toBe(200);
  return token ?? '';
}

async function runReminders(at: string) {
  clock = new Date(at);
  expect((await t.ctx.jobs.runNow('remembrance-reminders')).outcome).toBe('ok');
  await t.mailsSent();
}

describe('ceremonies: permissions', () => {
  const cases: RoleCase[] = [
    {
      name: 'POST events/save',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      run: async (roles, options) => {
        const res = await t.postJson('/api/events/save', { identifier: roles.owner.memorial.identifier, ...velorio }, { ...options });
        const rows = await t.db.selectFrom('memorialEvents').select('id').where('memorialId', '=', roles.owner.memorial.id).execute();
        return { status: res.status, data: res.body.data, changed: rows.length === 1 };
      },
    },
    {
      name: 'GET guest-view events',
      expect: { P: OWNER_OR_GUEST, U: EVERYONE },
      run: async (roles, options) => {
        await t.db.insertInto('memorialEvents').values({ memorialId: roles.owner.memorial.id, kind: 'entierro', title: '', date: '2030-03-15', time: '10:00', place: 'Cementerio El Ángel', mapUrl: '', createdAt: '', updatedAt: '' }).execute();
        const res = await t.get<GuestViewData>(`/api/person/guest-view?id=${roles.owner.memorial.identifier}`, options);
        if (res.status === 200) expect(res.body.data.events.map((e) => e.place)).toEqual(['Cementerio El Ángel']);
        return { status: res.status, data: res.status === 200 ? {} : res.body.data };
      },
    },
    {
      name: 'GET reminders/calendar',
      expect: { P: OWNER_OR_GUEST, U: EVERYONE },
      run: async (roles, options) => {
        // The file itself, not the JSON envelope: read it raw.
        const headers: Record<string, string> = { ...options.headers };
        if (options.token) headers.token = options.token;
        if (options.guest) headers.guest = options.guest;
        const res = await fetch(`${t.url}/api/reminders/calendar?id=${roles.owner.memorial.identifier}`, { headers });
        const body = await res.text();
        if (res.status !== 200) return { status: res.status, data: (JSON.parse(body) as { data: unknown }).data };
        expect(res.headers.get('content-type')).toContain('text/calendar');
        expect(body).toContain('BEGIN:VCALENDAR');
        return { status: res.status, data: {} };
      },
    },
  ];
  testRoles(() => t.db, cases, () => ({ headers: { 'x-forwarded-for': freshIp() } }));
});

describe('ceremonies', () => {
  it('are added, edited and deleted by the owner, shown to visitors in date order, and past ones marked', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Julio César Quispe' } });
    clock = new Date('2030-03-10T15:00:00Z');
    const saved = await t.postJson<{ event: MemorialEvent }>('/api/events/save', { identifier: memorial.identifier, ...velorio }, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(EVENT_MESSAGES.saved);
    expect(saved.body.data.event).toMatchObject({ kind: 'velorio', name: 'Velorio', date: '2030-03-14', time: '19:00', past: false });
    await t.postJson('/api/events/save', { identifier: memorial.identifier, kind: 'misa-30', date: '2030-04-09', time: '', place: 'Parroquia San Antonio, Miraflores' }, { token });
    await t.postJson('/api/events/save', { identifier: memorial.identifier, kind: 'otro', title: 'Responso', date: '2030-03-01', time: '08:30', place: 'Casa familiar' }, { token });

    const view = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}`);
    expect(view.body.data.events.map((e) => [e.name, e.past])).toEqual([
      ['Responso', true],
      ['Velorio', false],
      ['Misa de 30 días', false],
    ]);

    const edited = await t.postJson<{ event: MemorialEvent }>('/api/events/save', { identifier: memorial.identifier, id: saved.body.data.event.id, ...velorio, time: '20:00' }, { token });
    expect(edited.body.data.event.time).toBe('20:00');
    const removed = await t.postJson('/api/events/delete', { identifier: memorial.identifier, id: saved.body.data.event.id }, { token });
    expect(removed.body.message).toBe(EVENT_MESSAGES.deleted);
    const list = await t.get<{ events: MemorialEvent[] }>(`/api/events/list?identifier=${memorial.identifier}`, { token });
    expect(list.body.data.events.map((e) => e.name)).toEqual(['Responso', 'Misa de 30 días']);
  });

  it('refuses bad input with a clear Spanish message and changes nothing', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const bad = async (fields: Record<string, unknown>) => {
      const res = await t.postJson('/api/events/save', { identifier: memorial.identifier, ...velorio, ...fields }, { token });
      expect(res.status).toBe(400);
      return res.body.message;
    };
    expect(await bad({ kind: 'fiesta' })).toBe(EVENT_MESSAGES.kindRequired);
    expect(await bad({ kind: 'otro', title: '  ' })).toBe(EVENT_MESSAGES.titleRequired);
    expect(await bad({ date: '2030-02-30' })).toBe(EVENT_MESSAGES.dateInvalid);
    expect(await bad({ time: '25:00' })).toBe(EVENT_MESSAGES.timeInvalid);
    expect(await bad({ place: '' })).toBe(EVENT_MESSAGES.placeRequired);
    expect(await bad({ mapUrl: 'javascript:alert(1)' })).toBe(EVENT_MESSAGES.mapUrlInvalid);
    const other = await makeOwner(t.db);
    const foreign = await t.postJson<{ event: MemorialEvent }>('/api/events/save', { identifier: other.memorial.identifier, ...velorio }, { token: other.token });
    const editForeign = await t.postJson('/api/events/save', { identifier: memorial.identifier, id: foreign.body.data.event.id, ...velorio }, { token });
    expect(editForeign.status).toBe(404);
    expect(editForeign.body.message).toBe(EVENT_MESSAGES.notFound);
    expect(await t.db.selectFrom('memorialEvents').select('id').where('memorialId', '=', memorial.id).execute()).toHaveLength(0);
  });

  it('never passes 30 ceremonies, even when the owner saves many at the same moment', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const row = { memorialId: memorial.id, kind: 'otro', title: 'Responso', date: '2030-03-20', time: '', place: 'Casa familiar', mapUrl: '', createdAt: '', updatedAt: '' };
    await t.db.insertInto('memorialEvents').values(Array.from({ length: 27 }, () => row)).execute();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.postJson('/api/events/save', { identifier: memorial.identifier, ...velorio }, { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.message)).toEqual(Array(5).fill(EVENT_MESSAGES.tooMany));
    expect(await t.db.selectFrom('memorialEvents').select('id').where('memorialId', '=', memorial.id).execute()).toHaveLength(30);
  });

  it('gives a ceremony as an .ics file at its Lima time, and new content (not a 304) when a ceremony changes', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Ana, María; Soto' } });
    clock = new Date('2030-03-10T15:00:00Z');
    const before = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}`);
    const etag = before.headers.get('etag') ?? '';
    expect((await fetch(`${t.url}/api/person/guest-view?id=${memorial.identifier}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const saved = await t.postJson<{ event: MemorialEvent }>('/api/events/save', { identifier: memorial.identifier, ...velorio }, { token });
    const after = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.data.events.map((e) => e.place)).toEqual([velorio.place]);

    const res = await fetch(`${t.url}/api/events/calendar?id=${memorial.identifier}&event=${saved.body.data.event.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(vevent.summary).toBe('Velorio de Ana, María; Soto');
    expect(vevent.location).toBe(velorio.place);
    // 19:00 in Lima is 00:00 UTC the next day.
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2030-03-15T00:00:00.000Z');
  });

  it('cleans a ceremony’s title as the place (no line breaks, bidi or control characters; NFC), in the row and the .ics', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Luis Poma' } });
    clock = new Date('2030-03-10T15:00:00Z');
    const saved = await t.postJson<{ event: MemorialEvent }>(
      '/api/events/save',
      { identifier: memorial.identifier, ...velorio, kind: 'otro', title: 'Respon\u202Eso\rBEGIN:VALARM\u0000 de Jose\u0301' },
      { token },
    );
    expect(saved.status).toBe(200);
    const clean = 'Responso BEGIN:VALARM de José';
    expect(saved.body.data.event).toMatchObject({ title: clean, name: clean });
    const row = await t.db.selectFrom('memorialEvents').select('title').where('id', '=', saved.body.data.event.id).executeTakeFirstOrThrow();
    expect(row.title).toBe(clean);

    const res = await fetch(`${t.url}/api/events/calendar?id=${memorial.identifier}&event=${saved.body.data.event.id}`);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${clean} de Luis Poma`);
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    expect(vevents[0]?.getAllSubcomponents('valarm')).toHaveLength(0);
    expect(new ICAL.Event(vevents[0]).summary).toBe(`${clean} de Luis Poma`);
  });

  // (PostgreSQL never stored a NUL: its text type refuses one.)
  it('has the titles saved before they were cleaned cleaned by migration 0071', async () => {
    const { memorial } = await makeOwner(t.db);
    const row = { memorialId: memorial.id, kind: 'otro', date: '2030-03-20', time: '', place: 'Casa familiar', mapUrl: '', createdAt: '', updatedAt: '' };
    const [dirty, blank, fine] = await t.db
      .insertInto('memorialEvents')
      .values([{ ...row, title: ' Respon\u202Eso\r\nfinal\u0007 ' }, { ...row, title: '\u202E' }, { ...row, title: 'Misa' }])
      .returning('id')
      .execute();
    await cleanCeremonyTitles(t.db);
    const titles = await t.db.selectFrom('memorialEvents').select(['id', 'title']).where('memorialId', '=', memorial.id).orderBy('id').execute();
    expect(titles).toEqual([
      { id: dirty?.id, title: 'Responso final' },
      { id: blank?.id, title: '' },
      { id: fine?.id, title: 'Misa' },
    ]);
  });

  it('folds a ceremony away the day after it, in the QR page too', async () => {
    const { memorial, token } = await makeOwner(t.db);
    clock = new Date('2030-03-14T20:00:00Z');
    await t.postJson('/api/events/save', { identifier: memorial.identifier, ...velorio }, { token });
    const today = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}`);
    expect(today.body.data.events[0]?.past).toBe(false);
    const etag = today.headers.get('etag') ?? '';
    clock = new Date('2030-03-15T06:00:00Z'); // 01:00 in Lima, the next day
    const tomorrow = await t.get<GuestViewData>(`/api/person/guest-view?id=${memorial.identifier}`, { headers: { 'if-none-match': etag } });
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.body.data.events[0]?.past).toBe(true);
  });
});

describe('reminders', () => {
  it('need the confirmation; then birthday, anniversary, 1 November and the eve of a ceremony, each once, on Lima’s day', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Rosa Mamani Huamán', birthdate: '1941-03-14', deathdate: '2023-09-05' } });
    clock = new Date('2030-03-10T15:00:00Z');
    const email = 'sobrina.rosa@example.pe';
    const asked = await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email, consent: true }, { headers: { 'x-forwarded-for': freshIp() } });
    expect(asked.status).toBe(200);
    await t.mailsSent();
    // Not confirmed yet: nothing on the birthday.
    await runReminders('2030-03-14T13:00:00Z');
    expect(t.smtp.to(email).filter((m) => m.subject.includes('cumpleaños'))).toHaveLength(0);
    const link = /confirmar\?token=([\w-]+)/.exec(t.smtp.to(email)[0]?.text ?? '')?.[1];
    const confirmed = await t.postJson('/api/reminders/confirm', { token: link });
    expect(confirmed.body.message).toBe(`${REMINDER_MESSAGES.confirmed} Rosa Mamani Huamán`);
    expect((await t.postJson('/api/reminders/confirm', { token: link })).body.message).toBe(REMINDER_MESSAGES.confirmInvalid);

    const reminders = () => t.smtp.to(email).filter((m) => !m.subject.startsWith('Confirma'));
    // 23:00 in Lima on the 13th is still the day before.
    await runReminders('2030-03-14T04:00:00Z');
    expect(reminders()).toHaveLength(0);
    await runReminders('2030-03-14T13:00:00Z'); // 08:00 in Lima
    await runReminders('2030-03-14T13:05:00Z'); // a second run (another instance, a retry)
    expect(reminders()).toHaveLength(1);
    const birthday = reminders()[0];
    expect(birthday?.subject).toBe('Hoy recordamos el cumpleaños de Rosa Mamani Huamán');
    expect(birthday?.text).toContain('Hoy Rosa Mamani Huamán cumpliría 89 años.');
    expect(birthday?.text).toContain(`/guest?id=${memorial.identifier}`);
    expect(birthday?.html).toContain('Dejar de recibir estos recordatorios');
    expect(birthday?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(birthday?.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/reminders\/unsubscribe\?s=/);

    await runReminders('2030-09-05T13:00:00Z');
    expect(reminders().at(-1)?.subject).toBe('Hoy se cumplen 7 años de la partida de Rosa Mamani Huamán');
    await runReminders('2030-11-01T13:00:00Z');
    expect(reminders().at(-1)?.subject).toBe('Todos los Santos: recordamos a Rosa Mamani Huamán');
    expect(reminders().at(-1)?.text).toContain('mañana, Día de los Difuntos');
    await runReminders('2030-11-02T13:00:00Z');
    expect(reminders()).toHaveLength(3);

    // A ceremony: the evening before (announced after the morning run).
    clock = new Date('2030-11-20T15:00:00Z');
    await t.postJson('/api/events/save', { identifier: memorial.identifier, kind: 'misa-honras', date: '2030-11-21', time: '11:00', place: 'Parroquia Santa María Reina' }, { token });
    await runReminders('2030-11-20T23:00:00Z');
    await runReminders('2030-11-21T13:00:00Z');
    expect(reminders()).toHaveLength(4);
    expect(reminders().at(-1)?.subject).toBe('Mañana: Misa de honras (al año) de Rosa Mamani Huamán');
    expect(reminders().at(-1)?.text).toContain('jueves 21 de noviembre del 2030, 11:00');
  });

  it('stop with one click (RFC 8058 POST), which deletes the address; the owner’s switch stops them too', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { birthdate: '1950-06-20', deathdate: '2020-01-02' } });
    const first = 'hijo@example.pe';
    const second = 'nieta@example.pe';
    clock = new Date('2030-06-01T15:00:00Z');
    await subscribeAndConfirm(memorial.identifier, first);
    await subscribeAndConfirm(memorial.identifier, second);
    await runReminders('2030-06-20T13:00:00Z');
    const mail = t.smtp.to(first).at(-1);
    const advertised = new URL(/^<(.*)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '');
    expect(advertised.origin).toBe(t.ctx.config.publicUrl);
    const oneClick = `${t.url}${advertised.pathname}${advertised.search}`;
    const res = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect((await subscribers(memorial.id)).map((s) => s.email)).toEqual([second]);
    // The link again: the same answer.
    expect((await fetch(oneClick, { method: 'POST' })).status).toBe(200);
    const forged = await t.post(`/api/reminders/unsubscribe?s=${(await subscribers(memorial.id))[0]?.id}.AAAAAAAAAAAAAAAAAAAAAA`, {});
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(REMINDER_MESSAGES.unsubscribeInvalid);

    const off = await t.postJson('/api/reminders/settings', { identifier: memorial.identifier, enabled: false }, { token });
    expect(off.body.data).toEqual({ enabled: false, subscribers: 1 });
    await runReminders('2031-01-02T13:00:00Z');
    expect(t.smtp.to(first)).toHaveLength(2);
    expect(t.smtp.to(second).filter((m) => m.subject.includes('partida'))).toHaveLength(0);
    const refused = await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email: 'otro@example.pe', consent: true }, { headers: { 'x-forwarded-for': freshIp() } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REMINDER_MESSAGES.off);
  });

  it('show a one-button page at the List-Unsubscribe address: its GET stops nothing, its button’s POST does; a used or forged link gets a kind page', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { fullname: 'Elena Vargas', birthdate: '1950-06-21' } });
    clock = new Date('2030-06-01T15:00:00Z');
    const email = 'lectora@example.pe';
    await subscribeAndConfirm(memorial.identifier, email);
    await runReminders('2030-06-21T13:00:00Z');
    const advertised = new URL(/^<(.*)>$/.exec(t.smtp.to(email).at(-1)?.headers['list-unsubscribe'] ?? '')?.[1] ?? '');
    const address = `${t.url}${advertised.pathname}${advertised.search}`;
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const open = async (url: string) => {
      const res = await fetch(url, { headers: browser });
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      // The strict CSP holds: no script at all, the one <style> block allowed by its hash.
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(html).not.toMatch(/<script|\son\w+=/i);
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      expect(html).toContain('<html lang="es-PE">');
      return { status: res.status, html };
    };

    // A link scanner, then the person: the page twice, nobody unsubscribed.
    await open(address);
    const page = await open(address);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${UNSUBSCRIBE_PAGE.title}</h1>`);
    expect(page.html).toContain('Elena Vargas');
    expect((await subscribers(memorial.id)).map((s) => s.email)).toEqual([email]);

    // The button: the form's POST, as the browser sends it.
    const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page.html);
    expect(form?.[2]).toContain(`<button type="submit">${UNSUBSCRIBE_PAGE.button}</button>`);
    const fields = new URLSearchParams([...(form?.[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']));
    const action = new URL((form?.[1] ?? '').replace(/&amp;/g, '&'), address);
    const done = await fetch(action, { method: 'POST', headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, body: fields });
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toContain('text/html');
    expect(await done.text()).toContain(REMINDER_MESSAGES.unsubscribed);
    expect(await subscribers(memorial.id)).toHaveLength(0);

    // The used link: a kind page, no button.
    const used = await open(address);
    expect(used.status).toBe(200);
    expect(used.html).toContain(UNSUBSCRIBE_PAGE.goneTitle);
    expect(used.html).not.toContain('<form');
    // Forged, cut or missing: a kind page too, never JSON or a stack.
    for (const query of ['?s=1.AAAAAAAAAAAAAAAAAAAAAA', '?s=x', '']) {
      const forged = await open(`${t.url}/api/reminders/unsubscribe${query}`);
      expect(forged.status).toBe(400);
      expect(forged.html).toContain(UNSUBSCRIBE_PAGE.invalidTitle);
      expect(forged.html).toContain(REMINDER_MESSAGES.unsubscribeInvalid);
      expect(forged.html).not.toContain('<form');
    }
  });

  it('of a private memorial end for those who asked with its old code when the family changes it (told once, gently); the family’s own and the new code’s stay', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1', fullname: 'Teodoro Huanca' } });
    clock = new Date('2030-07-01T15:00:00Z');
    const oldGuest = await makeGuestToken(t.db, memorial);
    await subscribeAndConfirm(memorial.identifier, 'prima@example.pe', { guest: oldGuest });
    await subscribeAndConfirm(memorial.identifier, 'familia@example.pe', { token });
    // Asked, never confirmed: forgotten with the old code, silently.
    await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email: 'espera@example.pe', consent: true }, { guest: oldGuest, headers: { 'x-forwarded-for': freshIp() } });
    const changeCode = async (code: string) => {
      const res = await t.postJson('/api/person/update-access-code', { identifier: memorial.identifier, code }, { token });
      expect(res.status).toBe(200);
      await t.mailsSent();
    };

    await changeCode('clave2');
    expect((await subscribers(memorial.id)).map((s) => s.email)).toEqual(['familia@example.pe']);
    const goodbye = () => t.smtp.to('prima@example.pe').filter((m) => !m.subject.startsWith('Confirma'));
    expect(goodbye().map((m) => m.subject)).toEqual(['Ya no recibirás recordatorios de Teodoro Huanca']);
    expect(goodbye()[0]?.text).toContain('La familia de Teodoro Huanca cambió la clave de acceso de su memorial, que es privado.');
    expect(goodbye()[0]?.text).toContain('Si la familia te comparte la clave, podrás volver a pedirlos');
    expect(t.smtp.to('espera@example.pe').filter((m) => !m.subject.startsWith('Confirma'))).toHaveLength(0);
    expect(t.smtp.to('familia@example.pe').filter((m) => !m.subject.startsWith('Confirma'))).toHaveLength(0);

    // Another change: nobody is told twice. One who asks with the new code stays.
    await changeCode('clave3');
    expect(goodbye()).toHaveLength(1);
    const newGuest = await makeGuestToken(t.db, { id: memorial.id, accessCodeVersion: memorial.accessCodeVersion + 2 });
    await subscribeAndConfirm(memorial.identifier, 'nieto@example.pe', { guest: newGuest });
    await changeCode('clave3'); // the same code saved again: nothing ends
    // One who asked the moment the code changed (an old version written after the clean-up) gets nothing.
    await t.db
      .insertInto('reminderSubscriptions')
      .values({ memorialId: memorial.id, email: 'tarde@example.pe', state: 'confirmed', confirmTokenHash: null, consentText: 'x', requestedAt: clock.toISOString(), confirmedAt: clock.toISOString(), accessCodeVersion: memorial.accessCodeVersion })
      .execute();

    clock = new Date('2030-07-09T15:00:00Z');
    await t.postJson('/api/events/save', { identifier: memorial.identifier, ...velorio, date: '2030-07-10' }, { token });
    await runReminders('2030-07-09T23:00:00Z');
    for (const email of ['familia@example.pe', 'nieto@example.pe']) {
      const eve = t.smtp.to(email).at(-1);
      expect(eve?.subject).toBe('Mañana: Velorio de Teodoro Huanca');
      expect(eve?.text).toContain(velorio.place);
    }
    expect(t.smtp.to('tarde@example.pe')).toHaveLength(0);
    expect(goodbye()).toHaveLength(1);
  });

  it('end for those who asked while the memorial was public when the family makes it private; code holders and the family keep theirs', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1', fullname: 'Olga Ccama' } });
    clock = new Date('2030-08-01T15:00:00Z');
    await subscribeAndConfirm(memorial.identifier, 'sobrino@example.pe', { guest: await makeGuestToken(t.db, memorial) });
    await subscribeAndConfirm(memorial.identifier, 'hija@example.pe', { token });
    const setType = async (type: 'P' | 'U') => {
      expect((await t.postJson('/api/person/update-profile-type', { identifier: memorial.identifier, type }, { token })).status).toBe(200);
      await t.mailsSent();
    };
    await setType('U');
    await subscribeAndConfirm(memorial.identifier, 'vecina@example.pe');
    // A new code while public closes nothing: anyone may see the memorial.
    expect((await t.postJson('/api/person/update-access-code', { identifier: memorial.identifier, code: 'clave2' }, { token })).status).toBe(200);
    await subscribeAndConfirm(memorial.identifier, 'amigo@example.pe', { guest: await makeGuestToken(t.db, { id: memorial.id, accessCodeVersion: memorial.accessCodeVersion + 1 }) });
    expect(await subscribers(memorial.id)).toHaveLength(4);

    await setType('P');
    // The sobrino's code is the old one; the vecina never had one.
    expect((await subscribers(memorial.id)).map((s) => s.email).sort()).toEqual(['amigo@example.pe', 'hija@example.pe']);
    for (const email of ['sobrino@example.pe', 'vecina@example.pe']) {
      const told = t.smtp.to(email).filter((m) => !m.subject.startsWith('Confirma'));
      expect(told.map((m) => m.subject)).toEqual(['Ya no recibirás recordatorios de Olga Ccama']);
      expect(told[0]?.text).toContain('La familia de Olga Ccama hizo privado su memorial.');
    }
    await setType('U');
    await setType('P');
    expect(await subscribers(memorial.id)).toHaveLength(2);
    expect(t.smtp.to('vecina@example.pe').filter((m) => !m.subject.startsWith('Confirma'))).toHaveLength(1);
  });

  it('keep one request per address when many arrive at once (no error, one row, one e-mail per allowed request)', async () => {
    const { memorial } = await makeOwner(t.db);
    const email = 'a-la-vez@example.pe';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email, consent: true }, { headers: { 'x-forwarded-for': freshIp() } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(200), ...Array<number>(9).fill(429)]);
    expect(await subscribers(memorial.id)).toHaveLength(1);
    await t.mailsSent();
    expect(t.smtp.to(email)).toHaveLength(3);
  });

  it('ask for consent, limit confirmation e-mails to one address, forget unconfirmed addresses after 7 days, and keep private memorials closed', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
    const guest = await makeGuestToken(t.db, memorial);
    const noConsent = await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email: 'a@example.pe' }, { guest });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe(REMINDER_MESSAGES.consentRequired);
    const stranger = await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email: 'a@example.pe', consent: true }, { headers: { 'x-forwarded-for': freshIp() } });
    expect(stranger.status).toBe(401);

    clock = new Date('2030-05-01T15:00:00Z');
    const victim = 'victima@example.pe';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await t.postJson('/api/reminders/subscribe', { id: memorial.identifier, email: victim, consent: true }, { guest, headers: { 'x-forwarded-for': freshIp() } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await t.mailsSent();
    expect(t.smtp.to(victim)).toHaveLength(3);
    const row = (await subscribers(memorial.id))[0];
    expect(row?.consentText).toContain('Ley N.° 29733');
    await runReminders('2030-05-09T15:00:00Z');
    expect(await subscribers(memorial.id)).toHaveLength(0);
  });

  it('count +tags (and Gmail’s dots) as one inbox for the limits, while each e-mail goes to the address as typed', async () => {
    const ask = (identifier: string, email: string) =>
      t.postJson('/api/reminders/subscribe', { id: identifier, email, consent: true }, { headers: { 'x-forwarded-for': freshIp() } }).then((res) => res.status);
    // Per memorial: 3 to one inbox, however it is spelled.
    const { memorial } = await makeOwner(t.db);
    const tagged = ['buzon+1@example.pe', 'buzon+2@example.pe', 'buzon+tres@example.pe', 'buzon+4@example.pe', 'buzon@example.pe'];
    const statuses: number[] = [];
    for (const email of tagged) statuses.push(await ask(memorial.identifier, email));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await t.mailsSent();
    for (const email of tagged.slice(0, 3)) {
      expect(t.smtp.to(email).map((m) => m.to)).toEqual([[email]]);
    }
    expect(t.smtp.to('buzon+4@example.pe')).toHaveLength(0);
    expect(t.smtp.to('buzon@example.pe')).toHaveLength(0);

    // In all: 6 to one Gmail inbox, dots, +tags and googlemail.com included, over several memorials.
    const memorials = await Promise.all([makeOwner(t.db), makeOwner(t.db), makeOwner(t.db)]);
    const spellings = ['ca.rmen@gmail.com', 'carmen+a@googlemail.com', 'c.a.r.m.e.n@gmail.com', 'car.men+b@gmail.com', 'carmen@googlemail.com', 'carmen+c@gmail.com', 'c.armen@gmail.com'];
    const across: number[] = [];
    for (const [i, email] of spellings.entries()) across.push(await ask(memorials[Math.floor(i / 3)]?.memorial.identifier ?? '', email));
    expect(across).toEqual([200, 200, 200, 200, 200, 200, 429]);
    await t.mailsSent();
    for (const email of spellings.slice(0, 6)) {
      expect(t.smtp.to(email).map((m) => m.to)).toEqual([[email]]);
    }
    expect(t.smtp.to('c.armen@gmail.com')).toHaveLength(0);
  });

  it('gives the yearly dates as an .ics file that repeats every year', async () => {
    const { memorial } = await makeOwner(t.db, { memorial: { fullname: 'Pedro Ccori', birthdate: '1948-02-29', deathdate: '2024-07-28' } });
    const res = await fetch(`${t.url}/api/reminders/calendar?id=${memorial.identifier}`);
    expect(res.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.summary)).toEqual([
      'Cumpleaños de Pedro Ccori',
      'Aniversario de la partida de Pedro Ccori',
      'Día de Todos los Santos: recordamos a Pedro Ccori',
      'Día de los Difuntos: recordamos a Pedro Ccori',
    ]);
    expect(events.every((e) => e.isRecurring())).toBe(true);
    const birthday = events[0];
    if (!birthday) throw new Error('no birthday');
    const next = birthday.iterator();
    next.next();
    expect(next.next().toString()).toBe('1949-02-28');
  });
});
