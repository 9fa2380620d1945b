// Backup and restore of a whole installation (issue 16 §7): one ZIP archive with every table's rows
// (JSON lines, read in one snapshot while the server keeps serving), every media object, and a
// manifest with the row counts, sizes and SHA-256 of each part. The archive names no store and no
// dialect in its data: a backup of SQLite with disk media restores onto PostgreSQL with S3, which is
// the documented way from the embedded default to the scale setup (README "Backup and restore").
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/database';
import { isObjectName, type MediaStore, type TempObject } from '../storage/media-store';

export const BACKUP_FORMAT = 'recuerdos-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';

/**
 * Every table, in an order where a row's references are restored before it (the order the
 * migrations created them). A test fails when a table of the database is missing here.
 */
export const BACKUP_TABLES = [
  'accounts',
  'memorials',
  'contracts',
  'sessions',
  'guestSessions',
  'oneTimeTokens',
  'disclaimers',
  'posts',
  'complaints',
  'epitaphs',
  'downloadTickets',
  'jobRuns',
  'mailOutbox',
  'contractNotices',
  'operators',
  'operatorSessions',
  'operatorTokens',
  'operatorRecoveryCodes',
  'auditLog',
  'complaintEntries',
  'holidays',
  'postReports',
  'appSecrets',
  'memorialEvents',
  'reminderSubscriptions',
  'reminderDeliveries',
] as const satisfies readonly (keyof Database)[];

/**
 * Tables left out of a backup on purpose: resumable uploads in progress (issue 13 §4) live for less
 * than an hour and their pieces are temporary objects, which a backup does not carry either.
 */
export const TRANSIENT_TABLES = ['resumableUploads', 'resumableUploadPieces'] as const satisfies readonly (keyof Database)[];

export type BackupTable = (typeof BACKUP_TABLES)[number];

/** Tables keyed by something else than a serial id. */
const WITHOUT_ID: readonly BackupTable[] = ['contractNotices', 'appSecrets', 'reminderDeliveries'];

/**
 * Rows a fresh installation holds on its own — the epitaph ideas its migrations seed, its link
 * secret, its job history — do not make it "not empty"; the archive's replace them.
 */
const OWN_ROWS: readonly BackupTable[] = ['epitaphs', 'appSecrets', 'jobRuns'];

export interface BackupEdges {
  db: Kysely<Database>;
  dialect: Dialect;
  media: MediaStore;
}

interface TableEntry {
  name: BackupTable;
  file: string;
  rows: number;
  sha256: string;
}

interface MediaEntry {
  name: string;
  file: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  source: { database: Dialect; media: MediaStore['kind'] };
  migrations: string[];
  tables: TableEntry[];
  media: MediaEntry[];
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  objects: number;
  mediaBytes: number;
  /** Objects deleted by the running server between the listing and their copy (their posts went too). */
  gone: string[];
}

export interface RestoreSummary {
  source: Manifest['source'];
  createdAt: string;
  tables: number;
  rows: number;
  objects: number;
  mediaBytes: number;
}

/** A backup that cannot be written or restored: one clear line for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Every table's rows, read in one transaction: one consistent moment of the database. */
async function readTables(db: Kysely<Database>, dialect: Dialect): Promise<Map<BackupTable, Row[]>> {
  const read = async (trx: Kysely<Database>) => {
    const tables = new Map<BackupTable, Row[]>();
    for (const table of BACKUP_TABLES) {
      const query = (trx as unknown as AnyDb).selectFrom(table).selectAll();
      tables.set(table, await (WITHOUT_ID.includes(table) ? query : query.orderBy('id')).execute());
    }
    return tables;
  };
  const transaction = db.transaction();
  return dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read').execute(read) : transaction.execute(read);
}

/** Hashes and counts what flows through it. */
function tap(): Transform & { digest(): string; bytes(): number } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => hash.digest('hex'), bytes: () => bytes });
}

/**
 * Writes the archive to `file` (replaced only once complete). The database is read first, in one
 * snapshot; then each media object is streamed in, one at a time (memory stays flat whatever the
 * size of the media), hashed on the way.
 */
