// Backup and restore of a whole installation (issue 16 §7): one ZIP archive with every table's rows
// (JSON lines, read in one snapshot while the server keeps serving), every media object, and a
// manifest with the row counts, sizes and SHA-256 of each part. The archive names no store and no
// dialect in its data: a backup of SQLite with disk media restores onto PostgreSQL with S3, which is
// the documented way from the embedded default to the scale setup (README "Backup and restore").
//
// A restore trusts nothing in the archive it has not checked (issue 31 §7): the manifest is signed
// with the installation's BACKUP_KEY, every part inflates at most to the size the manifest declares,
// a part that inflates absurdly more than it weighs is refused before a byte of it is written, and
// tables are read row by row and inserted in batches, so neither the disk nor the memory fills up
// before a crafted archive is refused (docs/decisions/022).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/database';
import { isObjectName, type MediaStore, type TempObject } from '../storage/media-store';

export const BACKUP_FORMAT = 'recuerdos-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
/** HMAC-SHA256 of manifest.json with BACKUP_KEY; the manifest names the size and SHA-256 of every part. */
const SIGNATURE = 'manifest.hmac';
const SIGNATURE_PREFIX = 'hmac-sha256:';

/**
 * The manifest is read whole once its signature is verified (≈ 200 bytes an object: 256 MiB ≈
 * 1.3 million objects, more than the backup itself holds in memory comfortably).
 */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;
/** One row of a table file (spec §5's longest texts are a few KiB; this leaves ample room). */
const MAX_ROW_BYTES = 16 * 1024 * 1024;
/**
 * How many times its packed size a part may inflate. Rows of one template compress ≈ 16× (job
 * runs) to ≈ 90× (a mail outbox of one HTML mail); deflate cannot pass ≈ 140× on repeats farther
 * apart than a few hundred bytes, and reaches ≈ 1000× only on runs of one byte — a ZIP bomb's.
 */
const MAX_INFLATE_RATIO = 400;
/** Parts smaller than this inflate to nothing that matters, whatever their ratio. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Parameters in one INSERT (SQLite caps them per statement). */
const INSERT_PARAMETERS = 900;

/**
 * Every table, in an order where a row's references are restored before it (the order the
 * migrations created them). A test fails when a table of the database is missing here.
 */
export const BACKUP_TABLES = [
  'accounts',
  'memorials',
  'contracts',
  // Personal links (issue 29) before the guest sessions they opened, which name them.
  'accessGrants',
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
  // Videos waiting for their conversion (issue 26): their originals are media objects of the archive.
  'videoConversions',
  // How many times each memorial was opened, per day (issue 29 §4): counts only.
  'memorialVisits',
  // Relatives' requests for access and the addresses a family blocked (issue 29).
  'accessRequests',
  'accessBlocks',
  // The partner channel (issue 30): funeral homes, their branches and staff, and what they sold.
  'partners',
  'partnerBranches',
  'partnerUsers',
  'partnerSessions',
  'partnerTokens',
  'partnerRecoveryCodes',
  'partnerSales',
] as const satisfies readonly (keyof Database)[];

/**
 * Tables left out of a backup on purpose: resumable uploads in progress (issue 13 §4) live for less
 * than an hour and their pieces are temporary objects, which a backup does not carry either; a
 * visitor's receipts for videos being converted (issue 26) only let a page learn of a failure in the
 * next days (restored without them, a visitor who left no e-mail is not told, as before them).
 */
export const TRANSIENT_TABLES = ['resumableUploads', 'resumableUploadPieces', 'videoReceipts'] as const satisfies readonly (keyof Database)[];

export type BackupTable = (typeof BACKUP_TABLES)[number];

/** Tables keyed by something else than a serial id. */
const WITHOUT_ID: readonly BackupTable[] = ['contractNotices', 'appSecrets', 'reminderDeliveries', 'videoConversions', 'memorialVisits'];

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

const sizeSchema = z.number().int().nonnegative();
const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  source: z.object({ database: z.enum(['sqlite', 'postgres']), media: z.enum(['disk', 's3']) }),
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string(),
      file: z.string(),
      rows: sizeSchema,
      /** Bytes of the file; absent from archives written before issue 31, where the ZIP's own size is the limit. */
      size: sizeSchema.optional(),
      sha256: sha256Schema,
    }),
  ),
  media: z.array(z.object({ name: z.string(), file: z.string(), size: sizeSchema, sha256: sha256Schema })),
});

