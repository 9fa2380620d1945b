// Reports and takedown (issue 15 §4). A visitor of a memorial reports a memory with a reason
// (limited per address); the report waits in the operators' queue with the memory in context; an
// operator hides the memory — its media leave their public address, it disappears from every list
// visitors see, the owner is told why by e-mail and still sees it, marked hidden — or dismisses the
// report. A hidden memory is kept, never deleted.
import { REPORT_MESSAGES, REPORT_REASONS, type ReportReason } from '@recuerdos/shared/report-schemas';
import type { AppContext } from '../../context';
import type { ReportStatus } from '../../db/schema';
import { nowIso } from '../../db/database';
import { accessMemorial, type Caller } from '../../auth/memorial-access';
import { authorize, type Permission } from '../../auth/permissions';
import { conflict, notFound } from '../../http/errors';
import { reserveAll } from '../../security/attempt-guard';
import { isPendingKey, newMediaKey, postShape } from '../../media/media-keys';
import { moveMedia } from '../../media/staged-media';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { findPost, markHidden } from '../content/content.repository';
import { postHiddenMail } from './report.mails';
import * as repo from './report.repository';

export const REPORT_POLICY = {
  // Whoever can read the memorial's published memories, except its owner (who can delete them).
  report: { owner: 'never', guest: 'always', visitor: 'if public' },
} as const satisfies Record<string, Permission>;

export const REPORT_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

export const TAKEDOWN_MESSAGES = {
  tooManyReports: 'Ya enviaste varios reportes. Inténtalo de nuevo más tarde',
  notFound: 'No encontramos ese reporte',
  alreadyResolved: 'Este reporte ya fue atendido por otra persona del equipo',
  hidden: 'Ocultamos el recuerdo y le escribimos a la familia',
  dismissed: 'Reporte descartado',
} as const;

export async function reportPost(
  ctx: AppContext,
  caller: Caller,
  input: { identifier: string; date: string; reason: ReportReason; details: string },
  now = new Date(),
): Promise<void> {
  const access = await accessMemorial(ctx.db, caller, input.identifier);
  authorize(REPORT_POLICY.report, access);
  await reserveAll(ctx.limiter, [{ key: `report:addr:${caller.ip}`, cap: REPORT_LIMIT, message: TAKEDOWN_MESSAGES.tooManyReports }]);
  const post = await findPost(ctx.db, access.memorial.id, input.date);
  // Only what a visitor can see can be reported.
  if (post?.state !== 'approved' || post.hiddenAt !== null) throw notFound(REPORT_MESSAGES.postRequired);
  await repo.insertReport(ctx.db, { postId: post.id, memorialId: access.memorial.id, reason: input.reason, details: input.details, createdAt: nowIso(now) });
}

export function reasonLabel(reason: string): string {
  return reason in REPORT_REASONS ? REPORT_REASONS[reason as ReportReason] : reason;
}

export function listReports(ctx: Pick<AppContext, 'db'>, status: ReportStatus): Promise<repo.QueuedReport[]> {
  return repo.listReports(ctx.db, status);
}

async function openReport(ctx: Pick<AppContext, 'db'>, id: number): Promise<repo.QueuedReport> {
  const report = await repo.findReport(ctx.db, id);
  if (!report) throw notFound(TAKEDOWN_MESSAGES.notFound);
  if (report.status !== 'open') throw conflict(TAKEDOWN_MESSAGES.alreadyResolved);
  return report;
}

/**
 * Hides the reported memory. Its media move under `pending/` first (the public, long-cached address
 * stops answering), then one transaction hides the row, resolves every open report of it and
 * writes the audit entry; if that fails the media move back. Then the owner is e-mailed.
 */
export async function hideReportedPost(ctx: AppContext, actor: AuditActor, id: number, reason: string, now = new Date()): Promise<void> {
  const report = await openReport(ctx, id);
  const at = nowIso(now);
  const resolution = { status: 'hidden' as const, resolvedAt: at, resolvedBy: actor.email, resolution: reason };

  if (report.hiddenAt !== null) {
    // Hidden meanwhile after another report: this one follows.
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.resolveReport(trx, report.id, resolution))) throw conflict(TAKEDOWN_MESSAGES.alreadyResolved);
      await recordAudit(trx, actor, 'report.hidden', `reporte ${report.id}`, { memorial: report.identifier, post: report.reg, alreadyHidden: true, reason }, now);
    });
    return;
  }

  const store = ctx.media;
  const moveFrom = report.mediaKey && report.mediaKind && !isPendingKey(report.mediaKey) ? report.mediaKey : null;
  const hiddenKey = moveFrom ? newMediaKey(true) : report.mediaKey;
  const shape = report.mediaKind ? postShape(report.mediaKind) : null;
  if (moveFrom && hiddenKey && shape) await moveMedia(store, moveFrom, hiddenKey, shape);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const hidden = await markHidden(trx, report.postId, { mediaKey: hiddenKey, reason, at });
      if (!hidden) throw conflict(TAKEDOWN_MESSAGES.alreadyResolved);
      if (!(await repo.resolveReport(trx, report.id, resolution))) throw conflict(TAKEDOWN_MESSAGES.alreadyResolved);
      const others = await repo.resolveOpenReportsOfPost(trx, report.postId, resolution);
      await recordAudit(trx, actor, 'report.hidden', `reporte ${report.id}`, {
        memorial: report.identifier,
        post: report.reg,
        author: report.authorName,
        reason,
        reportReason: report.reason,
        otherReportsResolved: others,
      }, now);
    });
  } catch (err) {
    if (moveFrom && hiddenKey && shape) {
      await moveMedia(store, hiddenKey, moveFrom, shape).catch((moveErr: unknown) =>
        ctx.log.error({ err: moveErr }, 'Could not return media to its public key after a failed takedown'),
      );
    }
    throw err;
  }

  const owner = await repo.ownerOf(ctx.db, report.accountId);
  if (owner) {
    await ctx.mail.queue(
      postHiddenMail({
        to: owner.email,
        ownerName: owner.name,
        memorialName: report.fullname,
        authorName: report.authorKind === 'owner' ? 'Familia' : report.authorName,
        postText: report.text,
        hasMedia: report.mediaKey !== null,
        reason,
        publicUrl: ctx.config.publicUrl,
        contactEmail: ctx.config.contact.email,
      }),
    );
  }
}

export async function dismissReport(ctx: AppContext, actor: AuditActor, id: number, note: string, now = new Date()): Promise<void> {
  const report = await openReport(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    const done = await repo.resolveReport(trx, report.id, { status: 'dismissed', resolvedAt: nowIso(now), resolvedBy: actor.email, resolution: note });
    if (!done) throw conflict(TAKEDOWN_MESSAGES.alreadyResolved);
    await recordAudit(trx, actor, 'report.dismissed', `reporte ${report.id}`, { memorial: report.identifier, post: report.reg, note }, now);
  });
}
