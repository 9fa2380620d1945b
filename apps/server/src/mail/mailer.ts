// E-mail through nodemailer (DESIGN §7): SMTP when SMTP_URL is set, else .eml files in the outbox
// folder with the first link logged. A request never waits for SMTP: `queue` writes the message to
// the outbox table in the caller's transaction (mail/outbox.ts) and the mail-outbox job delivers it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { mailTotal } from '../metrics/metrics';
import {
  claimMessage,
  dueMessages,
  hasPendingWork,
  insertOutbox,
  markAttemptFailed,
  markSent,
  MAIL_BATCH,
  type MailExecutor,
  type OutboxRow,
} from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Shown in logs instead of the whole message (links carry tokens). */
  kind: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for reminders, RFC 8058). */
  headers?: Record<string, string>;
}

interface Logger {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

function parseHeaders(stored: string): Record<string, string> | undefined {
  if (!stored) return undefined;
  return JSON.parse(stored) as Record<string, string>;
}

export interface MailTransportConfig {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
}

/** SMTP_URL, or .eml files in $DATA_DIR/outbox; the sender. */
export function mailTransportConfig(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>): MailTransportConfig {
  return { smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom };
}

/** Where queued messages are written (the app's and the operator CLI's database). */
export interface MailOutboxStore {
  db: Kysely<Database>;
  now: () => Date;
}

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

export class MailService {
  /** Made at the first send: a server with nothing to send never loads nodemailer (issue 25 §2). */
  private transport: Transporter | null = null;
  private readonly toOutbox: boolean;
  /** Called after a message is written (the jobs layer asks for a delivery soon). */
  onQueued: ((db: MailExecutor) => Promise<void>) | null = null;

  constructor(
    private readonly config: MailTransportConfig,
    private readonly log: Logger,
    private readonly store: MailOutboxStore | null = null,
  ) {
    this.toOutbox = !config.smtpUrl;
  }

  private transporter(): Transporter {
    if (!this.transport) {
      const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
      this.transport = this.config.smtpUrl
        ? createTransport(this.config.smtpUrl)
        : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    return this.transport;
  }

  /**
   * Writes the message to the outbox table with `db` (pass the transaction of the change that
   * caused it, so both commit or neither does); delivery follows in the background. Resolves with
   * the outbox row's id.
   */
  async queue(message: MailMessage, db?: MailExecutor): Promise<number> {
    const store = this.requireStore();
    const executor = db ?? store.db;
    const id = await insertOutbox(executor, message, store.now());
    mailTotal.inc({ event: 'queued' });
    await this.onQueued?.(executor);
    return id;
  }

  /** Delivers the messages due at `now` (the mail-outbox job). */
  async deliverDue(now: Date = this.requireStore().now()): Promise<DeliveryResult> {
    const { db } = this.requireStore();
    const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
    // Batch after batch until none is left due: messages queued during a run are not left for the next minute.
    for (let batch = await dueMessages(db, now); batch.length > 0; batch = batch.length < MAIL_BATCH ? [] : await dueMessages(db, now)) {
      await this.deliverBatch(batch, now, result);
    }
    return result;
  }

  private async deliverBatch(rows: OutboxRow[], now: Date, result: DeliveryResult): Promise<void> {
    for (const row of rows) {
      const attempt = await this.deliverRow(row, now);
      if (attempt.outcome !== 'taken') result[attempt.outcome] += 1;
    }
  }

  /** One attempt at one row: 'taken' when another delivery claimed it first. */
  private async deliverRow(row: OutboxRow, now: Date): Promise<{ outcome: keyof DeliveryResult | 'taken'; error: string }> {
    const { db } = this.requireStore();
    if (!(await claimMessage(db, row, now))) return { outcome: 'taken', error: '' };
    try {
      await this.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody, kind: row.kind, headers: parseHeaders(row.headers) });
      await markSent(db, row.id, now);
      mailTotal.inc({ event: 'sent' });
      return { outcome: 'sent', error: '' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const gaveUp = await markAttemptFailed(db, row, message, now);
      mailTotal.inc({ event: gaveUp ? 'failed' : 'retry' });
      this.log.error({ err, kind: row.kind, outboxId: row.id, attempt: row.attempts + 1 }, gaveUp ? 'E-mail given up after a day of attempts' : 'E-mail could not be sent; will retry');
      return { outcome: gaveUp ? 'failed' : 'retrying', error: message };
    }
  }

  /**
   * One attempt at one queued message now, when it is due (the operator CLI, right after the change
   * that queued it committed). A refusal leaves it to the mail-outbox job's retries.
   */
  async attemptNow(id: number): Promise<{ sent: boolean; error: string }> {
    const { db, now } = this.requireStore();
    const at = now();
    const [row] = await dueMessages(db, at, 1, [id]);
    if (!row) return { sent: false, error: 'another delivery has taken it' };
    const attempt = await this.deliverRow(row, at);
    return { sent: attempt.outcome === 'sent', error: attempt.error };
  }

  private requireStore(): MailOutboxStore {
    if (!this.store) throw new Error('This mailer has no outbox: use send()');
    return this.store;
  }

  /** Sends now and reports failure to the caller (the outbox's delivery). */
  async send(message: MailMessage): Promise<void> {
    const info = (await this.transporter().sendMail({
      from: this.config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
    })) as { message?: Buffer };
    if (this.toOutbox && info.message) {
      await fs.mkdir(this.config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(this.config.outboxDir, `${stamp}-${message.kind}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message);
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      this.log.info({ file, to: message.to, link }, `E-mail written to the outbox (${message.kind})`);
    } else {
      this.log.info({ to: message.to, kind: message.kind }, 'E-mail sent');
    }
  }

  /**
   * Resolves when no message is due or in flight: each one was sent, or failed and waits for its retry
   * (tests). Polls the table, so it works whichever instance delivers.
   */
  async idle(): Promise<void> {
    const store = this.requireStore();
    const giveUpAt = Date.now() + 60_000;
    // Delivers what is due itself (a claim keeps each message single), then waits for attempts in flight elsewhere.
    for (;;) {
      await this.deliverDue();
      if (!(await hasPendingWork(store.db, store.now()))) return;
      if (Date.now() > giveUpAt) throw new Error('The mail outbox still has messages in flight after 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): Promise<void> {
    this.transport?.close();
    return Promise.resolve();
  }
}