export type Manifest = z.infer<typeof manifestSchema>;
type TableEntry = Manifest['tables'][number];
type MediaEntry = Manifest['media'][number];

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  objects: number;
  mediaBytes: number;
  /** Objects deleted by the running server between the listing and their copy (their posts went too). */
  gone: string[];
  /** Whether the manifest carries an HMAC (BACKUP_KEY was set). */
  signed: boolean;
}

export interface RestoreSummary {
  source: Manifest['source'];
  createdAt: string;
  tables: number;
  rows: number;
  objects: number;
  mediaBytes: number;
  /** 'verified' with BACKUP_KEY, or 'trusted' when --trust-unsigned let an unverified archive in. */
  signature: 'verified' | 'trusted';
}

export interface RestoreOptions {
  /** This installation's BACKUP_KEY: the archive's manifest must carry its HMAC. */
  key: string | null;
  /** Restore an archive whose signature is missing or does not match (the operator vouches for it). */
  trustUnsigned: boolean;
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

type Tapped = Transform & { digest(): string; bytes(): number };

/**
 * Hashes and counts what flows through it; past `limit` bytes it fails with `over()` and lets
 * nothing of the chunk that crossed it through.
 */
function tap(limit = Number.POSITIVE_INFINITY, over: () => Error = () => new Error('over the limit')): Tapped {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limit) {
        callback(over());
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => hash.digest('hex'), bytes: () => bytes });
}

/** The HMAC that `admin restore` checks: it covers the manifest, which covers every part. */
export function signManifest(manifest: Buffer, key: string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', key).update(manifest).digest('hex');
}

/**
 * Writes the archive to `file` (replaced only once complete). The database is read first, in one
 * snapshot; then each media object is streamed in, one at a time (memory stays flat whatever the
 * size of the media), hashed on the way.
 */
export async function writeBackup(edges: BackupEdges, file: string, options: { key: string | null; now?: Date }): Promise<BackupSummary> {
  const now = options.now ?? new Date();
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
      const entry = { name, file: `database/${snake(name)}.jsonl`, rows: tableRows.length, size: bytes.length, sha256: sha256(bytes) };
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
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    zip.addBuffer(manifestBytes, MANIFEST, { mtime: now });
    if (options.key !== null) zip.addBuffer(Buffer.from(`${signManifest(manifestBytes, options.key)}\n`, 'utf8'), SIGNATURE, { mtime: now });
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
      signed: options.key !== null,
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
  /**
   * Checks that `name` inflates to exactly `declared` bytes (the manifest's word; null: the ZIP's
   * own) and not absurdly more than it weighs, before a byte of it is read.
   */
  check(name: string, declared: number | null): void;
  /** The checked entry as it inflates, hashed: it fails, and stops inflating, past its declared size. */
  read(name: string, declared: number | null): Promise<Tapped>;
  has(name: string): boolean;
  /** A small part read whole, its size checked against `max` first; null when the archive has none. */
  readSmall(name: string, max: number): Promise<Buffer | null>;
  close(): void;
}

async function openArchive(file: string): Promise<OpenArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // validateEntrySizes: yauzl itself fails an entry that inflates past the size its header gives.
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, opened) => (err ? reject(err) : resolve(opened))),
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
  }).catch((err: unknown) => {
    zip.close();
    throw new BackupError(`${file} is not a readable backup archive (${err instanceof Error ? err.message : String(err)})`);
  });

  const checked = (name: string, declared: number | null): yauzl.Entry => {
    const entry = entries.get(name);
    if (!entry) throw new BackupError(`the archive has no ${name}`);
    const size = entry.uncompressedSize;
    if (declared !== null && size !== declared) {
      throw new BackupError(`${name} inflates to ${size} bytes, the manifest declares ${declared}: the archive is damaged or crafted`);
    }
    if (entry.compressionMethod !== 0 && size > RATIO_FLOOR_BYTES && size > MAX_INFLATE_RATIO * entry.compressedSize) {
      const ratio = Math.round(size / Math.max(1, entry.compressedSize));
      throw new BackupError(`${name} inflates ${ratio} times its packed size (more than ${MAX_INFLATE_RATIO}): refused as a ZIP bomb`);
    }
    return entry;
  };

  const archive: OpenArchive = {
    check(name, declared) {
      checked(name, declared);
    },
    has: (name) => entries.has(name),
    async readSmall(name, max) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > max) throw new BackupError(`${name} is ${entry.uncompressedSize} bytes, more than any Recuerdos backup writes (${max}): refused`);
      return readAll(await archive.read(name, null));
    },
    async read(name, declared) {
      const entry = checked(name, declared);
      const limit = entry.uncompressedSize;
      const source = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, stream) => (err ? reject(new BackupError(`${name} cannot be read (${err.message}): the archive is damaged`)) : resolve(stream))),
      );
      const past = () => new BackupError(`${name} inflates past the ${limit} bytes the manifest declares: the archive is damaged or crafted`);
      const capped = tap(limit, past);
      source.on('error', (err: Error) => {
        // yauzl's own check of the header's size, or the inflater's complaint.
        const reason = /too many bytes/.test(err.message) ? past() : new BackupError(`${name} cannot be read (${err.message}): the archive is damaged`);
        capped.destroy(reason);
      });
      // Whatever ends the reading (the end, a refusal, a consumer that gave up) stops the inflater.
      capped.on('close', () => source.destroy());
      source.pipe(capped);
      return capped;
    },
    close: () => zip.close(),
  };
  return archive;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Signed with this installation's BACKUP_KEY, or let in by --trust-unsigned. Checked on the streamed
 * manifest, before it is held in memory or parsed: nothing an unverified archive says is believed
 * without the flag.
 */
