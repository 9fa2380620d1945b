// The end of a contract on a clock the test moves (issue 16 §2): notices 30 and 7 days before, read
// back from the SMTP capture, each once; at the end the owner can neither post nor approve (a clear
// Spanish 403) while visitors still see everything; `admin renew-contract` restores it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Disclaimer, Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { runAdmin } from '../../../test/admin-cli';
import { CONTENT_MESSAGES } from '../content/content.service';

let t: TestServer;
let clock = new Date('2030-01-15T15:00:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

async function runLifecycle(at: string): Promise<void> {
  clock = new Date(at);
  expect((await t.ctx.jobs.runNow('contract-lifecycle')).outcome).toBe('ok');
  await t.mailsSent();
}

describe('contract life cycle', () => {
  it('warns 30 and 7 days before, once each; expiry stops the owner adding, not the visitors; renewal restores', async () => {
    const { account, memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', fullname: 'Olga Díaz Rojas' } });
    const guest = await makeGuestToken(t.db, memorial);
    await t.db
      .insertInto('contracts')
      .values({ number: 'REC-2029-00042', accountId: account.id, memorialId: memorial.id, state: 'active', createdAt: '2029-03-01T15:00:00.000Z', activatedAt: '2029-03-01T16:00:00.000Z', expiresOn: '2030-03-01' })
      .execute();
    const mails = () => t.smtp.to(account.email).filter((m) => m.subject.startsWith('Tu servicio de Recuerdos'));

    await runLifecycle('2030-01-15T15:00:00Z'); // 45 days before
    expect(mails()).toHaveLength(0);

    await runLifecycle('2030-01-30T15:00:00Z'); // 30 days before
    await runLifecycle('2030-01-31T15:00:00Z');
    expect(mails()).toHaveLength(1);
    expect(mails()[0]?.subject).toBe('Tu servicio de Recuerdos vence el 1 de marzo del 2030');
    expect(mails()[0]?.text).toContain('Tu contrato N.° REC-2029-00042, del memorial de Olga Díaz Rojas, vence en 30 días');

    await runLifecycle('2030-02-22T15:00:00Z'); // 7 days before
    await runLifecycle('2030-02-23T15:00:00Z');
    expect(mails()).toHaveLength(2);
    expect(mails()[1]?.text).toContain('vence en 7 días');

    // Still in service: the owner posts.
    const before = await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Te extrañamos' }, { token });
    expect(before.status).toBe(200);
    const sent = await t.post('/api/content/save-guest-message', { identifier: memorial.identifier, fullname: 'Lucía Torres', email: '', message: 'Siempre en mi corazón' }, { guest });
    expect(sent.status).toBe(200);

    await runLifecycle('2030-03-02T15:00:00Z'); // the day after the last one
    await runLifecycle('2030-03-03T15:00:00Z');
    expect(mails()).toHaveLength(3);
    expect(mails()[2]?.subject).toBe('Tu servicio de Recuerdos ha vencido');
    expect((await t.db.selectFrom('contracts').select('state').where('number', '=', 'REC-2029-00042').executeTakeFirstOrThrow()).state).toBe('expired');

    const banners = await t.get<{ disclaimers: Disclaimer[] }>(`/api/contract/get-disclaimers?identifier=${memorial.identifier}`, { token });
    expect(JSON.stringify(banners.body.data)).toContain('Tu servicio ha vencido');

    const post = await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Otro recuerdo' }, { token });
    expect(post.status).toBe(403);
    expect(post.body.message).toBe(CONTENT_MESSAGES.contractEnded);
    const pending = await t.get<{ posts: { reg: string }[] }>(`/api/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token });
    const reg = pending.body.data.posts[0]?.reg ?? '';
    const approve = await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: reg }, { token, as: 'json' });
    expect(approve.status).toBe(403);
    expect(approve.body.message).toBe(CONTENT_MESSAGES.contractEnded);

    // Visitors see the memorial as before.
    const visible = await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`, { guest });
    expect(visible.status).toBe(200);
    expect(visible.body.data.posts.map((p) => p.text)).toEqual(['Te extrañamos']);

    const renewed = await runAdmin(t, ['renew-contract', '--contract', 'REC-2029-00042', '--expires-on', '2099-03-01']);
    expect(renewed.code).toBe(0);
    expect(renewed.out.join('\n')).toContain('Contract REC-2029-00042 now ends on 2099-03-01 (active).');
    expect((await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Otro recuerdo' }, { token })).status).toBe(200);
    expect((await t.post('/api/content/approve-message', { identifier: memorial.identifier, date: reg }, { token, as: 'json' })).status).toBe(200);
  });

  it('renew-contract refuses a date in the past and an unknown contract with a clear message', async () => {
    const past = await runAdmin(t, ['renew-contract', '--contract', 'REC-2029-00042', '--expires-on', '2001-01-01']);
    expect(past.code).toBe(2);
    expect(past.err.join('\n')).toContain('--expires-on must be today');
    const unknown = await runAdmin(t, ['renew-contract', '--contract', 'REC-1999-99999', '--expires-on', '2099-01-01']);
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('No encontramos ese contrato');
  });
});
