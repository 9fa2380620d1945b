// The complaints book (spec §3, §5; Libro de Reclamaciones): each complaint gets the next number of
// its year, is stored once and never changed, and is copied by e-mail to the consumer and to the
// business. The operator lists them with their answer deadlines.
import type { z } from 'zod';
import type { complaintSchema } from '@recuerdos/shared/complaint-schemas';
import { limaDate } from '@recuerdos/shared/dates';
import type { AppContext } from '../../context';
import type { Complaint } from '../../db/schema';
import { nowIso } from '../../db/database';
import { reserveAll } from '../../security/attempt-guard';
import { addBusinessDays, COMPLAINT_ANSWER_BUSINESS_DAYS } from './complaint.calendar';
import { businessCopyMail, consumerCopyMail } from './complaint.mails';
import { allComplaints, holidayDates, insertComplaint } from './complaint.repository';

/** Per address: the form e-mails a copy to whatever address is typed, so it must not be a mail cannon. */
export const COMPLAINT_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;
/** Copies to one recipient per day, whatever addresses the requests come from. */
export const COMPLAINT_COPY_LIMIT = { max: 3, windowMs: 24 * 60 * 60_000 } as const;

export const COMPLAINT_MESSAGES = {
  sent: 'Tu Reclamo o Queja se envió con éxito',
  tooManyCopies:
    'Hoy ya enviamos varias constancias de reclamos a este correo electrónico. Inténtalo de nuevo mañana o comunícate con nosotros por teléfono',
} as const;

export async function fileComplaint(ctx: AppContext, address: string, input: z.output<typeof complaintSchema>, now = new Date()): Promise<Complaint> {
  // Counted before anything is stored or sent: a burst from one address files at most the cap.
  const giveBack = await reserveAll(ctx.limiter, [
    { key: `complaint:addr:${address}`, cap: COMPLAINT_LIMIT },
    { key: `complaint:copy:${input.email}`, cap: COMPLAINT_COPY_LIMIT, message: COMPLAINT_MESSAGES.tooManyCopies },
  ]);
  try {
    return await storeAndSend(ctx, input, now);
  } catch (err) {
    await giveBack();
    throw err;
  }
}

async function storeAndSend(ctx: AppContext, input: z.output<typeof complaintSchema>, now: Date): Promise<Complaint> {
  const received = limaDate(now);
  const holidays = await holidayDates(ctx.db);
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
    dueOn: addBusinessDays(received, COMPLAINT_ANSWER_BUSINESS_DAYS, holidays),
  });
  await ctx.mail.queue(consumerCopyMail(complaint, ctx.config));
  await ctx.mail.queue(businessCopyMail(complaint, ctx.config));
  return complaint;
}

/** Every complaint, oldest first (for the operator's `list-complaints`, with formatComplaintList). */
export function listComplaints(ctx: Pick<AppContext, 'db'>): Promise<Complaint[]> {
  return allComplaints(ctx.db);
}
