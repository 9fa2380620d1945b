// The operators' daily e-mail of complaints to answer (issue 15 §3): unanswered complaints due
// within 3 business days or overdue; scheduled by the jobs layer (issue 16) every morning in Lima.
import { COMPLAINT_TYPES } from '@recuerdos/shared/complaint-schemas';
import type { AppContext } from '../context';
import { needingAttention } from '../modules/complaint/complaint.book';
import { complaintDigestMail } from '../modules/complaint/complaint.mails';
import { activeOperators } from '../modules/operator/operator.repository';
import { HOUR_MS, type JobDef } from './job';

export const COMPLAINT_DIGEST_JOB = { name: 'complaint-deadline-digest', cron: '0 8 * * *', timezone: 'America/Lima' } as const;

/** Sends the list to every operator who can log in; nothing when no complaint needs attention. */
export async function sendComplaintDeadlineDigest(ctx: AppContext, now: Date = new Date()): Promise<{ complaints: number; sentTo: number }> {
  const rows = await needingAttention(ctx, now);
  if (rows.length === 0) return { complaints: 0, sentTo: 0 };
  const lines = rows.map((r) => ({
    number: r.complaint.number,
    typeLabel: COMPLAINT_TYPES[r.complaint.type],
    consumer: `${r.complaint.name} ${r.complaint.lastname}`,
    dueOn: r.dueOn,
    overdue: r.urgency === 'overdue',
    businessDaysLeft: r.businessDaysLeft,
  }));
  const operators = await activeOperators(ctx.db);
  for (const operator of operators) {
    await ctx.mail.queue(complaintDigestMail(operator, lines, `${ctx.config.publicUrl}/admin/complaints`));
  }
  return { complaints: rows.length, sentTo: operators.length };
}

export const complaintDeadlineDigestJob: JobDef = {
  name: COMPLAINT_DIGEST_JOB.name,
  // 08:00 in Lima (UTC−5 all year, no daylight saving): graphile-worker's crontab is UTC.
  cron: '0 13 * * *',
  summary: 'E-mail operators the complaints due within 3 business days or overdue (08:00 Lima)',
  catchUpMs: 6 * HOUR_MS,
  run: ({ ctx, now }) => sendComplaintDeadlineDigest(ctx, now),
};
