// run-job, jobs, mail: the operations commands of the jobs layer and the mail outbox (issue 16).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { JOBS } from '../../jobs/registry';
import { MAIL_OUTBOX_JOB } from '../../jobs/mail-outbox';
import { InProcessRunner } from '../../jobs/in-process-runner';
import { jobStatuses } from '../../jobs/record';
import { MailService, mailTransportConfig } from '../../mail/mailer';
import { listOutbox } from '../../mail/outbox';
import { AttemptGuard, realPause } from '../../security/attempt-guard';
import { MemoryRateLimiter } from '../../security/limiter';
import { openMediaStore } from '../../storage/open-media-store';
import { loadMediaLinkSecret, MediaLinks } from '../../media/media-links';
import { VisitTally } from '../../modules/visit/visit-tally';
import { createPdfPool } from '../../pdf/pdf-pool';
import { CliError, type CliEnv, defineCommand, formatTable, requireFlag } from '../kit';

/** Log lines of a job run go to stderr, one per event. */
function stderrLog(env: CliEnv): FastifyBaseLogger {
  const write = (level: string) => (obj: unknown, msg?: string) => {
    const text = typeof obj === 'string' ? obj : (msg ?? '');
    const err = obj && typeof obj === 'object' && 'err' in obj ? obj.err : undefined;
    env.err(`${level}: ${text}${err instanceof Error ? `: ${err.message}` : ''}`);
  };
  const log = {
    level: 'info',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    silent: () => undefined,
    child: () => log,
  };
  return log as Partial<FastifyBaseLogger> as FastifyBaseLogger;
}

/** The app's context without the HTTP server: what a job needs. Queued e-mails are delivered at the end. */
async function jobContext(env: CliEnv): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const database = await env.database();
  const log = stderrLog(env);
  const now = () => new Date();
  const limiter = new MemoryRateLimiter();
  const media = openMediaStore(env.config);
  const ctx: AppContext = {
    config: env.config,
    db: database.db,
    dialect: database.dialect,
    database,
    mail: new MailService(
      mailTransportConfig(env.config),
      log,
      { db: database.db, now },
    ),
    media,
    mediaLinks: new MediaLinks(await loadMediaLinkSecret(database.db), now),
    limiter,
    visits: new VisitTally(database.db, log),
    attempts: new AttemptGuard(limiter, realPause),
    log,
    site: { demoIdentifier: null },
    now,
    pdf: createPdfPool(),
    jobs: null as unknown as AppContext['jobs'],
  };
  // Never started: runNow only, no schedule of its own next to the servers'.
  ctx.jobs = new InProcessRunner(ctx, JOBS);
  return {
    ctx,
    close: async () => {
      await ctx.pdf.close();
      await ctx.mail.close();
      await ctx.visits.close();
      await limiter.close();
      await media.close();
    },
  };
}

export const runJobCommand = defineCommand({
  name: 'run-job',
  summary: 'Run one scheduled job now (recorded as a manual run)',
  usage: 'NAME  (or --name NAME)',
  details: [
    `Jobs: ${JOBS.map((j) => j.name).join(', ')}.`,
    'The run is recorded like a scheduled one (see "admin jobs"). E-mails it queues are delivered before',
    'the command ends. Exit code 1 when the job failed.',
  ],
  examples: ['npm run admin -- run-job session-cleanup', 'npm run admin -- run-job contract-lifecycle'],
  options: { name: { type: 'string' } },
  positionals: true,
  async run(values, env, positionals) {
    const name = positionals[0] ?? requireFlag(values, 'name');
    if (!JOBS.some((j) => j.name === name)) throw new CliError(`no job named "${name}". Jobs: ${JOBS.map((j) => j.name).join(', ')}`);
    const { ctx, close } = await jobContext(env);
    try {
      const result = await ctx.jobs.runNow(name);
      if (name !== MAIL_OUTBOX_JOB) await ctx.mail.deliverDue();
      if (result.outcome === 'failed') throw new CliError(`job ${name} failed: ${result.detail}`);
      env.out(`Job ${name} done${result.detail ? `: ${result.detail}` : ''}.`);
    } finally {
      await close();
    }
  },
});

export const listJobsCommand = defineCommand({
  name: 'jobs',
  summary: 'List the scheduled jobs with their schedule (UTC), last run and outcome',
  usage: '[--json]',
  details: ['Options:', '  --json   print one JSON array (name, cron, summary, lastStartedAt, lastOutcome, lastDetail, lastTrigger)'],
  examples: ['npm run admin -- jobs'],
  options: { json: { type: 'boolean', default: false } },
  async run(values, env) {
    const { db } = await env.database();
    const statuses = await jobStatuses({ db }, JOBS);
    if (values.json) {
      env.out(JSON.stringify(statuses));
      return;
    }
    const rows = statuses.map((s) => [s.name, s.cron, s.lastStartedAt ?? 'never', s.lastOutcome ?? '-', s.lastTrigger ?? '-', s.lastDetail.slice(0, 60)]);
    for (const line of formatTable(['JOB', 'CRON (UTC)', 'LAST RUN', 'OUTCOME', 'TRIGGER', 'DETAIL'], rows)) env.out(line);
  },
});

export const mailCommand = defineCommand({
  name: 'mail',
  summary: 'List e-mails of the outbox: given up after a day of failed attempts (--failed) or still queued',
  usage: '--failed | --queued [--json]',
  details: [
    'Options:',
    '  --failed   the e-mails that could not be delivered for a day (each with its last error)',
    '  --queued   the e-mails waiting for delivery or for their next attempt',
    '  --json     print one JSON array (id, kind, recipient, subject, attempts, lastError, createdAt)',
  ],
  examples: ['npm run admin -- mail --failed'],
  options: { failed: { type: 'boolean', default: false }, queued: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  async run(values, env) {
    if (values.failed === values.queued) throw new CliError('give exactly one of --failed or --queued');
    const { db } = await env.database();
    const rows = (await listOutbox(db, values.failed ? 'failed' : 'queued')).map((r) => ({
      id: r.id,
      kind: r.kind,
      recipient: r.recipient,
      subject: r.subject,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt,
    }));
    if (values.json) {
      env.out(JSON.stringify(rows));
      return;
    }
    if (rows.length === 0) {
      env.out(values.failed ? 'No failed e-mails.' : 'No queued e-mails.');
      return;
    }
    const table = rows.map((r) => [String(r.id), r.createdAt, r.kind, r.recipient, String(r.attempts), r.lastError.slice(0, 60)]);
    for (const line of formatTable(['ID', 'WRITTEN', 'KIND', 'TO', 'ATTEMPTS', 'LAST ERROR'], table)) env.out(line);
  },
});
