// /api/partner/*: the partner area at /socios (issue 30, docs/decisions/031). The sign-in steps are
// open; everything else is registered in an inner plugin behind one hook that requires a complete
// partner session, so no route of the group can forget the check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secondFactorSchema } from '@recuerdos/shared/admin-schemas';
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
import { optionalPartner, requirePartner, requirePartnerStep } from './partner.guard';
import { presentBranch, presentCompletedLogin, presentEnrollment, presentLogin, presentMe, presentStaff } from './partner.presenter';
import * as service from './partner.service';

/** Routes of the partner area that need a complete session; others (the sale, lists) add theirs here. */
export type PartnerRouteModule = (app: FastifyInstance, deps: { ctx: AppContext; session: (request: FastifyRequest) => service.PartnerSession }) => Promise<void>;

export async function partnerRoutes(app: FastifyInstance, { ctx, modules = [] }: { ctx: AppContext; modules?: PartnerRouteModule[] }): Promise<void> {
  app.post('/partner/auth/login', async (request) => {
    const input = parseInput(partnerLoginSchema, request.body);
    return ok(presentLogin(await service.login(ctx, input, clientAddress(request))));
  });

  app.post('/partner/auth/enroll', async (request) => {
    const session = await requirePartnerStep(ctx, request);
    return ok(presentEnrollment(await service.startEnrollment(ctx, session)));
  });

  app.post('/partner/auth/enroll/confirm', async (request) => {
    const session = await requirePartnerStep(ctx, request);
    const { code } = parseInput(secondFactorSchema, request.body);
    return ok(presentCompletedLogin(await service.confirmEnrollment(ctx, session, code, clientAddress(request))));
  });

  app.post('/partner/auth/verify', async (request) => {
    const session = await requirePartnerStep(ctx, request);
    const { code } = parseInput(secondFactorSchema, request.body);
    return ok(presentCompletedLogin(await service.verifySecondFactor(ctx, session, code, clientAddress(request))));
  });

  app.post('/partner/auth/logout', async (request) => {
    const session = await optionalPartner(ctx, request);
    if (session) await service.logout(ctx, session, clientAddress(request));
    return ok({}, PARTNER_MESSAGES.loggedOut);
  });

  app.get('/partner/auth/set-password', async (request) => {
    const { token } = parseInput(partnerTokenQuerySchema, request.query);
    const user = await service.userOfSetPasswordToken(ctx, token);
    return ok({ user: { email: user.email, name: user.name } });
  });

  app.post('/partner/auth/set-password', async (request) => {
    const input = parseInput(partnerSetPasswordSchema, request.body);
    await service.setPasswordWithToken(ctx, input, clientAddress(request));
    return ok({}, PARTNER_MESSAGES.passwordSet);
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
