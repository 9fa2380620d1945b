// backup / restore (issue 16 §7): the whole installation in one archive — every table, read in one
// snapshot while the server keeps serving, every media object from disk or S3, and a manifest with
// checksums — and its restore into an empty installation, whatever its database and store.
import path from 'node:path';
import { BackupError, restoreBackup, writeBackup, type BackupEdges } from '../../backup/backup-archive';
import { openMediaStore } from '../../storage/open-media-store';
import { MediaStoreCheckError } from '../../storage/media-store';
import { CliError, defineCommand, requireFlag, type CliEnv } from '../kit';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** The configured database and media store, as the server would open them. */
async function withEdges<T>(env: CliEnv, work: (edges: BackupEdges) => Promise<T>): Promise<T> {
  const database = await env.database();
  const media = openMediaStore(env.config);
  try {
    await media.check();
    return await work({ db: database.db, dialect: database.dialect, media });
  } catch (err) {
    if (err instanceof BackupError || err instanceof MediaStoreCheckError) throw new CliError(err.message);
    throw err;
  } finally {
    await media.close();
  }
}

export const backupCommand = defineCommand({
  name: 'backup',
  summary: 'Write the whole installation (database and media) to one archive FILE while the server runs',
  usage: '--to FILE',
  details: [
    'Options:',
    '  --to FILE   the archive to write (a ZIP); an existing FILE is replaced only once the new one is complete',
    '',
    'The archive holds every table (read in one consistent snapshot, on SQLite or PostgreSQL), every',
    'media object ($MEDIA_DIR or the S3 bucket) and manifest.json with the row counts, sizes and',
    'SHA-256 of each part. It does not depend on the store it came from: restore it with',
    '"admin restore" onto SQLite or PostgreSQL, disk or S3.',
    '',
    'With BACKUP_KEY set, the manifest is signed (HMAC-SHA256) and "admin restore" on an installation',
    'with the same BACKUP_KEY accepts it; without it the archive is unsigned, and its restore needs',
    '--trust-unsigned.',
  ],
  examples: ['npm run admin -- backup --to backups/recuerdos-2026-11-26.zip'],
  options: { to: { type: 'string' } },
  async run(values, env) {
    const target = path.resolve(requireFlag(values, 'to'));
    const database = env.config.database;
    if (database.kind === 'sqlite' && target === database.file) throw new CliError('--to must not be the database file itself');
    const summary = await withEdges(env, (edges) => writeBackup(edges, target, { key: env.config.backupKey }));
    for (const name of summary.gone) env.err(`backup: ${name} was deleted while the backup ran (its post went with it); not included`);
    if (!summary.signed) env.err('backup: BACKUP_KEY is not set, so the archive is not signed; restoring it will need --trust-unsigned');
    env.out(
      `Backup written to ${summary.file} (${mb(summary.bytes)}): ${summary.tables} tables, ${summary.rows} rows, ` +
        `${summary.objects} media objects (${mb(summary.mediaBytes)}), with checksums${summary.signed ? ', signed with BACKUP_KEY' : ''}.`,
    );
  },
});

export const restoreCommand = defineCommand({
  name: 'restore',
  summary: 'Restore an archive written by "backup" into this empty installation',
  usage: '--from FILE [--trust-unsigned]',
  details: [
    'Options:',
    '  --from FILE        an archive written by "admin backup"',
    '  --trust-unsigned   restore an archive that is not signed with this BACKUP_KEY (unsigned, or',
    '                     signed with another key): only a file you know comes from your installation',
    '',
    'The target is the configured database (DATABASE_URL) and media store (MEDIA_DIR or S3_*). It',
    'must be empty: a database with rows or a store with objects is refused, nothing is changed.',
    'The manifest must carry the HMAC of BACKUP_KEY (set the key of the installation that wrote it).',
    'Every part is checked against the manifest\'s sizes and checksums as it streams in: a part that',
    'inflates past its declared size or absurdly more than it weighs is refused, and a damaged archive',
    'leaves the target as empty as it was. Run it before the first start of the new installation',
    '(or with SEED_DEMO=0), with the same version of Recuerdos that wrote the backup.',
  ],
  examples: [
    'npm run admin -- restore --from backups/recuerdos-2026-11-26.zip',
    'DATABASE_URL=postgres://… S3_BUCKET=recuerdos-media … npm run admin -- restore --from recuerdos.zip',
  ],
  options: { from: { type: 'string' }, 'trust-unsigned': { type: 'boolean', default: false } },
  async run(values, env) {
    const source = path.resolve(requireFlag(values, 'from'));
    const options = { key: env.config.backupKey, trustUnsigned: values['trust-unsigned'] };
    const summary = await withEdges(env, (edges) => restoreBackup(edges, source, options));
    if (summary.signature === 'trusted') env.err('restore: the archive\'s signature was not verified (--trust-unsigned)');
    env.out(
      `Restored ${source} (written ${summary.createdAt} on ${summary.source.database} with ${summary.source.media} media): ` +
        `${summary.tables} tables, ${summary.rows} rows, ${summary.objects} media objects (${mb(summary.mediaBytes)}); ` +
        `${summary.signature === 'verified' ? 'signature and ' : ''}checksums verified.`,
    );
  },
});
