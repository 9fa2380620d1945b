// The partners in the back office (issue 30 §7): listed with their counts, created (the command
// line's createPartner), suspended and resumed, one partner with its branches and staff, a branch or
// a partner user added, the logo uploaded — each change audited under the operator's name.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '@recuerdos/shared/limits';
import {
  BACKOFFICE_PARTNER_MESSAGES,
  BACKOFFICE_PARTNER_TEXT,
  PARTNER_MESSAGES,
  backofficePartnerUserSchema,
  createBranchSchema,
  createPartnerSchema,
} from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { readUpload } from '../../http/upload';
import type { AuditActor } from '../audit/audit.service';
import { presentBranch } from './partner.presenter';
import { PartnerInputError, commissionBasisPoints, createPartner, setPartnerSuspension } from './partner.service';
import { addBranch, addPartnerUser, listPartners, partnerDetail } from './partner-backoffice.service';
import { logoPath, setPartnerLogo } from './partner-logo';

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, BACKOFFICE_PARTNER_MESSAGES.notFound).transform(Number) });

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

  app.get('/partners/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok({ partner: await partnerDetail(ctx, id) });
  });

  for (const [path, suspend] of [['suspend', true], ['resume', false]] as const) {
    app.post(`/partners/:id/${path}`, async (request) => {
      const { id } = parseInput(idParams, request.params);
      const partner = await setPartnerSuspension(ctx.db, id, suspend, actor(request));
      if (!partner) throw new AppError(404, BACKOFFICE_PARTNER_MESSAGES.notFound);
      return ok({}, suspend ? BACKOFFICE_PARTNER_MESSAGES.suspended : BACKOFFICE_PARTNER_MESSAGES.resumed);
    });
  }

  app.post('/partners/:id/branches', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(createBranchSchema, request.body);
    const branch = await addBranch(ctx, id, input, actor(request));
    return ok({ branch: presentBranch(branch) }, PARTNER_MESSAGES.branchCreated);
  });

  app.post('/partners/:id/users', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(backofficePartnerUserSchema, request.body);
    const created = await addPartnerUser(ctx, id, input, actor(request));
    return ok({ id: created.user.id, setPasswordUrl: created.setPasswordUrl }, BACKOFFICE_PARTNER_TEXT.userCreated);
  });

  app.post('/partners/:id/logo', { config: { multipartFiles: true } }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const upload = await readUpload(request, { maxFileBytes: LIMITS.pictureMaxBytes, fileFields: ['logo'] });
    if (!upload.file) throw badRequest(BACKOFFICE_PARTNER_TEXT.logoRequired);
    const key = await setPartnerLogo(ctx, id, upload.file.result.buffer, actor(request));
    return ok({ logo: logoPath(key) }, BACKOFFICE_PARTNER_TEXT.logoSaved);
  });
  return Promise.resolve();
}
