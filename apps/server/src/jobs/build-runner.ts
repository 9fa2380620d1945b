// The runner of the configuration: graphile-worker on PostgreSQL, croner in this process on SQLite.
import type { AppContext } from '../context';
import type { JobDef } from './job';
import { GraphileRunner } from './graphile-runner';
import { InProcessRunner } from './in-process-runner';
import type { JobRunner } from './runner';

export function buildJobRunner(ctx: AppContext, jobs: JobDef[]): JobRunner {
  const database = ctx.config.database;
  return database.kind === 'postgres' ? new GraphileRunner(ctx, jobs, database.url) : new InProcessRunner(ctx, jobs);
}
