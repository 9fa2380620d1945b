// Runs the migrations at start. They are plain objects in code (no file discovery), written once
// for both dialects; Kysely's migrator takes a lock, so several instances can start together.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import type { Dialect } from './database';
import { core } from './migrations/0001-core';
import { content } from './migrations/0002-content';
import { epitaphs } from './migrations/0003-epitaphs';
import { complaintsImmutable } from './migrations/0004-complaints-immutable';
import { postListIndex } from './migrations/0005-post-list-index';
import { contentVersion } from './migrations/0006-content-version';
import { downloadTickets } from './migrations/0007-download-tickets';
import { sessionFamilies } from './migrations/0020-session-families';
import { postMediaBytes } from './migrations/0021-post-media-bytes';
import { jobsAndOutbox } from './migrations/0030-jobs-and-outbox';
import { operators } from './migrations/0040-operators';
import { auditLog } from './migrations/0041-audit-log';
import { complaintAnswers } from './migrations/0042-complaint-answers';
import { postReports } from './migrations/0043-post-reports';
import { signedMedia } from './migrations/0050-signed-media';
import { videoPosters } from './migrations/0051-video-posters';
import { remembrance } from './migrations/0060-remembrance';
import { resumableUploads } from './migrations/0061-resumable-uploads';
import { reminderAccess } from './migrations/0071-reminder-access';
import { uploadReservations } from './migrations/0070-upload-reservations';
import { shareCode } from './migrations/0073-share-code';
import { videoConversions } from './migrations/0074-video-conversions';
import { memorialVisits } from './migrations/0078-memorial-visits';
import { partners } from './migrations/0080-partners';
import { partnerSales } from './migrations/0081-partner-sales';
import { partnerSalePerson } from './migrations/0082-partner-sale-person';
import { funeralPhase } from './migrations/0083-funeral-phase';
import { partnerSalePrice } from './migrations/0084-partner-sale-price';
import { partnerNameStamp } from './migrations/0088-partner-name-stamp';
import { videoReceipts } from './migrations/0095-video-receipts';
import { accessRequests } from './migrations/0075-access-requests';
import { reminderGrants } from './migrations/0076-reminder-grants';
import type { MigrationDef } from './migrations/helpers';

function allMigrations(dialect: Dialect): Record<string, MigrationDef> {
  return {
    '0001-core': core(dialect),
    '0002-content': content(dialect),
    '0003-epitaphs': epitaphs(),
    '0004-complaints-immutable': complaintsImmutable(dialect),
    '0005-post-list-index': postListIndex(),
    '0006-content-version': contentVersion(dialect),
    '0007-download-tickets': downloadTickets(dialect),
    '0020-session-families': sessionFamilies(),
    '0021-post-media-bytes': postMediaBytes(),
    '0030-jobs-and-outbox': jobsAndOutbox(dialect),
    '0040-operators': operators(dialect),
    '0041-audit-log': auditLog(dialect),
    '0042-complaint-answers': complaintAnswers(dialect),
    '0043-post-reports': postReports(dialect),
    '0050-signed-media': signedMedia(),
    '0051-video-posters': videoPosters(),
    '0060-remembrance': remembrance(dialect),
    '0061-resumable-uploads': resumableUploads(),
    '0071-reminder-access': reminderAccess(),
    '0070-upload-reservations': uploadReservations(),
    '0073-share-code': shareCode(),
    '0074-video-conversions': videoConversions(),
    '0078-memorial-visits': memorialVisits(),
    '0080-partners': partners(dialect),
    '0081-partner-sales': partnerSales(dialect),
    '0082-partner-sale-person': partnerSalePerson(),
    '0083-funeral-phase': funeralPhase(),
    '0084-partner-sale-price': partnerSalePrice(),
    '0088-partner-name-stamp': partnerNameStamp(dialect),
    '0095-video-receipts': videoReceipts(),
    '0075-access-requests': accessRequests(dialect),
    '0076-reminder-grants': reminderGrants(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(allMigrations(this.dialect));
  }
}

/**
 * On PostgreSQL, Kysely looks for its migration tables in every schema of the database unless told
 * which one: a second schema holding them (another app, or a parallel test run) would make it skip
 * creating its own. Pin them to the connection's current schema.
 */
async function migrationSchema(db: Kysely<Database>, dialect: Dialect): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Before it migrates, Kysely reads the catalog of every schema (PostgresIntrospector.getTables); a
 * schema created or dropped at that instant by another process (another instance starting, a parallel
 * test) can fail that read with "column / relation / schema does not exist". Nothing has run
 * yet then, so it is tried again.
 */
const CATALOG_RACE_CODES = new Set(['42703', '42P01', '3F000', 'XX000']);

function isCatalogRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CATALOG_RACE_CODES.has(code);
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrationTableSchema = await migrationSchema(db, dialect);
  // Ranges of numbers belong to parallel pieces of work: an installation may have run 0040 before
  // 0030 exists, so a lower, new migration must still run.
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), allowUnorderedMigrations: true, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    const nothingRan = !results || results.length === 0;
    if (nothingRan && isCatalogRace(error) && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      continue;
    }
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
