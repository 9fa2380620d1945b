// backup: a consistent copy of the SQLite database while the server keeps running, through
// SQLite's online backup API (never a file copy, which can catch a half-written page or miss the
// WAL). The copy is checked and then moved into place, so FILE is either the old or a good backup.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { CliError, defineCommand, requireFlag } from '../kit';

/** Copies every remaining page in one step: a step that is interrupted by a write starts over. */
const ALL_PAGES = 0x7fffffff;

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

export const backupCommand = defineCommand({
  name: 'backup',
  summary: 'Write a consistent copy of the SQLite database to FILE while the server runs',
  usage: '--to FILE',
  details: [
    'Options:',
    '  --to FILE   where to write the copy (a SQLite file); an existing FILE is replaced only once the new copy passed its check',
    '',
    'Uses SQLite\'s online backup API, safe while the server is writing. The copy is verified with',
    'PRAGMA integrity_check. On PostgreSQL the command prints the pg_dump command to use and exits with 1.',
    'Media files ($MEDIA_DIR or the S3 bucket) are not part of this backup.',
  ],
  examples: ['npm run admin -- backup --to backups/recuerdos-2026-11-22.db'],
  options: { to: { type: 'string' } },
  async run(values, env) {
    const target = path.resolve(requireFlag(values, 'to'));
    const database = env.config.database;
    if (database.kind === 'postgres') {
      env.err('backup: this installation runs on PostgreSQL; back it up with pg_dump, for example:');
      env.err(`  pg_dump --format=custom --file "${target}" "${redactedUrl(database.url)}"`);
      throw new CliError('backup works on SQLite only');
    }
    if (target === database.file) throw new CliError('--to must not be the database file itself');

    const { sqlite } = await env.database();
    if (!sqlite) throw new CliError('the SQLite connection is not available');
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
    try {
      await sqlite.backup(partial, { progress: () => ALL_PAGES });
      const copy = new SQLite(partial);
      let result: string;
      try {
        // A standalone file: no -wal beside it.
        copy.pragma('journal_mode = DELETE');
        result = String(copy.pragma('integrity_check', { simple: true }));
      } finally {
        copy.close();
      }
      if (result !== 'ok') throw new CliError(`the copy failed its integrity check (${result})`);
      await fs.rename(partial, target);
    } finally {
      for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) await fs.rm(leftover, { force: true });
    }
    const { size } = await fs.stat(target);
    env.out(`Backup written to ${target} (${size} bytes, integrity ok).`);
  },
});
