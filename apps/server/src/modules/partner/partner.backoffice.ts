// The partners in the back office (issue 30 §7): listed with their counts, created (the command
// line's createPartner), suspended and resumed — each change audited under the operator's name.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BACKOFFICE_PARTNER_MESSAGES, createPartnerSchema } from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import { AppError, conflict, parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { AuditActor } from '../audit/audit.service';
import { PartnerInputError, commissionBasisPoints, createPartner, setPartnerSuspension } from './partner.service';

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, BACKOFFICE_PARTNER_MESSAGES.notFound).transform(Number) });

async function listPartners(ctx: AppContext) {
  const count = (table: 'partnerBranches' | 'partnerUsers' | 'partnerSales') =>
    ctx.db.selectFrom(table).select((eb) => ['partnerId', eb.fn.countAll<number | string>().as('n')]).groupBy('partnerId').execute();
  const [partners, branches, staff, sales] = await Promise.all([
    ctx.db.selectFrom('partners').selectAll().orderBy('name').execute(),
    count('partnerBranches'),
    count('partnerUsers'),
    count('partnerSales'),
  ]);
  const of = (rows: { partnerId: number; n: number | string }[], id: number) => Number(rows.find((row) => row.partnerId === id)?.n ?? 0);
  return partners.map((p) => ({
    id: p.id,
    name: p.name,
    legalName: p.legalName,
    ruc: p.ruc,
    commissionPercent: p.commissionBp / 100,
    suspended: p.suspendedAt !== null,
    branches: of(branches, p.id),
    staff: of(staff, p.id),
    sales: of(sales, p.id),
  }));
}

export function partnerBackofficeRoutes(app: FastifyInstance, { ctx, actor }: { ctx: AppContext; actor: (request: FastifyRequest) => AuditActor }): Promise<void> {
  app.get('/partners', async () => ok({ partners: await listPartners(ctx) }));

  app.post('/partners', async (request) => {
    const input = parseInput(createPartnerSchema, request.body);
    const commissionBp = commissionBasisPoints(input.commission);
    if (commissionBp === null) throw new AppError(400, BACKOFFICE_PARTNER_MESSAGES.commissionInvalid);
    try {
      const { partner, branch } = await createPartner(
        ctx.db,
        { name: input.name, legalName: input.legalName || input.name, ruc: input.ruc, commissionBp, branchName: input.branch },
        actor(request),
      );
      return ok({ partner: { id: partner.id, name: partner.name, ruc: partner.ruc }, branch: { id: branch.id, name: branch.name } }, BACKOFFICE_PARTNER_MESSAGES.created);
    } catch (err) {
      if (err instanceof PartnerInputError) throw conflict(BACKOFFICE_PARTNER_MESSAGES.rucTaken);
      throw err;
    }
  });

  for (const [path, suspend] of [['suspend', true], ['resume', false]] as const) {
    app.post(`/partners/:id/${path}`, async (request) => {
      const { id } = parseInput(idParams, request.params);
      const partner = await setPartnerSuspension(ctx.db, id, suspend, actor(request));
      if (!partner) throw new AppError(404, BACKOFFICE_PARTNER_MESSAGES.notFound);
      return ok({}, suspend ? BACKOFFICE_PARTNER_MESSAGES.suspended : BACKOFFICE_PARTNER_MESSAGES.resumed);
    });
  }
  return Promise.resolve();
}
