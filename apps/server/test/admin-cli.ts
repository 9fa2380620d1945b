// The operator CLI run in the test process against a test server's database and SMTP capture (fast;
// admin.test.ts runs the real child process).
import path from 'node:path';
import { COMMANDS } from '../src/cli/commands';
import { runCli } from '../src/cli/kit';
import { MailService } from '../src/mail/mailer';
import type { TestServer } from './helper';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

export async function runAdmin(t: TestServer, args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const mail = new MailService(
    { smtpUrl: t.config.smtpUrl, outboxDir: path.join(t.config.dataDir, 'outbox'), from: t.config.mailFrom },
    { info: () => undefined, error: () => undefined },
  );
  try {
    const code = await runCli(args, COMMANDS, {
      config: t.config,
      database: () => Promise.resolve(t.ctx.database),
      mail: () => mail,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  } finally {
    await mail.close();
  }
}
