// The operator command line's frame: a table of commands, each parsed with node:util parseArgs,
// `--help` for all of them, and one exit-code convention (0 ok, 1 error, 2 usage). A command is one
// `defineCommand({...})` added to the table in commands.ts; it opens the database or the mailer only
// if it needs them, so `--help` and a PostgreSQL `backup` hint work without a database.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { MailService } from '../mail/mailer';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

export const EXIT = { ok: 0, error: 1, usage: 2 } as const;

/** Wrong or missing flags: the command's usage is shown, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command could not do its work: exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

export interface CliEnv {
  config: Config;
  /** Opens the database and runs pending migrations, once. */
  database(): Promise<DatabaseHandle>;
  /**
   * The mailer of the configuration (SMTP or the outbox folder), created once. It queues into the
   * database's outbox, as the server's does, so it opens the database too.
   */
  mail(): Promise<MailService>;
  /** One line on stdout (results; `--json` output). */
  out: (line: string) => void;
  /** One line on stderr (progress, warnings, errors). */
  err: (line: string) => void;
}

export interface Command {
  name: string;
  summary: string;
  help: string;
  run(args: string[], env: CliEnv): Promise<number>;
}

type Values<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>
>['values'];

export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  name: string;
  summary: string;
  /** The synopsis after the command name, e.g. '--to FILE'. */
  usage: string;
  /** Lines explaining the options and the effect. */
  details: string[];
  examples: string[];
  options: O;
  /** Accept words after the command (e.g. `run-job NAME`); refused otherwise. */
  positionals?: boolean;
  /** Resolves when done (exit 0); throws UsageError (exit 2) or anything else (exit 1). */
  run(values: Values<O>, env: CliEnv, positionals: string[]): Promise<void>;
}

export function defineCommand<const O extends ParseArgsOptionsConfig>(spec: CommandSpec<O>): Command {
  const help = [
    `Usage: npm run admin -- ${spec.name} ${spec.usage}`.trimEnd(),
    '',
    spec.summary,
    '',
    ...spec.details,
    ...(spec.examples.length ? ['', 'Examples:', ...spec.examples.map((e) => `  ${e}`)] : []),
  ].join('\n');
  return {
    name: spec.name,
    summary: spec.summary,
    help,
    async run(args, env) {
      let values: Values<O>;
      let positionals: string[];
      try {
        ({ values, positionals } = parseArgs({ args, options: spec.options, strict: true, allowPositionals: spec.positionals ?? false }));
      } catch (err) {
        // node:util reports unknown flags, missing values and stray words as ERR_PARSE_ARGS_*.
        if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw new UsageError((err as Error).message);
        throw err;
      }
      await spec.run(values, env, positionals);
      return EXIT.ok;
    },
  };
}

/** The value of a required string flag. */
export function requireFlag(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** Fixed-width columns for terminal listings. */
export function formatTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

export function topLevelHelp(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Recuerdos operator commands. They read the same configuration as the server',
    '(DATABASE_URL, DATA_DIR, SMTP_URL, PUBLIC_URL, MAIL_FROM…; see README "Configuration").',
    '',
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "npm run admin -- <command> --help" for the options of a command.',
    'Exit codes: 0 done, 1 failed, 2 wrong usage.',
  ].join('\n');
}

function wantsHelp(args: string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}

/** Runs one command line; returns the exit code. Never throws. */
export async function runCli(argv: string[], commands: Command[], env: CliEnv): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? commands.find((c) => c.name === rest[0]) : undefined;
    (name === undefined ? env.err : env.out)(topic ? topic.help : topLevelHelp(commands));
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    env.err(`error: unknown command "${name}"`);
    env.err(topLevelHelp(commands));
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    env.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, env);
  } catch (err) {
    if (err instanceof UsageError) {
      env.err(`error: ${err.message}`);
      env.err(`Run "npm run admin -- ${command.name} --help" for usage.`);
      return EXIT.usage;
    }
    env.err(`error: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.error;
  }
}
