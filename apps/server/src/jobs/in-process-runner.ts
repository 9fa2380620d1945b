// Jobs on the embedded default: croner timers in this process (SQLite allows one instance per data
// folder, so there is nobody to share with). Runs of one job never overlap; a failed scheduled run
// is retried with a growing pause; at start, an occurrence missed while the server was down (within
// the job's catch-up window) runs once.
import { Cron } from 'croner';
import type { AppContext } from '../context';
import type { JobDef } from './job';
import { runRecorded } from './record';
import { findJob, inProcessRetryDelayMs, runManually, type JobRunner } from './runner';

const DEFAULT_MAX_ATTEMPTS = 3;

export class InProcessRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  private readonly crons: Cron[] = [];
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly soonPending = new Set<string>();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    readonly jobs: JobDef[],
  ) {}

  async start(): Promise<void> {
    for (const job of this.jobs) {
      this.crons.push(
        new Cron(job.cron, { timezone: 'UTC' }, () => {
          this.fire(job, minuteOf(new Date()), 1);
        }),
      );
    }
    await this.catchUp();
  }

  private async catchUp(): Promise<void> {
    const now = new Date();
    for (const job of this.jobs) {
      if (job.catchUpMs <= 0) continue;
      const last = await this.ctx.db
        .selectFrom('jobRuns')
        .select(['occurrence', 'startedAt'])
        .where('job', '=', job.name)
        .where('trigger', '=', 'schedule')
        .orderBy('startedAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      // Never run before: nothing was missed (as graphile-worker treats a new crontab entry).
      if (!last) continue;
      const missed = new Cron(job.cron, { timezone: 'UTC', paused: true }).nextRun(new Date(last.occurrence ?? last.startedAt));
      if (missed && missed < now && now.getTime() - missed.getTime() <= job.catchUpMs) this.fire(job, missed, 1);
    }
  }

  /** Queues one scheduled run of the job behind the runs already in progress. */
  private fire(job: JobDef, occurrence: Date, attempt: number): void {
    if (this.stopped) return;
    void this.serial(job.name, async () => {
      try {
        await runRecorded(this.ctx, job, { trigger: 'schedule', occurrence: occurrence.toISOString(), attempt, now: this.ctx.now() });
      } catch {
        if (attempt >= (job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) || this.stopped) return;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.fire(job, occurrence, attempt + 1);
        }, inProcessRetryDelayMs(attempt));
        timer.unref();
        this.timers.add(timer);
      }
    });
  }

  private serial(name: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(name) ?? Promise.resolve();
    const next = previous.then(work, work).catch((err: unknown) => this.ctx.log.error({ err, job: name }, 'Job runner error'));
    this.chains.set(name, next);
    return next;
  }

  runNow(name: string, now?: Date) {
    return runManually(this.ctx, this.jobs, name, now);
  }

  soon(name: string): Promise<void> {
    const job = findJob(this.jobs, name);
    if (this.stopped || this.soonPending.has(name)) return Promise.resolve();
    this.soonPending.add(name);
    // After the caller's transaction: SQLite has one connection, so this query waits for its commit.
    setImmediate(() => {
      void this.serial(name, async () => {
        this.soonPending.delete(name);
        if (this.stopped) return;
        try {
          await job.run({ ctx: this.ctx, now: this.ctx.now() });
        } catch (err) {
          this.ctx.log.error({ err, job: name }, 'Job failed');
        }
      });
    });
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const cron of this.crons) cron.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.chains.values()]);
  }
}

function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}
