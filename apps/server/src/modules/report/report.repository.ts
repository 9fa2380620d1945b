// Every SQL statement of reports: a visitor's report of a post, the operators' queue with each
// memory in context, and the resolution (hidden or dismissed).
import type { Kysely } from 'kysely';
import type { Database, Memorial, PostReport, PostRow, ReportStatus } from '../../db/schema';

export async function insertReport(
  db: Kysely<Database>,
  values: { postId: number; memorialId: number; reason: string; details: string; createdAt: string },
): Promise<PostReport> {
  return db
    .insertInto('postReports')
    .values({ ...values, status: 'open', resolvedAt: null, resolvedBy: null, resolution: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A report with the memory it is about (`postId`) and that memory's memorial (`memorialId`). */
export interface QueuedReport
  extends PostReport,
    Pick<PostRow, 'reg' | 'authorKind' | 'authorName' | 'text' | 'mediaKey' | 'mediaKind' | 'hiddenAt' | 'hiddenReason'>,
    Pick<Memorial, 'accountId' | 'identifier' | 'fullname' | 'type' | 'accessCodeVersion'> {
  /** Other open reports of the same memory. */
  otherOpenReports: number;
}

function queueQuery(db: Kysely<Database>) {
  return db
    .selectFrom('postReports')
    .innerJoin('posts', 'posts.id', 'postReports.postId')
    .innerJoin('memorials', 'memorials.id', 'postReports.memorialId')
    .select((eb) => [
      'postReports.id',
      'postReports.status',
      'postReports.reason',
      'postReports.details',
      'postReports.createdAt',
      'postReports.resolvedAt',
      'postReports.resolvedBy',
      'postReports.resolution',
      eb
        .selectFrom('postReports as others')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('others.postId', '=', 'postReports.postId')
        .whereRef('others.id', '!=', 'postReports.id')
        .where('others.status', '=', 'open')
        .as('otherOpenReports'),
      'posts.id as postId',
      'posts.reg',
      'posts.authorKind',
      'posts.authorName',
      'posts.text',
      'posts.mediaKey',
      'posts.mediaKind',
      'posts.hiddenAt',
      'posts.hiddenReason',
      'memorials.id as memorialId',
      'memorials.accountId',
      'memorials.identifier',
      'memorials.fullname',
      'memorials.type',
      'memorials.accessCodeVersion',
    ]);
}

function normalize(row: Omit<QueuedReport, 'otherOpenReports'> & { otherOpenReports: number | string | null }): QueuedReport {
  return { ...row, otherOpenReports: Number(row.otherOpenReports ?? 0) };
}

/** Open reports oldest first (a queue); resolved ones newest first. */
export async function listReports(db: Kysely<Database>, status: ReportStatus, limit = 200): Promise<QueuedReport[]> {
  const query = queueQuery(db).where('postReports.status', '=', status).limit(limit);
  const rows = await (status === 'open' ? query.orderBy('postReports.id', 'asc') : query.orderBy('postReports.resolvedAt', 'desc').orderBy('postReports.id', 'desc')).execute();
  return rows.map(normalize);
}

export async function findReport(db: Kysely<Database>, id: number): Promise<QueuedReport | null> {
  const row = await queueQuery(db).where('postReports.id', '=', id).executeTakeFirst();
  return row ? normalize(row) : null;
}

/** Resolves one open report; false when someone resolved it first. */
export async function resolveReport(
  db: Kysely<Database>,
  id: number,
  values: { status: Exclude<ReportStatus, 'open'>; resolvedAt: string; resolvedBy: string; resolution: string },
): Promise<boolean> {
  const result = await db.updateTable('postReports').set(values).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other open report of the post follows the one acted on (the memory is hidden for all). */
export async function resolveOpenReportsOfPost(
  db: Kysely<Database>,
  postId: number,
  values: { status: 'hidden'; resolvedAt: string; resolvedBy: string; resolution: string },
): Promise<number> {
  const result = await db.updateTable('postReports').set(values).where('postId', '=', postId).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function ownerOf(db: Kysely<Database>, accountId: number): Promise<{ email: string; name: string } | null> {
  return (await db.selectFrom('accounts').select(['email', 'name']).where('id', '=', accountId).executeTakeFirst()) ?? null;
}
