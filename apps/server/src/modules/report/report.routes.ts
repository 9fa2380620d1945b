// POST /api/content/report-post (visitors) and /api/admin/reports* (inside the admin group,
// behind requireOperator).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dismissReportSchema, hidePostSchema, reportListSchema } from '@recuerdos/shared/admin-schemas';
import { REPORT_MESSAGES, reportPostSchema } from '@recuerdos/shared/report-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { AuditActor } from '../audit/audit.service';
import { presentReport } from './report.presenter';
import * as service from './report.service';

export function reportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post('/content/report-post', async (request) => {
    const input = parseInput(reportPostSchema, request.body);
    await service.reportPost(ctx, await callerOf(ctx.db, request), input);
    return ok({}, REPORT_MESSAGES.sent);
  });
  return Promise.resolve();
}

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, service.TAKEDOWN_MESSAGES.notFound).transform(Number) });

export function reportBackofficeRoutes(app: FastifyInstance, { ctx, actor }: { ctx: AppContext; actor: (request: FastifyRequest) => AuditActor }): Promise<void> {
  app.get('/reports', async (request) => {
    const { status } = parseInput(reportListSchema, request.query);
    return ok({ reports: (await service.listReports(ctx, status)).map((row) => presentReport(row, ctx.config.publicUrl, ctx.mediaLinks)) });
  });

  app.post('/reports/:id/hide', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(hidePostSchema, request.body);
    await service.hideReportedPost(ctx, actor(request), id, reason);
    return ok({}, service.TAKEDOWN_MESSAGES.hidden);
  });

  app.post('/reports/:id/dismiss', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { note } = parseInput(dismissReportSchema, request.body);
    await service.dismissReport(ctx, actor(request), id, note);
    return ok({}, service.TAKEDOWN_MESSAGES.dismissed);
  });

  return Promise.resolve();
}
