// The complaints book (spec §3, §5; Libro de Reclamaciones): each complaint gets the next number of
// its year, is stored once and never changed, and is copied by e-mail to the consumer and to the
// business. The operator lists them with their answer deadlines.
import type { z } from 'zod';
import type { complaintSchema } from '@recuerdos/shared/complaint-schemas';
import { limaDate } from '@recuerdos/shared/dates';
import type { AppContext } from '../../context';
import type { Complaint } from '../../db/schema';
import { nowIso } from '../../db/database';
import { tooManyRequests } from '../../http/errors';
import { addBusinessDays, COMPLAINT_ANSWER_BUSINESS_DAYS } from './complaint.calendar';
import { businessCopyMail, consumerCopyMail } from './complaint.mails';
import { allComplaints, insertComplaint } from './complaint.repository';

export const COMPLAINT_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

export const COMPLAINT_MESSAGES = {
  sent: 'Tu Reclamo o Queja se envió con éxito',
} as const;

export async function fileComplaint(ctx: AppContext, ip: string, input: z.output<typeof complaintSchema>, now = new Date()): Promise<Complaint> {
  const hit = await ctx.limiter.hit(`complaint:${ip}`, COMPLAINT_LIMIT.windowMs);
  if (hit.count > COMPLAINT_LIMIT.max) throw tooManyRequests(undefined, Math.ceil(hit.resetMs / 1000));
  const received = limaDate(now);
  const complaint = await insertComplaint(ctx.db, {
    year: Number(received.slice(0, 4)),
    createdAt: nowIso(now),
    consumerDate: input.date,
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    contract: input.contract,
    document: input.document,
    phone: input.phone,
    type: input.type,
    detail: input.detail,
    request: input.order,
    dueOn: addBusinessDays(received, COMPLAINT_ANSWER_BUSINESS_DAYS),
  });
  ctx.mail.queue(consumerCopyMail(complaint, ctx.config));
  ctx.mail.queue(businessCopyMail(complaint, ctx.config));
  return complaint;
}

/** Every complaint, oldest first (for the operator's `list-complaints`, with formatComplaintList). */
export function listComplaints(ctx: Pick<AppContext, 'db'>): Promise<Complaint[]> {
  return allComplaints(ctx.db);
}
