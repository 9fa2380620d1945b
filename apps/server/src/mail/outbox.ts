// The mail outbox (issue 16 §3): every e-mail is a row written in the transaction of the change that
// caused it; the mail-outbox job delivers due rows, retrying with a growing pause, and gives up a day
// after the message was written. Each row is claimed with one conditional UPDATE before sending, so
// two deliveries that overlap (a scheduled one and `admin run-job`) never send a message twice.
import type { Kysely, Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import type { Selectable } from 'kysely';
import type { MailMessage } from './mailer';

export type MailExecutor = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Selectable<MailOutboxTable>;

/** A message still failing this long after it was written is marked failed (issue 16 §3). */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Rows delivered per run; the rest wait for the next one. */
export const MAIL_BATCH = 50;

/** The pause before attempt n+1 after n failed ones: 30 s, 1 min, 2 min … at most 1 h. */
export function mailRetryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * 60_000);
}

/** Writes the message; resolves with its row id. */
export async function insertOutbox(db: MailExecutor, message: MailMessage, now: Date): Promise<number> {
  const row = await db
    .insertInto('mailOutbox')
    .values({
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headers: message.headers ? JSON.stringify(message.headers) : '',
      state: 'queued',
      attempts: 0,
      nextAttemptAt: now.toISOString(),
      lastError: '',
      createdAt: now.toISOString(),
      sentAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Queued rows whose next attempt has come, oldest first; only those of `ids` when given. */
export async function dueMessages(db: MailExecutor, now: Date, limit = MAIL_BATCH, ids?: number[]): Promise<OutboxRow[]> {
  let query = db.selectFrom('mailOutbox').selectAll().where('state', '=', 'queued').where('nextAttemptAt', '<=', now.toISOString());
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [-1]);
  return query.orderBy('id').limit(limit).execute();
}

/**
 * Takes the row for one attempt: counts the attempt and moves its next attempt past the retry pause
 * first, so a crash mid-send retries later and a concurrent delivery skips it. False when another
 * delivery took it first.
 */
export async function claimMessage(db: MailExecutor, row: OutboxRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mailOutbox')
    .set({
      attempts: row.attempts + 1,
      nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(row.attempts + 1)).toISOString(),
      // Empty while an attempt is in flight (see hasPendingWork).
      lastError: '',
    })
    .where('id', '=', row.id)
    .where('state', '=', 'queued')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSent(db: MailExecutor, id: number, now: Date): Promise<void> {
  await db.updateTable('mailOutbox').set({ state: 'sent', sentAt: now.toISOString(), lastError: '' }).where('id', '=', id).execute();
}

/** Records the error; true when the message is now given up (failed). */
export async function markAttemptFailed(db: MailExecutor, row: OutboxRow, error: string, now: Date): Promise<boolean> {
  const giveUp = now.getTime() - Date.parse(row.createdAt) >= MAIL_GIVE_UP_AFTER_MS;
  await db
    .updateTable('mailOutbox')
    .set({ lastError: (error || 'error').slice(0, 500), ...(giveUp ? { state: 'failed' as const } : {}) })
    .where('id', '=', row.id)
    .execute();
  return giveUp;
}

/** A message due, or one whose attempt is in flight (claimed, no outcome yet). */
export async function hasPendingWork(db: MailExecutor, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('mailOutbox')
    .select('id')
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('nextAttemptAt', '<=', now.toISOString()), eb('lastError', '=', '')]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listOutbox(db: MailExecutor, state: OutboxRow['state']): Promise<OutboxRow[]> {
  return db.selectFrom('mailOutbox').selectAll().where('state', '=', state).orderBy('id').execute();
}
