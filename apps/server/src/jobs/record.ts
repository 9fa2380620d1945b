// Every run of a job, whichever runner started it, is written to job_runs (`admin jobs`) and counted
// in the metrics.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { jobRunsTotal } from '../metrics/metrics';
import type { JobDef } from './job';

/** Names this process in job_runs (two servers on one machine differ by pid, two in one test by suffix). */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;

export interface RunSpec {
  trigger: 'schedule' | 'manual';
  occurrence: string | null;
  attempt: number;
  now: Date;
}

export interface RunOutcome {
  outcome: 'ok' | 'failed';
  detail: string;
}

function describe(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return '(not serialisable)';
  }
}

/** Runs the job and records it; rethrows a failure (the engine retries it). */
export async function runRecorded(ctx: AppContext, job: JobDef, spec: RunSpec): Promise<RunOutcome> {
  const row = await ctx.db
    .insertInto('jobRuns')
    .values({
      job: job.name,
      trigger: spec.trigger,
      occurrence: spec.occurrence,
      attempt: spec.attempt,
      outcome: 'running',
      detail: '',
      instance: INSTANCE_ID,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const finish = async (outcome: RunOutcome) => {
    await ctx.db
      .updateTable('jobRuns')
      .set({ outcome: outcome.outcome, detail: outcome.detail.slice(0, 1000), finishedAt: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    jobRunsTotal.inc({ job: job.name, outcome: outcome.outcome });
    return outcome;
  };
  try {
    const result = await job.run({ ctx, now: spec.now });
    return await finish({ outcome: 'ok', detail: describe(result) });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, job: job.name, attempt: spec.attempt }, 'Scheduled job failed');
    await finish({ outcome: 'failed', detail: message });
    throw err;
  }
}

export interface JobStatus {
  name: string;
  cron: string;
  summary: string;
  lastStartedAt: string | null;
  lastOutcome: 'running' | 'ok' | 'failed' | null;
  lastDetail: string;
  lastTrigger: string | null;
}

export async function jobStatuses(ctx: Pick<AppContext, 'db'>, jobs: JobDef[]): Promise<JobStatus[]> {
  const out: JobStatus[] = [];
  for (const job of jobs) {
    const last = await ctx.db
      .selectFrom('jobRuns')
      .selectAll()
      .where('job', '=', job.name)
      .orderBy('startedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    out.push({
      name: job.name,
      cron: job.cron,
      summary: job.summary,
      lastStartedAt: last?.startedAt ?? null,
      lastOutcome: last?.outcome ?? null,
      lastDetail: last?.detail ?? '',
      lastTrigger: last?.trigger ?? null,
    });
  }
  return out;
}
