// Once a day (issue 29 §3): requests nobody answered in 30 days are deleted with the personal data in
// them, and each family whose memorial received more requests than the day's e-mails is told of the
// rest in one summary. A request is marked told in the summary's transaction, so a retried or
// overlapping run never tells it twice.
import { ACCESS_REQUEST_LIMITS } from '@recuerdos/shared/access-requests';
import { deleteExpiredRequests, memorialsWithUnmailedRequests, takeUnmailedRequests } from '../modules/access-requests/access-requests.repository';
import { summaryMail } from '../modules/access-requests/access-requests.mails';
import { HOUR_MS, type JobDef } from './job';

export const accessRequestsDailyJob: JobDef = {
  name: 'access-requests-daily',
  // 08:00 in Lima.
  cron: '0 13 * * *',
  summary: 'Deletes access requests older than 30 days; one summary to each family of the requests not e-mailed yet',
  catchUpMs: 24 * HOUR_MS,
  async run({ ctx, now }) {
    const expired = await deleteExpiredRequests(ctx.db, new Date(now.getTime() - ACCESS_REQUEST_LIMITS.keepDays * 24 * HOUR_MS).toISOString());
    let summaries = 0;
    for (const memorialId of await memorialsWithUnmailedRequests(ctx.db)) {
      await ctx.db.transaction().execute(async (trx) => {
        const requests = await takeUnmailedRequests(trx, memorialId, now.toISOString());
        if (requests.length === 0) return;
        const owner = await trx
          .selectFrom('memorials')
          .innerJoin('accounts', 'accounts.id', 'memorials.accountId')
          .select(['accounts.email', 'accounts.name', 'memorials.fullname'])
          .where('memorials.id', '=', memorialId)
          .executeTakeFirstOrThrow();
        await ctx.mail.queue(summaryMail(ctx.config.publicUrl, owner, owner.fullname, requests), trx);
        summaries += 1;
      });
    }
    return { expired, summaries };
  },
};
