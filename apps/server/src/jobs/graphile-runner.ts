// Jobs on PostgreSQL with graphile-worker 0.17 (docs/decisions/012): its crontab enqueues each
// occurrence once whichever instances are running (known_crontabs), backfills occurrences missed
// while all were down (`backfillPeriod`), and retries a throwing task with exponential backoff.
// Each instance also runs a worker, so any of them may take the job. graphile-worker and pg are loaded
// when the worker starts: a SQLite installation never loads them (issue 25 §2).
import type pg from 'pg';
import type { Runner, Task, TaskList } from 'graphile-worker';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { JobDef } from './job';
import { runRecorded } from './record';
import { findJob, runManually, type JobRunner } from './runner';

const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * graphile-worker's own tables live in a schema of their own: `graphile_worker` next to `public`, or
 * `<schema>_jobs` when the app's tables are in another schema (two installations, or parallel test
 * runs, on one database never share a schedule).
 */
export async function jobsSchemaFor(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? 'public';
  return current === 'public' ? 'graphile_worker' : `${current}_jobs`;
}

interface CronPayload {
  _cron?: { ts: string; backfilled?: boolean };
  soon?: boolean;
}

export class GraphileRunner implements JobRunner {
  readonly kind = 'graphile-worker' as const;
  private runner: Runner | null = null;
  private schema = 'graphile_worker';
  private stopping = false;
  private restart: NodeJS.Timeout | null = null;
  /**
   * The worker's connections, ours rather than graphile-worker's: a worker that stops (on our
   * request, or on its own when another schema migrates) may still be failing a job on its way out;
   * with its own pool ended under it, that ends in an unhandled "Cannot use a pool after calling end".
   * Ours lives until every worker is stopped and their last queries are done.
   */
  private pool: pg.Pool | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly jobs: JobDef[],
    private readonly connectionString: string,
  ) {}

  async start(): Promise<void> {
    this.schema = await jobsSchemaFor(this.ctx.db);
    await this.startWorker();
  }

  private async startWorker(): Promise<void> {
    const taskList: TaskList = {};
    for (const job of this.jobs) taskList[job.name] = this.task(job);
    const log = this.ctx.log;
    const [{ Logger, parseCronItems, run }, { default: pg }] = await Promise.all([import('graphile-worker'), import('pg')]);
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.connectionString, max: 4 });
      this.pool.on('error', (err) => log.warn({ err, engine: 'graphile-worker' }, 'Job worker connection error'));
    }
    this.runner = await run({
      pgPool: this.pool,
      // Completing and failing jobs go through graphile's batchers (flushed every tick), which its
      // graceful shutdown awaits: without them those writes are fire-and-forget and may land after
      // stop() on a pool already ended (an unhandled rejection).
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      schema: this.schema,
      concurrency: 2,
      noHandleSignals: true,
      pollInterval: 2000,
      taskList,
      parsedCronItems: parseCronItems(
        this.jobs.map((job) => ({
          task: job.name,
          identifier: job.name,
          match: job.cron,
          options: {
            backfillPeriod: job.catchUpMs,
            maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
            ...(job.queue ? { queueName: job.queue } : {}),
          },
        })),
      ),
      logger: new Logger(() => (rawLevel, message) => {
        const level: string = rawLevel;
        if (level === 'error') log.error({ engine: 'graphile-worker' }, message);
        else if (level === 'warning') log.warn({ engine: 'graphile-worker' }, message);
      }),
    });
    this.watch(this.runner);
  }

  /**
   * graphile-worker 0.17 listens for "a breaking migration" database-wide, not per schema: when
   * another installation or test schema on the same database is created, every worker shuts itself
   * down (and sets process.exitCode 57). Its start-up refuses a truly incompatible schema, so
   * starting again is safe: a worker that stops without our asking is restarted.
   */
  private watch(runner: Runner): void {
    const restartSoon = () => {
      if (this.stopping || this.runner !== runner) return;
      if (process.exitCode === 57) process.exitCode = undefined;
      this.runner = null;
      this.ctx.log.warn({ engine: 'graphile-worker' }, 'Job worker stopped on its own; restarting it');
      this.restart = setTimeout(() => {
        this.restart = null;
        if (this.stopping) return;
        this.startWorker().catch((err: unknown) => this.ctx.log.error({ err }, 'Job worker could not restart'));
      }, 500);
    };
    runner.promise.then(restartSoon, restartSoon);
  }

  private task(job: JobDef): Task {
    return async (rawPayload, helpers) => {
      const payload = (rawPayload ?? {}) as CronPayload;
      if (payload.soon) {
        await job.run({ ctx: this.ctx, now: this.ctx.now() });
        return;
      }
      await runRecorded(this.ctx, job, {
        trigger: 'schedule',
        occurrence: payload._cron?.ts ? new Date(payload._cron.ts).toISOString() : null,
        attempt: helpers.job.attempts,
        now: this.ctx.now(),
      });
    };
  }

  runNow(name: string, now?: Date) {
    return runManually(this.ctx, this.jobs, name, now);
  }

  async soon(name: string, db: Kysely<Database> | Transaction<Database>): Promise<void> {
    const job = findJob(this.jobs, name);
    // A job key folds many requests made before the worker picks one up into a single run.
    await sql`select ${sql.id(this.schema)}.add_job(${name}, ${JSON.stringify({ soon: true })}::json, queue_name => ${job.queue ?? null}, max_attempts => 3, job_key => ${`${name}:soon`})`.execute(
      db,
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restart) clearTimeout(this.restart);
    const runner = this.runner;
    this.runner = null;
    if (runner) await runner.stop().catch((err: unknown) => this.ctx.log.warn({ err }, 'Job worker stop'));
    const pool = this.pool;
    this.pool = null;
    if (pool) {
      // A job being failed or released on the way out finishes its query first.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await pool.end().catch((err: unknown) => this.ctx.log.warn({ err }, 'Job worker pool end'));
    }
  }
}
