// GET /api/partner/statement?month=YYYY-MM, /statement.csv and /statement.pdf (issue 30 §6): the
// partner admin's monthly statement, behind the partner session (partner.routes.ts).
import type { FastifyReply } from 'fastify';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { PartnerRouteModule } from './partner.routes';
import { monthQuerySchema, statementCsv, statementFilename, statementFor, statementPdf, type Statement } from './partner-statement.service';

/** The CSV or PDF of a statement, never cached: it is money and names of staff. */
export async function sendStatementFile(reply: FastifyReply, statement: Statement, kind: 'csv' | 'pdf'): Promise<FastifyReply> {
  const body = kind === 'csv' ? statementCsv(statement) : await statementPdf(statement);
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
      return sendStatementFile(reply, await statementFor(ctx, session(request), month), kind);
    });
  }
  return Promise.resolve();
};
