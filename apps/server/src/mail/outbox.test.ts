// Mail that is never lost (issue 16 §3): the SMTP server refuses, then accepts; the reset e-mail
// arrives after the retry and is sent once. A message that keeps failing for a day is marked failed
// and listed by `admin mail --failed`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeAccount } from '../../test/factories';
import { runAdmin } from '../../test/admin-cli';
import { findLink } from '../../test/smtp-capture';
import { insertOutbox, MAIL_BATCH } from './outbox';

let t: TestServer;
let clock = new Date('2030-05-10T12:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const outboxRow = (recipient: string) =>
  t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();

describe('mail outbox', () => {
  it('delivers a reset e-mail after the SMTP server comes back, once', async () => {
    const account = await makeAccount(t.db);
    t.smtp.refusing = true;
    const res = await t.post('/api/user/forgot-password', { email: account.email });
    expect(res.status).toBe(200);
    await t.mailsSent();
    expect(t.smtp.to(account.email)).toHaveLength(0);
    const failed = await outboxRow(account.email);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1, kind: 'password-reset' });
    expect(failed.lastError).toContain('451');

    // Not due yet: another delivery run sends nothing and keeps its count.
    t.smtp.refusing = false;
    await t.ctx.jobs.runNow('mail-outbox');
    expect(t.smtp.to(account.email)).toHaveLength(0);

    advance(31_000);
    expect((await t.ctx.jobs.runNow('mail-outbox')).outcome).toBe('ok');
    await t.mailsSent();
    const mails = t.smtp.to(account.email);
    expect(mails).toHaveLength(1);
    const link = findLink(mails[0]?.text ?? '', 'http://recuerdos.test/new-password?token=');
    const token = new URL(link).searchParams.get('token') ?? '';
    const whose = await t.get<{ email: string }>(`/api/user/${encodeURIComponent(token)}`);
    expect(whose.status).toBe(200);
    expect(await outboxRow(account.email)).toMatchObject({ state: 'sent', attempts: 2 });

    // Later runs never send it again.
    advance(10 * 60_000);
    await t.ctx.jobs.runNow('mail-outbox');
    await t.mailsSent();
    expect(t.smtp.to(account.email)).toHaveLength(1);
  });

  it('gives up a day after the message was written and lists it with admin mail --failed', async () => {
    const account = await makeAccount(t.db);
    t.smtp.refusing = true;
    try {
      await t.post('/api/user/forgot-password', { email: account.email });
      await t.mailsSent();
      advance(12 * 60 * 60_000);
      await t.ctx.jobs.runNow('mail-outbox');
      expect((await outboxRow(account.email)).state).toBe('queued');
      advance(12 * 60 * 60_000 + 1000);
      await t.ctx.jobs.runNow('mail-outbox');
      expect(await outboxRow(account.email)).toMatchObject({ state: 'failed', attempts: 3 });
    } finally {
      t.smtp.refusing = false;
    }
    const listed = await runAdmin(t, ['mail', '--failed']);
    expect(listed.code).toBe(0);
    expect(listed.out.join('\n')).toContain(account.email);
    expect(listed.out.join('\n')).toContain('password-reset');
    // A failed message stays failed: nothing is sent later.
    advance(60 * 60_000);
    await t.ctx.jobs.runNow('mail-outbox');
    expect(t.smtp.to(account.email)).toHaveLength(0);
  });

  it('sends everything due in one delivery run, more than one batch of it', async () => {
    const count = MAIL_BATCH + 7;
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        await insertOutbox(trx, { to: `lote-${i}@ejemplo.pe`, subject: 'Aviso', text: 'Hola', html: '<p>Hola</p>', kind: 'test' }, clock);
      }
    });
    const result = await t.ctx.mail.deliverDue(clock);
    // Another delivery (the "soon" job) may have taken some of them first; none is left unattempted for the next minute.
    expect(result.sent).toBeGreaterThan(0);
    const left = await t.db.selectFrom('mailOutbox').select('id').where('recipient', 'like', 'lote-%').where('attempts', '=', 0).execute();
    expect(left).toHaveLength(0);
    await t.mailsSent();
    for (let i = 0; i < count; i++) expect(t.smtp.to(`lote-${i}@ejemplo.pe`)).toHaveLength(1);
  });
});