export async function writeBackup(edges: BackupEdges, file: string, now = new Date()): Promise<BackupSummary> {
  const target = path.resolve(file);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  const zip = new ZipFile();
  const output = fs.createWriteStream(partial);
  const failure: { error: Error | null } = { error: null };
  zip.on('error', (err: unknown) => {
    failure.error = err instanceof Error ? err : new Error(String(err));
    output.destroy(failure.error);
  });
  const written = pipeline(zip.outputStream, output);
  // A failed write (a full disk) must end the wait for an entry that will never be read.
  const writeFailed = new Promise<never>((_, reject) => {
    written.catch(reject);
  });
  writeFailed.catch(() => undefined);
  try {
    const migrations = await appliedMigrations(edges.db);
    const tables: TableEntry[] = [];
    let rows = 0;
    for (const [name, tableRows] of await readTables(edges.db, edges.dialect)) {
      const bytes = Buffer.from(tableRows.map((row) => `${JSON.stringify(row)}\n`).join(''), 'utf8');
      const entry = { name, file: `database/${snake(name)}.jsonl`, rows: tableRows.length, sha256: sha256(bytes) };
      zip.addBuffer(bytes, entry.file, { mtime: now });
      tables.push(entry);
      rows += tableRows.length;
    }

    const media: MediaEntry[] = [];
    const gone: string[] = [];
    for (const name of (await edges.media.list()).sort()) {
      const object = await edges.media.get(name);
      if (!object) {
        gone.push(name);
        continue;
      }
      const hashing = tap();
      const file = `media/${name}`;
      // Pictures and videos are compressed already: stored as they are.
      zip.addReadStream(hashing, file, { mtime: object.info.modifiedAt, compress: false });
      // The next object is opened only once this one has flowed into the archive.
      await Promise.race([Promise.all([pipeline(object.body, hashing), finished(hashing)]), writeFailed]);
      media.push({ name, file, size: hashing.bytes(), sha256: hashing.digest() });
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      source: { database: edges.dialect, media: edges.media.kind },
      migrations,
      tables,
      media,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), MANIFEST, { mtime: now });
    zip.end();
    await written;
    if (failure.error) throw failure.error;
    await fsp.rename(partial, target);
    const { size } = await fsp.stat(target);
    return {
      file: target,
      bytes: size,
      tables: tables.length,
      rows,
      objects: media.length,
      mediaBytes: media.reduce((sum, m) => sum + m.size, 0),
      gone,
    };
  } catch (err) {
    output.destroy();
    await written.catch(() => undefined);
    throw err;
  } finally {
    await fsp.rm(partial, { force: true });
  }
}

// --- Restore ---------------------------------------------------------------------------------

interface OpenArchive {
  entries: Map<string, yauzl.Entry>;
  read(name: string): Promise<Readable>;
  close(): void;
}

async function openArchive(file: string): Promise<OpenArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, opened) => (err ? reject(err) : resolve(opened))),
  ).catch((err: unknown) => {
    throw new BackupError(`${file} is not a readable backup archive (${err instanceof Error ? err.message : String(err)})`);
  });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return {
    entries,
    read(name) {
      const entry = entries.get(name);
      if (!entry) return Promise.reject(new BackupError(`the archive has no ${name}`));
      return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
    },
    close: () => zip.close(),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError('the manifest of the archive is not valid JSON');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('this file is not a Recuerdos backup (no recuerdos-backup manifest)');
  if (manifest.version !== BACKUP_VERSION) throw new BackupError(`backup format version ${String(manifest.version)} is not supported (expected ${BACKUP_VERSION})`);
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.media) || !Array.isArray(manifest.migrations)) {
    throw new BackupError('the manifest of the archive is incomplete');
  }
  return manifest as Manifest;
}

/** What the target already holds, so a restore never mixes two installations. */
async function occupied(edges: BackupEdges): Promise<string[]> {
  const found: string[] = [];
  for (const table of BACKUP_TABLES) {
    if (OWN_ROWS.includes(table)) continue;
    const row = await (edges.db as unknown as AnyDb)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (n > 0) found.push(`${n} rows in ${snake(table)}`);
  }
  const objects = (await edges.media.list()).length;
  if (objects > 0) found.push(`${objects} objects in the media store`);
  return found;
}

