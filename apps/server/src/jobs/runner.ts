// The two runners of the jobs layer (DESIGN "jobs/"; docs/decisions/012): in-process with croner on
// the embedded default (one instance per SQLite file), graphile-worker on PostgreSQL (each cron
// occurrence enqueued once across instances, retries with backoff, catch-up of missed occurrences).
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { JobDef } from './job';
import { runRecorded, type RunOutcome } from './record';

export interface JobRunner {
  readonly kind: 'in-process' | 'graphile-worker';
  readonly jobs: JobDef[];
  /** Starts the schedule (and, on PostgreSQL, the worker). */
  start(): Promise<void>;
  /** Runs one job here and now, recorded as a manual run (`admin run-job`). */
  runNow(name: string, now?: Date): Promise<RunOutcome>;
  /**
   * Asks for an unrecorded run soon (the outbox after a message is queued). On PostgreSQL the request
   * is written with `db`, so it exists only if the caller's transaction commits.
   */
  soon(name: string, db: Kysely<Database> | Transaction<Database>): Promise<void>;
  /** Stops scheduling and waits for the runs in progress. */
  stop(): Promise<void>;
}

export function findJob(jobs: JobDef[], name: string): JobDef {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new Error(`No job named "${name}". Jobs: ${jobs.map((j) => j.name).join(', ')}`);
  return job;
}

export async function runManually(ctx: AppContext, jobs: JobDef[], name: string, now: Date = ctx.now()): Promise<RunOutcome> {
  const job = findJob(jobs, name);
  try {
    return await runRecorded(ctx, job, { trigger: 'manual', occurrence: null, attempt: 1, now });
  } catch (err) {
    return { outcome: 'failed', detail: err instanceof Error ? err.message : String(err) };
  }
}

/** The pause before retry n (after n failed attempts) of a scheduled run on the in-process runner. */
export function inProcessRetryDelayMs(failedAttempts: number): number {
  return Math.min(5_000 * 2 ** (failedAttempts - 1), 10 * 60_000);
}
