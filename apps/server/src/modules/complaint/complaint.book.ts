// The complaints book in the back office (issue 15 §3): each complaint with its status and its
// deadline — 15 business days in Lima, counted with the holidays operators add — the ones due
// within 3 business days or overdue standing out; answers and later notes recorded next to the
// complaint (which stays untouched), e-mailed to the consumer, never changed afterwards; the
// holidays; and the year's book as rows for the CSV and PDF exports. Complaints are never deleted.
import { limaDate } from '@recuerdos/shared/dates';
import type { AppContext } from '../../context';
import type { Complaint, ComplaintEntry, Holiday } from '../../db/schema';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { addBusinessDays, businessDaysBetween, COMPLAINT_ANSWER_BUSINESS_DAYS, peruHoliday, type ExtraHolidays } from './complaint.calendar';
import { complaintAnswerMail, complaintNoteMail } from './complaint.mails';
import * as repo from './complaint.repository';

export const BOOK_MESSAGES = {
  notFound: 'No encontramos ese reclamo',
  answered: 'Respuesta registrada y enviada al consumidor',
  alreadyAnswered: 'Este reclamo ya tiene una respuesta, y una respuesta no se puede modificar. Si necesitas añadir algo, agrega una nota',
  noteAdded: 'Nota agregada',
  noteSent: 'Nota agregada y enviada al consumidor',
  holidayAdded: 'Feriado agregado. Los plazos se recalcularon',
  holidayRemoved: 'Feriado quitado. Los plazos se recalcularon',
  alreadyHoliday: 'Ese día ya es feriado',
  holidayNotFound: 'Ese feriado no está en la lista',
  weekend: 'Ese día es sábado o domingo: no cambia ningún plazo',
} as const;

/** An unanswered complaint stands out when this many business days or fewer are left. */
export const DUE_SOON_BUSINESS_DAYS = 3;

export interface Operator {
  operatorId: number;
  name: string;
  actor: AuditActor;
}

export interface BookEntry {
  complaint: Complaint;
  entries: ComplaintEntry[];
  answer: ComplaintEntry | null;
  dueOn: string;
  businessDaysLeft: number;
  urgency: 'overdue' | 'due-soon' | null;
  /** The funeral home that sold the complaint's contract (issue 30 §6), or null; routing stays ours. */
  partner: string | null;
}

/** Lima date on which the complaint was received. */
export function receivedOn(complaint: Pick<Complaint, 'createdAt'>): string {
  return limaDate(new Date(complaint.createdAt));
}

export function bookEntry(complaint: Complaint, entries: ComplaintEntry[], today: string, holidays: ExtraHolidays): BookEntry {
  const answer = entries.find((e) => e.kind === 'answer') ?? null;
  const dueOn = addBusinessDays(receivedOn(complaint), COMPLAINT_ANSWER_BUSINESS_DAYS, holidays);
  const businessDaysLeft = businessDaysBetween(today, dueOn, holidays);
  let urgency: BookEntry['urgency'] = null;
  if (!answer) urgency = dueOn < today ? 'overdue' : businessDaysLeft <= DUE_SOON_BUSINESS_DAYS ? 'due-soon' : null;
  return { complaint, entries, answer, dueOn, businessDaysLeft, urgency, partner: null };
}

async function entriesByComplaint(ctx: Pick<AppContext, 'db'>, complaints: Complaint[]): Promise<Map<number, ComplaintEntry[]>> {
  const map = new Map<number, ComplaintEntry[]>();
  for (const entry of await repo.entriesOf(ctx.db, complaints.map((c) => c.id))) {
    const list = map.get(entry.complaintId) ?? [];
    list.push(entry);
    map.set(entry.complaintId, list);
  }
  return map;
}

async function entriesFor(ctx: Pick<AppContext, 'db'>, complaints: Complaint[], now: Date): Promise<BookEntry[]> {
  const [byComplaint, holidays, partners] = await Promise.all([
    entriesByComplaint(ctx, complaints),
    repo.holidayDates(ctx.db),
    repo.partnersOfContracts(ctx.db, complaints.map((c) => c.contract)),
  ]);
  const today = limaDate(now);
  return complaints.map((c) => ({
    ...bookEntry(c, byComplaint.get(c.id) ?? [], today, holidays),
    partner: partners.get(repo.contractNumberOf(c.contract)) ?? null,
  }));
}

export type BookFilter = { year: number | null; status: '' | 'received' | 'answered' | 'attention' };

