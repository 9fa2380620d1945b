// GET /api/admin/audit (inside the admin group, behind requireOperator): read and filter only.
import type { FastifyInstance } from 'fastify';
import { auditListSchema } from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { presentAudit } from './audit.presenter';
import { listAudit } from './audit.service';

export function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/audit', async (request) => {
    const filter = parseInput(auditListSchema, request.query);
    return ok(presentAudit(await listAudit(ctx, filter)));
  });
  return Promise.resolve();
}
