// The jobs layer (issue 16 §1). On every database: `admin run-job` runs a job now and `admin jobs`
// shows its last run. On PostgreSQL (graphile-worker): two servers on one database, both with their
// schedulers running, run each occurrence once, retry a job that throws, and catch up occurrences
// missed while both were down.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeOwner } from '../../test/factories';
import { runAdmin } from '../../test/admin-cli';
import { testDialect } from '../../test/database';
import { JOBS } from './registry';
import type { JobDef } from './job';
import { jobsSchemaFor } from './graphile-runner';

describe('run-job and jobs', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes expired sessions now and shows the run in admin jobs', async () => {
    const live = await makeOwner(t.db);
    const stale = await makeOwner(t.db);
    await t.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 60_000).toISOString() }).where('accountId', '=', stale.account.id).execute();

    const run = await runAdmin(t, ['run-job', 'session-cleanup']);
    expect(run.code).toBe(0);
    expect(run.out.join('\n')).toMatch(/^Job session-cleanup done: \{"sessions":1,/);
    const left = async (accountId: number) => (await t.db.selectFrom('sessions').select('id').where('accountId', '=', accountId).execute()).length;
    expect(await left(stale.account.id)).toBe(0);
    expect(await left(live.account.id)).toBe(1);
    // The live session still opens the account area.
    expect((await t.get(`/api/contract/get-disclaimers?identifier=${live.memorial.identifier}`, { token: live.token })).status).toBe(200);

    const listed = await runAdmin(t, ['jobs', '--json']);
    const statuses = JSON.parse(listed.out.join('')) as { name: string; lastOutcome: string | null; lastTrigger: string | null }[];
    expect(statuses.map((s) => s.name)).toEqual(JOBS.map((j) => j.name));
    expect(statuses.find((s) => s.name === 'session-cleanup')).toMatchObject({ lastOutcome: 'ok', lastTrigger: 'manual' });

    const unknown = await runAdmin(t, ['run-job', 'no-such-job']);
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('no job named "no-such-job"');
  });
});

const onPostgres = testDialect() === 'postgres';
if (!onPostgres) console.log('jobs.test.ts: the two-instance scheduler tests need TEST_DB=postgres (graphile-worker); skipped on SQLite');

describe.skipIf(!onPostgres)('two instances on one PostgreSQL (graphile-worker)', () => {
  let flakyCalls = 0;
  const probe: JobDef = { name: 'probe', cron: '* * * * *', summary: 'test probe', catchUpMs: 10 * 60_000, run: () => Promise.resolve('tick') };
  const flaky: JobDef = {
    name: 'flaky',
    cron: '* * * * *',
    summary: 'throws on the first attempt of each occurrence',
    catchUpMs: 90_000,
    maxAttempts: 3,
    run: () => {
      flakyCalls += 1;
      return flakyCalls === 1 ? Promise.reject(new Error('falla a propósito')) : Promise.resolve('ok');
    },
  };
  const jobs = [...JOBS, probe, flaky];
  let first: TestServer;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // The first start registers the crontab; then, with every instance down, its last execution is
    // moved 5 minutes back: both next servers find the same missed occurrences.
    first = await startTestServer({ jobs });
    const schema = await jobsSchemaFor(first.db);
    await first.app.close();
    const url = first.config.database.kind === 'postgres' ? first.config.database.url : '';
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`update ${schema}._private_known_crontabs set last_execution = now() - interval '5 minutes' where identifier in ('probe', 'flaky')`);
    await client.end();

    [a, b] = await Promise.all([startTestServer({ jobs, shareWith: first }), startTestServer({ jobs, shareWith: first })]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await first.close();
  });

  async function runsOf(job: string) {
    return a.db.selectFrom('jobRuns').selectAll().where('job', '=', job).where('trigger', '=', 'schedule').orderBy('id').execute();
  }

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('runs each missed occurrence once, whichever instance takes it', { timeout: 120_000 }, async () => {
    const runs = await waitFor(() => runsOf('probe'), (rows) => rows.filter((r) => r.outcome === 'ok').length >= 4);
    // Let a second instance's duplicate, if there were one, arrive.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const all = await runsOf('probe');
    const occurrences = all.map((r) => r.occurrence);
    expect(all.length).toBeGreaterThanOrEqual(runs.length);
    expect(new Set(occurrences).size).toBe(occurrences.length);
    expect(all.every((r) => r.outcome === 'ok' && r.attempt === 1)).toBe(true);
  });

  it('retries a job that throws', { timeout: 120_000 }, async () => {
    const runs = await waitFor(() => runsOf('flaky'), (rows) => rows.some((r) => r.outcome === 'ok' && r.attempt === 2));
    const failedFirst = runs.find((r) => r.outcome === 'failed');
    expect(failedFirst).toMatchObject({ attempt: 1, detail: 'falla a propósito' });
    const retried = runs.filter((r) => r.occurrence === failedFirst?.occurrence);
    expect(retried.map((r) => [r.attempt, r.outcome])).toEqual([
      [1, 'failed'],
      [2, 'ok'],
    ]);
  });
});
