// /api/admin/auth/*: the operator's login in two steps, the set-password link and logout (the staff
// realms' routes, staff-auth.routes.ts), and what only operators have: `me` and the password change.
// The rest of /api/admin/* is in admin.routes.ts, behind requireOperator.
import type { FastifyInstance } from 'fastify';
import { operatorChangePasswordSchema, operatorLoginSchema, operatorSetPasswordSchema, operatorTokenQuerySchema } from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import { staffAuthRoutes } from '../staff-auth/staff-auth.routes';
import { operatorGuard, requireOperator } from './operator.guard';
import { presentCompletedLogin, presentLogin, presentOperator } from './operator.presenter';
import * as service from './operator.service';

export function operatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  staffAuthRoutes(app, ctx, {
    realm: service.OPERATOR_REALM,
    guard: operatorGuard,
    prefix: '/admin/auth',
    loginSchema: operatorLoginSchema,
    setPasswordSchema: operatorSetPasswordSchema,
    tokenQuerySchema: operatorTokenQuerySchema,
    presentLogin,
    presentCompletedLogin,
    presentLinkOwner: (operator) => ({ operator: presentOperator(operator) }),
  });

  app.get('/admin/auth/me', async (request) => {
    const session = await requireOperator(ctx, request);
    return ok({ operator: presentOperator(session) });
  });

  app.post('/admin/auth/change-password', async (request) => {
    const session = await requireOperator(ctx, request);
    const input = parseInput(operatorChangePasswordSchema, request.body);
    const token = await service.changePassword(ctx, session, input, clientAddress(request));
    return ok({ token }, service.OPERATOR_MESSAGES.passwordChanged);
  });

  return Promise.resolve();
}
