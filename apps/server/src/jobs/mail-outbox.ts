// Delivers the outbox (mail/outbox.ts). Runs every minute and, besides, soon after each message is
// queued (the runner's `soon`); on PostgreSQL all its runs share one graphile-worker queue, so they
// run one after another across instances.
import type { JobDef } from './job';

export const MAIL_OUTBOX_JOB = 'mail-outbox';

export const mailOutboxJob: JobDef = {
  name: MAIL_OUTBOX_JOB,
  cron: '* * * * *',
  summary: 'Deliver queued e-mails (retries with a growing pause; failed after a day)',
  catchUpMs: 0,
  queue: 'mail',
  maxAttempts: 1,
  run: ({ ctx, now }) => ctx.mail.deliverDue(now),
};