/** The year's book (default: this year in Lima); 'attention' = unanswered, due soon or overdue, any year. */
export async function listBook(ctx: Pick<AppContext, 'db'>, filter: BookFilter, now = new Date()): Promise<BookEntry[]> {
  if (filter.status === 'attention') return needingAttention(ctx, now);
  const year = filter.year ?? Number(limaDate(now).slice(0, 4));
  const rows = await entriesFor(ctx, await repo.complaintsOfYear(ctx.db, year), now);
  if (filter.status === 'received') return rows.filter((r) => !r.answer);
  if (filter.status === 'answered') return rows.filter((r) => r.answer);
  return rows;
}

/** Unanswered complaints due within 3 business days or overdue (the daily e-mail's list). */
export async function needingAttention(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<BookEntry[]> {
  const rows = await entriesFor(ctx, await repo.unansweredComplaints(ctx.db), now);
  return rows.filter((r) => r.urgency !== null).sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
}

export async function bookDetail(ctx: Pick<AppContext, 'db'>, number: string, now = new Date()): Promise<BookEntry> {
  const complaint = await repo.findComplaintByNumber(ctx.db, number);
  if (!complaint) throw notFound(BOOK_MESSAGES.notFound);
  const [entry] = await entriesFor(ctx, [complaint], now);
  if (!entry) throw notFound(BOOK_MESSAGES.notFound);
  return entry;
}

/**
 * Records the answer (text, operator, date) next to the complaint and e-mails it to the consumer.
 * One answer per complaint: a second one is refused by the database, so it can never be replaced.
 */
export async function answerComplaint(ctx: AppContext, operator: Operator, number: string, text: string, now = new Date()): Promise<ComplaintEntry> {
  const complaint = await repo.findComplaintByNumber(ctx.db, number);
  if (!complaint) throw notFound(BOOK_MESSAGES.notFound);
  let entry: ComplaintEntry;
  try {
    entry = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insertEntry(trx, {
        complaintId: complaint.id,
        kind: 'answer',
        text,
        operatorId: operator.operatorId,
        operatorName: operator.name,
        emailedTo: complaint.email,
        createdAt: nowIso(now),
      });
      await recordAudit(trx, operator.actor, 'complaint.answered', complaint.number, { emailedTo: complaint.email, length: text.length }, now);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BOOK_MESSAGES.alreadyAnswered);
    throw err;
  }
  await ctx.mail.queue(complaintAnswerMail(complaint, entry, ctx.config));
  return entry;
}

/** A later note: a new entry (the answer is never edited); e-mailed to the consumer when asked. */
export async function addNote(ctx: AppContext, operator: Operator, number: string, input: { text: string; notify: boolean }, now = new Date()): Promise<ComplaintEntry> {
  const complaint = await repo.findComplaintByNumber(ctx.db, number);
  if (!complaint) throw notFound(BOOK_MESSAGES.notFound);
  const entry = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertEntry(trx, {
      complaintId: complaint.id,
      kind: 'note',
      text: input.text,
      operatorId: operator.operatorId,
      operatorName: operator.name,
      emailedTo: input.notify ? complaint.email : null,
      createdAt: nowIso(now),
    });
    await recordAudit(trx, operator.actor, 'complaint.note-added', complaint.number, { emailedTo: row.emailedTo, length: input.text.length }, now);
    return row;
  });
  if (entry.emailedTo) await ctx.mail.queue(complaintNoteMail(complaint, entry, ctx.config));
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Holidays

export function listHolidays(ctx: Pick<AppContext, 'db'>): Promise<Holiday[]> {
  return repo.listHolidays(ctx.db);
}

export async function addHoliday(ctx: AppContext, actor: AuditActor, input: { date: string; name: string }, now = new Date()): Promise<void> {
  if (peruHoliday(input.date)) throw conflict(BOOK_MESSAGES.alreadyHoliday);
  const weekday = new Date(`${input.date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) throw conflict(BOOK_MESSAGES.weekend);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.insertHoliday(trx, { date: input.date, name: input.name, createdBy: actor.email, createdAt: nowIso(now) });
      await recordAudit(trx, actor, 'holiday.added', input.date, { name: input.name }, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BOOK_MESSAGES.alreadyHoliday);
    throw err;
  }
}

export async function removeHoliday(ctx: AppContext, actor: AuditActor, date: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteHoliday(trx, date);
    if (!removed) throw notFound(BOOK_MESSAGES.holidayNotFound);
    await recordAudit(trx, actor, 'holiday.removed', date, { name: removed.name });
  });
}

// ---------------------------------------------------------------------------------------------
// Export

export async function bookOfYear(ctx: AppContext, actor: AuditActor, year: number, format: 'csv' | 'pdf', now = new Date()): Promise<BookEntry[]> {
  const rows = await entriesFor(ctx, await repo.complaintsOfYear(ctx.db, year), now);
  await recordAudit(ctx.db, actor, 'complaint.exported', String(year), { format, complaints: rows.length }, now);
  return rows;
}
