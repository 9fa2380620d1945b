// The operator CLI run in the test process against a test server's database and SMTP capture (fast;
// admin.test.ts runs the real child process).
import { COMMANDS } from '../src/cli/commands';
import { runCli } from '../src/cli/kit';
import { MailService, mailTransportConfig } from '../src/mail/mailer';
import type { Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { TestServer } from './helper';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Runs one command line in this process with `database` as the CLI's database. */
async function runWith(config: Config, database: () => Promise<DatabaseHandle>, args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const opened: { mail: Promise<MailService> | null } = { mail: null };
  const mail = () => (opened.mail ??= database().then((handle) => new MailService(mailTransportConfig(config), quiet, { db: handle.db, now: () => new Date() })));
  try {
    const code = await runCli(args, COMMANDS, { config, database, mail, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  } finally {
    if (opened.mail) await (await opened.mail).close();
  }
}

export function runAdmin(t: TestServer, args: string[]): Promise<CliRun> {
  return runWith(t.config, () => Promise.resolve(t.ctx.database), args);
}

/** The CLI in this process against any configuration (a restore's target), opening and migrating its database as `npm run admin` does. */
export async function runAdminOn(config: Config, args: string[]): Promise<CliRun> {
  const opened: { database: Promise<DatabaseHandle> | null } = { database: null };
  try {
    return await runWith(
      config,
      () =>
        (opened.database ??= (async () => {
          const handle = openDatabase(config.database, quiet);
          await migrateToLatest(handle.db, handle.dialect);
          return handle;
        })()),
      args,
    );
  } finally {
    if (opened.database) await (await opened.database).close();
  }
}
