// What a scheduled job is (issue 16 §1): a name, a schedule and a function of the app's context and
// the time it runs for. The runner (in-process or graphile-worker) only decides when and where.
import type { AppContext } from '../context';

export interface JobContext {
  ctx: AppContext;
  /** The time the run is for: the app's clock (tests move it). */
  now: Date;
}

export interface JobDef {
  name: string;
  /** Five-field cron expression, evaluated in UTC on both runners (graphile-worker's crontab is UTC). */
  cron: string;
  /** One line for `admin jobs`. */
  summary: string;
  /** How far back missed occurrences are caught up after every instance was down (ms). */
  catchUpMs: number;
  /** Runs serially with other jobs of the same queue across instances (PostgreSQL). */
  queue?: string;
  /** Attempts of one occurrence before it is left failed (the first included). */
  maxAttempts?: number;
  /** The result is stored as the run's detail (JSON); a throw is a failed run, retried with backoff. */
  run(job: JobContext): Promise<unknown>;
}

export const HOUR_MS = 60 * 60_000;
