// /api/partner/*: the partner area at /socios (issue 30, docs/decisions/031). The sign-in steps (the
// staff realms' routes, staff-auth.routes.ts) are open; everything else is registered in an inner plugin behind one hook that requires a complete
// partner session, so no route of the group can forget the check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PARTNER_MESSAGES,
  createBranchSchema,
  createStaffSchema,
  partnerLoginSchema,
  partnerSetPasswordSchema,
  partnerTokenQuerySchema,
} from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import { staffAuthRoutes } from '../staff-auth/staff-auth.routes';
import { partnerGuard, requirePartner } from './partner.guard';
import { presentBranch, presentCompletedLogin, presentLogin, presentMe, presentStaff } from './partner.presenter';
import * as service from './partner.service';

/** Routes of the partner area that need a complete session; others (the sale, lists) add theirs here. */
export type PartnerRouteModule = (app: FastifyInstance, deps: { ctx: AppContext; session: (request: FastifyRequest) => service.PartnerSession }) => Promise<void>;

export async function partnerRoutes(app: FastifyInstance, { ctx, modules = [] }: { ctx: AppContext; modules?: PartnerRouteModule[] }): Promise<void> {
  staffAuthRoutes(app, ctx, {
    realm: service.PARTNER_REALM,
    guard: partnerGuard,
    prefix: '/partner/auth',
    loginSchema: partnerLoginSchema,
    setPasswordSchema: partnerSetPasswordSchema,
    tokenQuerySchema: partnerTokenQuerySchema,
    presentLogin,
    presentCompletedLogin,
    presentLinkOwner: (user) => ({ user: { email: user.email, name: user.name } }),
  });

  await app.register(async (area) => {
    const sessions = new WeakMap<FastifyRequest, service.PartnerSession>();
    area.addHook('onRequest', async (request) => {
      sessions.set(request, await requirePartner(ctx, request));
    });
    const session = (request: FastifyRequest): service.PartnerSession => {
      const found = sessions.get(request);
      // The hook above ran for every route of this plugin; reaching here without it is a bug.
      if (!found) throw new Error('Partner route without a partner session');
      return found;
    };

    area.get('/partner/auth/me', async (request) => ok({ user: presentMe(session(request)) }));

    area.get('/partner/branches', async (request) => {
      const branches = await service.branchesFor(ctx, session(request));
      return ok({ branches: branches.map(presentBranch) });
    });

    area.post('/partner/branches', async (request) => {
      const input = parseInput(createBranchSchema, request.body);
      const branch = await service.createBranch(ctx, session(request), input, clientAddress(request));
      return ok({ branch: presentBranch(branch) }, PARTNER_MESSAGES.branchCreated);
    });

    area.get('/partner/staff', async (request) => {
      const staff = await service.staffOf(ctx, session(request));
      return ok({ staff: staff.map(presentStaff) });
    });

    area.post('/partner/staff', async (request) => {
      const input = parseInput(createStaffSchema, request.body);
      const created = await service.addAdviser(ctx, session(request), input, clientAddress(request));
      return ok({ id: created.user.id, setPasswordUrl: created.setPasswordUrl }, PARTNER_MESSAGES.staffCreated);
    });

    for (const module of modules) await module(area, { ctx, session });
  });
}
