// GET /api/partner/statement?month=YYYY-MM, /statement.csv and /statement.pdf (issue 30 §6): the
// partner admin's monthly statement, behind the partner session (partner.routes.ts); and the back
// office's copy of any partner's, GET /api/admin/partners/:id/statement(.csv|.pdf), behind the
// operator session of admin.routes.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BACKOFFICE_PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import { AppError, parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { PartnerRouteModule } from './partner.routes';
import { monthQuerySchema, statementCsv, statementFilename, statementFor, statementOf, type Statement } from './partner-statement.service';

/** The CSV or PDF of a statement, never cached: it is money and names of staff. */
export async function sendStatementFile(ctx: AppContext, reply: FastifyReply, statement: Statement, kind: 'csv' | 'pdf'): Promise<FastifyReply> {
  const body = kind === 'csv' ? statementCsv(statement) : await ctx.pdf.build('statement', { statement, generatedAt: new Date() });
  return reply
    .type(kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${statementFilename(statement, kind)}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export const partnerStatementRoutes: PartnerRouteModule = (app, { ctx, session }) => {
  app.get('/partner/statement', async (request) => {
    const { month } = parseInput(monthQuerySchema, request.query);
    return ok({ statement: await statementFor(ctx, session(request), month) });
  });

  for (const kind of ['csv', 'pdf'] as const) {
    app.get(`/partner/statement.${kind}`, async (request, reply) => {
      const { month } = parseInput(monthQuerySchema, request.query);
      return sendStatementFile(ctx, reply, await statementFor(ctx, session(request), month), kind);
    });
  }
  return Promise.resolve();
};

const partnerParams = z.object({ id: z.string().regex(/^\d{1,9}$/, BACKOFFICE_PARTNER_MESSAGES.notFound).transform(Number) });

/** The operators' copy: any partner's month, the same data and files the partner admin gets. */
export function partnerStatementBackofficeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const statementAsked = async (params: unknown, query: unknown): Promise<Statement> => {
    const { id } = parseInput(partnerParams, params);
    const { month } = parseInput(monthQuerySchema, query);
    const statement = await statementOf(ctx.db, id, month);
    if (!statement) throw new AppError(404, BACKOFFICE_PARTNER_MESSAGES.notFound);
    return statement;
  };

  app.get('/partners/:id/statement', async (request) => ok({ statement: await statementAsked(request.params, request.query) }));

  for (const kind of ['csv', 'pdf'] as const) {
    app.get(`/partners/:id/statement.${kind}`, async (request, reply) => sendStatementFile(ctx, reply, await statementAsked(request.params, request.query), kind));
  }
  return Promise.resolve();
}
