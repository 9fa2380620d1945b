// /api/admin/*: the back office's calls (issue 15). The login steps are in the operator module;
// everything registered here sits behind one hook that requires a complete operator session
// (password and second factor), so no route of the group can forget the check. Owners' and guests'
// sessions are other tables: their headers open nothing here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { AuditActor } from '../audit/audit.service';
import { auditRoutes } from '../audit/audit.routes';
import { complaintBackofficeRoutes } from '../complaint/complaint.backoffice.routes';
import { contractBackofficeRoutes } from '../contract/contract.backoffice.routes';
import { requireOperator } from '../operator/operator.guard';
import { actorOf, type OperatorSession } from '../operator/operator.service';
import { reportBackofficeRoutes } from '../report/report.routes';
import { partnerBackofficeRoutes } from '../partner/partner.backoffice';
import { partnerStatementBackofficeRoutes } from '../partner/partner-statement.routes';

const sessions = new WeakMap<FastifyRequest, OperatorSession>();

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    sessions.set(request, await requireOperator(ctx, request));
  });

  const sessionOf = (request: FastifyRequest): OperatorSession => {
    const session = sessions.get(request);
    // The hook above ran for every route of this plugin; reaching here without it is a bug.
    if (!session) throw new Error('Admin route without an operator session');
    return session;
  };
  const actor = (request: FastifyRequest): AuditActor => actorOf(sessionOf(request), request.ip);
  const operator = (request: FastifyRequest) => {
    const session = sessionOf(request);
    return { operatorId: session.operatorId, name: session.name, actor: actorOf(session, request.ip) };
  };

  await contractBackofficeRoutes(app, { ctx, actor });
  await complaintBackofficeRoutes(app, { ctx, operator });
  await reportBackofficeRoutes(app, { ctx, actor });
  await auditRoutes(app, { ctx });
  await partnerBackofficeRoutes(app, { ctx, actor });
  await partnerStatementBackofficeRoutes(app, { ctx });
}