async function insertRows(trx: Kysely<Database>, table: BackupTable, rows: Row[]): Promise<void> {
  // Small batches: SQLite caps the parameters of one statement.
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const batch = Math.max(1, Math.floor(900 / columns));
  for (let i = 0; i < rows.length; i += batch) {
    await (trx as unknown as AnyDb).insertInto(table).values(rows.slice(i, i + batch)).execute();
  }
}

/**
 * Restores an archive into an empty installation (the configured database and media store), after
 * checking every part against the manifest. Media are staged as temporary objects and made final
 * only once every row is in; anything that fails leaves the target as empty as it was.
 */
export async function restoreBackup(edges: BackupEdges, file: string): Promise<RestoreSummary> {
  const archive = await openArchive(path.resolve(file));
  try {
    const manifest = parseManifest(await readAll(await archive.read(MANIFEST)));

    const here = await appliedMigrations(edges.db);
    const newer = manifest.migrations.filter((name) => !here.includes(name));
    if (newer.length > 0) throw new BackupError(`the backup was written by a newer version of Recuerdos (migrations ${newer.join(', ')}); upgrade first`);
    const older = here.filter((name) => !manifest.migrations.includes(name));
    if (older.length > 0) throw new BackupError(`the backup was written by an older version of Recuerdos (without migrations ${older.join(', ')}); restore it with that version, then upgrade`);

    const busy = await occupied(edges);
    if (busy.length > 0) throw new BackupError(`the target is not empty (${busy.join(', ')}); restore only into a new, empty installation`);

    // Every table's rows, checked against the manifest before anything is written.
    const tables = new Map<BackupTable, Row[]>();
    for (const table of BACKUP_TABLES) {
      const entry = manifest.tables.find((t) => t.name === table);
      if (!entry) throw new BackupError(`the archive has no rows for table ${snake(table)}`);
      const bytes = await readAll(await archive.read(entry.file));
      if (sha256(bytes) !== entry.sha256) throw new BackupError(`checksum mismatch in ${entry.file}: the archive is damaged`);
      const rows = bytes
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Row);
      if (rows.length !== entry.rows) throw new BackupError(`${entry.file} holds ${rows.length} rows, the manifest says ${entry.rows}`);
      tables.set(table, rows);
    }

    const staged: { temp: TempObject; name: string }[] = [];
    try {
      for (const entry of manifest.media) {
        if (!isObjectName(entry.name)) throw new BackupError(`the archive names an object that is not media: ${JSON.stringify(entry.name)}`);
        const hashing = tap();
        const source = await archive.read(entry.file);
        source.on('error', (err) => hashing.destroy(err));
        const temp = await edges.media.putTemp(source.pipe(hashing));
        staged.push({ temp, name: entry.name });
        if (hashing.digest() !== entry.sha256 || hashing.bytes() !== entry.size) {
          throw new BackupError(`checksum mismatch in ${entry.file}: the archive is damaged`);
        }
      }

      await edges.db.transaction().execute(async (trx) => {
        for (const table of BACKUP_TABLES) {
          const rows = tables.get(table) ?? [];
          // The link secret travels with the installation (signed links keep working), and so do
          // its epitaph ideas and job history.
          if (OWN_ROWS.includes(table)) await (trx as unknown as AnyDb).deleteFrom(table).execute();
          if (rows.length > 0) await insertRows(trx, table, rows);
        }
        // Restoring posts moved each memorial's content version (a trigger); put back the saved one.
        for (const memorial of tables.get('memorials') ?? []) {
          await trx
            .updateTable('memorials')
            .set({ contentVersion: memorial.contentVersion as number })
            .where('id', '=', memorial.id as number)
            .execute();
        }
        if (edges.dialect === 'postgres') {
          // Explicit ids leave the serial sequences behind: the next row continues after the last.
          for (const table of BACKUP_TABLES) {
            if (WITHOUT_ID.includes(table)) continue;
            const name = snake(table);
            await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.table(name)}`.execute(trx);
          }
        }
      });
    } catch (err) {
      for (const { temp } of staged) await edges.media.discardTemp(temp.tempKey).catch(() => undefined);
      throw err;
    }
    for (const { temp, name } of staged) await edges.media.promote(temp.tempKey, name);

    return {
      source: manifest.source,
      createdAt: manifest.createdAt,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      objects: manifest.media.length,
      mediaBytes: manifest.media.reduce((sum, m) => sum + m.size, 0),
    };
  } finally {
    archive.close();
  }
}
