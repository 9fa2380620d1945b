// /api/admin/auth/*: the operator's login in two steps, the set-password link, logout and password
// change. The rest of /api/admin/* is in admin.routes.ts, behind requireOperator.
import type { FastifyInstance } from 'fastify';
import {
  operatorChangePasswordSchema,
  operatorLoginSchema,
  operatorSetPasswordSchema,
  operatorTokenQuerySchema,
  secondFactorSchema,
} from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import { optionalOperator, requireOperator, requireOperatorStep } from './operator.guard';
import { presentCompletedLogin, presentEnrollment, presentLogin, presentOperator } from './operator.presenter';
import * as service from './operator.service';

export function operatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post('/admin/auth/login', async (request) => {
    const input = parseInput(operatorLoginSchema, request.body);
    return ok(presentLogin(await service.login(ctx, input, clientAddress(request))));
  });

  app.post('/admin/auth/enroll', async (request) => {
    const session = await requireOperatorStep(ctx, request);
    return ok(presentEnrollment(await service.startEnrollment(ctx, session)));
  });

  app.post('/admin/auth/enroll/confirm', async (request) => {
    const session = await requireOperatorStep(ctx, request);
    const { code } = parseInput(secondFactorSchema, request.body);
    return ok(presentCompletedLogin(await service.confirmEnrollment(ctx, session, code, clientAddress(request))));
  });

  app.post('/admin/auth/verify', async (request) => {
    const session = await requireOperatorStep(ctx, request);
    const { code } = parseInput(secondFactorSchema, request.body);
    return ok(presentCompletedLogin(await service.verifySecondFactor(ctx, session, code, clientAddress(request))));
  });

  app.get('/admin/auth/me', async (request) => {
    const session = await requireOperator(ctx, request);
    return ok({ operator: presentOperator(session) });
  });

  app.post('/admin/auth/logout', async (request) => {
    const session = await optionalOperator(ctx, request);
    if (session) await service.logout(ctx, session, clientAddress(request));
    return ok({}, service.OPERATOR_MESSAGES.loggedOut);
  });

  app.post('/admin/auth/change-password', async (request) => {
    const session = await requireOperator(ctx, request);
    const input = parseInput(operatorChangePasswordSchema, request.body);
    const token = await service.changePassword(ctx, session, input, clientAddress(request));
    return ok({ token }, service.OPERATOR_MESSAGES.passwordChanged);
  });

  app.get('/admin/auth/set-password', async (request) => {
    const { token } = parseInput(operatorTokenQuerySchema, request.query);
    return ok({ operator: presentOperator(await service.operatorOfSetPasswordToken(ctx, token)) });
  });

  app.post('/admin/auth/set-password', async (request) => {
    const input = parseInput(operatorSetPasswordSchema, request.body);
    await service.setPasswordWithToken(ctx, input, clientAddress(request));
    return ok({}, service.OPERATOR_MESSAGES.passwordSet);
  });

  return Promise.resolve();
}
