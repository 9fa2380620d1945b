// A real SMTP server (the smtp-server package) that keeps every message it receives, parsed.
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, by lower-case name (the last one when repeated). */
  headers: Record<string, string>;
}

export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  /** While true, every message is refused with a temporary error, as a mail server that is down. */
  refusing = false;
  private readonly waiters = new Set<() => void>();
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        callback(Object.assign(new Error('Servicio no disponible, inténtelo más tarde'), { responseCode: 451 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((email) => {
              this.messages.push({
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                from: email.from?.address ?? '',
                subject: email.subject ?? '',
                text: email.text ?? '',
                html: email.html ?? '',
                headers: Object.fromEntries(email.headers.map((h) => [h.key.toLowerCase(), h.value])),
              });
              for (const wake of this.waiters) wake();
              callback();
            })
            .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first message matching `predicate`, waiting up to `timeoutMs`. */
  async waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs = 30_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No e-mail matched within ${timeoutMs} ms (got ${this.messages.length})`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.waiters.add(wake);
      });
    }
  }

  /** Messages addressed to `email`. */
  to(email: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(email.toLowerCase()));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The first URL in a text that starts with `prefix`. */
export function findLink(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>)\\]]*`).exec(text);
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${text}`);
  return match[0].replace(/&amp;/g, '&');
}
