// E-mail through nodemailer (DESIGN §7): SMTP when SMTP_URL is set, else .eml files in the outbox
// folder with the first link logged. Sending never blocks or fails the request that caused it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Shown in logs instead of the whole message (links carry tokens). */
  kind: string;
}

interface Logger {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface MailTransportConfig {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
}

export class MailService {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();
  private readonly toOutbox: boolean;

  constructor(
    private readonly config: MailTransportConfig,
    private readonly log: Logger,
  ) {
    this.toOutbox = !config.smtpUrl;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends in the background; failures are logged, never thrown. */
  queue(message: MailMessage): void {
    const job = this.send(message)
      .catch((err: unknown) => this.log.error({ err, kind: message.kind }, 'E-mail could not be sent'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Sends now and reports failure to the caller (the operator CLI wants to know). */
  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({
      from: this.config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
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

  /** Resolves when every queued e-mail has been handed over (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport.close();
  }
}