async function checkSignature(archive: OpenArchive, options: RestoreOptions): Promise<RestoreSummary['signature']> {
  const trust = 'restore it only if you know where it comes from, with --trust-unsigned';
  const signature = await archive.readSmall(SIGNATURE, 1024);
  let problem: string;
  if (signature === null) {
    problem = `the archive is not signed (written without BACKUP_KEY, or its signature was removed); ${trust}`;
  } else if (options.key === null) {
    problem = `the archive is signed, but BACKUP_KEY is not set here: set the BACKUP_KEY of the installation that wrote it, or ${trust}`;
  } else {
    const hmac = createHmac('sha256', options.key);
    for await (const chunk of await archive.read(MANIFEST, null)) hmac.update(chunk as Buffer);
    const expected = Buffer.from(SIGNATURE_PREFIX + hmac.digest('hex'), 'utf8');
    const given = Buffer.from(signature.toString('utf8').trim(), 'utf8');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return 'verified';
    problem = `the archive's signature does not match BACKUP_KEY (another installation's key, or the archive was changed); ${trust}`;
  }
  if (options.trustUnsigned) return 'trusted';
  throw new BackupError(problem);
}

function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('the manifest of the archive is not valid JSON');
  }
  const probe = json as { format?: unknown; version?: unknown } | null;
  if (probe?.format !== BACKUP_FORMAT) throw new BackupError('this file is not a Recuerdos backup (no recuerdos-backup manifest)');
  if (probe.version !== BACKUP_VERSION) throw new BackupError(`backup format version ${String(probe.version)} is not supported (expected ${BACKUP_VERSION})`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`the manifest of the archive is incomplete (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
  }
  return parsed.data;
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

/**
 * The rows of one table file, parsed line by line as it inflates (never the whole file in memory),
 * hashed and counted on the way; the checksum is known only at the end, so the caller's transaction
 * is what keeps the rows of a damaged file out.
 */
async function* rowsOf(stream: Tapped, entry: TableEntry): AsyncGenerator<Row> {
  let count = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const parse = (line: Buffer): Row => {
    count += 1;
    if (count > entry.rows) throw new BackupError(`${entry.file} holds more rows than the ${entry.rows} the manifest says`);
    let row: unknown;
    try {
      row = JSON.parse(line.toString('utf8'));
    } catch {
      throw new BackupError(`row ${count} of ${entry.file} is not valid JSON: the archive is damaged`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new BackupError(`row ${count} of ${entry.file} is not a row: the archive is damaged`);
    return row as Row;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const line = pendingBytes > 0 ? Buffer.concat([...pending, chunk.subarray(start, end)]) : chunk.subarray(start, end);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
      if (line.length > 0) yield parse(line);
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_ROW_BYTES) throw new BackupError(`${entry.file} holds a row longer than ${MAX_ROW_BYTES} bytes: the archive is damaged or crafted`);
    }
  }
  if (pendingBytes > 0) yield parse(Buffer.concat(pending));
  if (stream.digest() !== entry.sha256) throw new BackupError(`checksum mismatch in ${entry.file}: the archive is damaged`);
  if (count !== entry.rows) throw new BackupError(`${entry.file} holds ${count} rows, the manifest says ${entry.rows}`);
}

/** Inserts rows as they come, in batches as large as one statement's parameters allow. */
async function insertRows(trx: Kysely<Database>, table: BackupTable, rows: AsyncIterable<Row>, seen: (row: Row) => void): Promise<void> {
  let batch: Row[] = [];
  let batchRows = 1;
  const flush = async () => {
    if (batch.length > 0) await (trx as unknown as AnyDb).insertInto(table).values(batch).execute();
    batch = [];
  };
  for await (const row of rows) {
    if (batch.length === 0) batchRows = Math.max(1, Math.floor(INSERT_PARAMETERS / Math.max(1, Object.keys(row).length)));
    seen(row);
    batch.push(row);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
}

/**
 * Restores an archive into an empty installation (the configured database and media store), after
 * checking its signature and every part's declared size. Rows and objects are checked against the
 * manifest's checksums as they stream in; media are staged as temporary objects and made final only
 * once every row is in. Anything that fails leaves the target as empty as it was.
 */
export async function restoreBackup(edges: BackupEdges, file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const archive = await openArchive(path.resolve(file));
  try {
    if (!archive.has(MANIFEST)) throw new BackupError(`the archive has no ${MANIFEST}: this file is not a Recuerdos backup`);
    const signature = await checkSignature(archive, options);
    const manifest = parseManifest((await archive.readSmall(MANIFEST, MAX_MANIFEST_BYTES)) ?? Buffer.alloc(0));

    const here = await appliedMigrations(edges.db);
    const newer = manifest.migrations.filter((name) => !here.includes(name));
    if (newer.length > 0) throw new BackupError(`the backup was written by a newer version of Recuerdos (migrations ${newer.join(', ')}); upgrade first`);
    const older = here.filter((name) => !manifest.migrations.includes(name));
    if (older.length > 0) throw new BackupError(`the backup was written by an older version of Recuerdos (without migrations ${older.join(', ')}); restore it with that version, then upgrade`);

    const busy = await occupied(edges);
    if (busy.length > 0) throw new BackupError(`the target is not empty (${busy.join(', ')}); restore only into a new, empty installation`);

    // Every part's size, before anything is written: a bomb anywhere leaves the target untouched.
    const tables = BACKUP_TABLES.map((table) => {
      const entry = manifest.tables.find((t) => t.name === table);
      if (!entry) throw new BackupError(`the archive has no rows for table ${snake(table)}`);
      archive.check(entry.file, entry.size ?? null);
      return { table, entry };
    });
    for (const entry of manifest.media) {
      if (!isObjectName(entry.name)) throw new BackupError(`the archive names an object that is not media: ${JSON.stringify(entry.name)}`);
      archive.check(entry.file, entry.size);
    }

    const staged: { temp: TempObject; name: string }[] = [];
    try {
      await edges.db.transaction().execute(async (trx) => {
        const versions = new Map<number, number>();
        for (const { table, entry } of tables) {
          // The link secret travels with the installation (signed links keep working), and so do
          // its epitaph ideas and job history.
          if (OWN_ROWS.includes(table)) await (trx as unknown as AnyDb).deleteFrom(table).execute();
          const remember = table === 'memorials' ? (row: Row) => versions.set(row.id as number, row.contentVersion as number) : () => undefined;
          await insertRows(trx, table, rowsOf(await archive.read(entry.file, entry.size ?? null), entry), remember);
        }
        // Restoring posts moved each memorial's content version (a trigger); put back the saved one.
        for (const [id, contentVersion] of versions) {
          await trx.updateTable('memorials').set({ contentVersion }).where('id', '=', id).execute();
        }
        if (edges.dialect === 'postgres') {
          // Explicit ids leave the serial sequences behind: the next row continues after the last.
          for (const table of BACKUP_TABLES) {
            if (WITHOUT_ID.includes(table)) continue;
            const name = snake(table);
            await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.table(name)}`.execute(trx);
          }
        }
        // The media last, inside the transaction: an object that fails its checksum undoes the rows.
        for (const entry of manifest.media) {
          const object = await archive.read(entry.file, entry.size);
          const temp = await edges.media.putTemp(object, { maxBytes: entry.size });
          staged.push({ temp, name: entry.name });
          if (object.digest() !== entry.sha256 || object.bytes() !== entry.size) {
            throw new BackupError(`checksum mismatch in ${entry.file}: the archive is damaged`);
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
      signature,
    };
  } finally {
    archive.close();
  }
}
