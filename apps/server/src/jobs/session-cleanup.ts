// Expired sessions (owners, guests, operators) and one-time tokens and download tickets past their
// end are useless rows: removed every hour.
import type { JobDef } from './job';
import { HOUR_MS } from './job';

export const sessionCleanupJob: JobDef = {
  name: 'session-cleanup',
  cron: '17 * * * *',
  summary: 'Remove expired sessions, one-time tokens and download tickets',
  catchUpMs: 2 * HOUR_MS,
  async run({ ctx, now }) {
    const cutoff = now.toISOString();
    const removed: Record<string, number> = {};
    const tables = ['sessions', 'guestSessions', 'oneTimeTokens', 'operatorSessions', 'operatorTokens', 'downloadTickets'] as const;
    for (const table of tables) {
      const result = await ctx.db.deleteFrom(table).where('expiresAt', '<=', cutoff).executeTakeFirst();
      removed[table] = Number(result.numDeletedRows);
    }
    // A run history of a month is enough to answer "did it run?".
    const old = new Date(now.getTime() - 30 * 24 * HOUR_MS).toISOString();
    const runs = await ctx.db.deleteFrom('jobRuns').where('startedAt', '<', old).executeTakeFirst();
    removed.jobRuns = Number(runs.numDeletedRows);
    const sent = await ctx.db.deleteFrom('mailOutbox').where('state', '=', 'sent').where('createdAt', '<', old).executeTakeFirst();
    removed.sentMail = Number(sent.numDeletedRows);
    return removed;
  },
};
