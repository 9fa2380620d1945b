// `npm run admin -- <command>`: the operator command line (DESIGN §8). Same configuration as the
// server (config.ts), its own database connection and mailer; never the HTTP server.
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { MailService, mailTransportConfig } from '../mail/mailer';
import { COMMANDS } from './commands';
import { EXIT, runCli, type CliEnv } from './kit';

/** Log lines of the database and mailer go to stderr: stdout carries only results (`--json`). */
function stderrLogger(write: (line: string) => void) {
  const line = (obj: unknown, msg?: string) => {
    const fields = obj && typeof obj === 'object' ? (obj as Record<string, unknown>) : {};
    const detail = [fields.file, fields.err instanceof Error ? fields.err.message : undefined]
      .filter((v): v is string => typeof v === 'string')
      .join(' ');
    write(`${msg ?? ''}${detail ? `: ${detail}` : ''}`);
  };
  return { info: line, error: line };
}

function createEnv(config: Config): CliEnv & { close(): Promise<void> } {
  const out = (text: string) => void process.stdout.write(`${text}\n`);
  const err = (text: string) => void process.stderr.write(`${text}\n`);
  const log = stderrLogger(err);
  let database: Promise<DatabaseHandle> | null = null;
  let mail: Promise<MailService> | null = null;
  return {
    config,
    out,
    err,
    database() {
      database ??= (async () => {
        const handle = openDatabase(config.database, log);
        try {
          await migrateToLatest(handle.db, handle.dialect);
        } catch (e) {
          await handle.close();
          throw e;
        }
        return handle;
      })();
      return database;
    },
    mail() {
      mail ??= this.database().then((handle) => new MailService(mailTransportConfig(config), log, { db: handle.db, now: () => new Date() }));
      return mail;
    },
    async close() {
      if (mail) await (await mail.catch(() => null))?.close();
      if (database) await (await database.catch(() => null))?.close();
    },
  };
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return EXIT.error;
    }
    throw e;
  }
  const env = createEnv(config);
  try {
    return await runCli(process.argv.slice(2), COMMANDS, env);
  } finally {
    await env.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = EXIT.error;
  },
);
