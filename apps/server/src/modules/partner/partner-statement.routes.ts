// GET /api/partner/statement?month=YYYY-MM and /statement.csv (issue 30 §6): the partner admin's
// monthly statement, behind the partner session (partner.routes.ts).
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { PartnerRouteModule } from './partner.routes';
import { monthQuerySchema, statementCsv, statementFor } from './partner-statement.service';

export const partnerStatementRoutes: PartnerRouteModule = (app, { ctx, session }) => {
  app.get('/partner/statement', async (request) => {
    const { month } = parseInput(monthQuerySchema, request.query);
    return ok({ statement: await statementFor(ctx, session(request), month) });
  });

  app.get('/partner/statement.csv', async (request, reply) => {
    const { month } = parseInput(monthQuerySchema, request.query);
    const csv = statementCsv(await statementFor(ctx, session(request), month));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="estado-de-cuenta-${month}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
  return Promise.resolve();
};
