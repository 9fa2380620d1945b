// /api/user/* of spec §7 (the guest calls /user/guest/* belong to the memorial API), plus logout.
import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, renewTokenSchema, restorePasswordSchema } from '@recuerdos/shared/user-schemas';
import type { AppContext } from '../../context';
import { requireUser } from '../../auth/guards';
import { clientAddress } from '../../security/client-address';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { presentEmail, presentSession } from './user.presenter';
import {
  USER_MESSAGES,
  changePassword,
  emailOfResetToken,
  login,
  logout,
  renewToken,
  requestPasswordReset,
  restorePassword,
} from './user.service';

const resetTokenParamsSchema = restorePasswordSchema.pick({ token: true });

export function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post('/user/login', async (request) => {
    const input = parseInput(loginSchema, request.body);
    return ok(presentSession(await login(ctx, input, clientAddress(request)), ctx.mediaLinks));
  });

  app.post('/user/renew-token', async (request) => {
    const session = await requireUser(ctx.db, request);
    const input = parseInput(renewTokenSchema, request.body);
    return ok(presentSession(await renewToken(ctx, session, input), ctx.mediaLinks));
  });

  app.post('/user/logout', async (request) => {
    const session = await requireUser(ctx.db, request);
    await logout(ctx, session);
    return ok({}, USER_MESSAGES.loggedOut);
  });

  app.post('/user/change-password', async (request) => {
    const session = await requireUser(ctx.db, request);
    const input = parseInput(changePasswordSchema, request.body);
    await changePassword(ctx, session, input);
    return ok({}, USER_MESSAGES.passwordChanged);
  });

  app.post('/user/forgot-password', async (request) => {
    const input = parseInput(forgotPasswordSchema, request.body);
    await requestPasswordReset(ctx, input, clientAddress(request));
    return ok({}, USER_MESSAGES.resetRequested);
  });

  app.post('/user/restore-password', async (request) => {
    const input = parseInput(restorePasswordSchema, request.body);
    await restorePassword(ctx, input);
    return ok({}, USER_MESSAGES.passwordRestored);
  });

  // Registered last for readability; the router prefers the static paths above anyway.
  app.get('/user/:token', async (request) => {
    const { token } = parseInput(resetTokenParamsSchema, request.params);
    return ok(presentEmail(await emailOfResetToken(ctx, token)));
  });

  return Promise.resolve();
}
