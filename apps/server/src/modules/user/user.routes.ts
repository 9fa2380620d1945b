// /api/user/* of spec §7 (the guest calls /user/guest/* belong to the memorial API), plus logout.
import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, renewTokenSchema, restorePasswordSchema } from '@recuerdos/shared/user-schemas';
import type { AppContext } from '../../context';
import { optionalUser, requireUser } from '../../auth/guards';
import { clearSessionCookie, sessionCookieFor, sessionCookieToken, setSessionCookie } from '../../auth/session-cookie';
import { peekUserSession } from '../../auth/sessions';
import { clientAddress } from '../../security/client-address';
import { parseInput, unauthorized } from '../../http/errors';
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
  // The session cookie of the document requests travels with every token issued (decision 028).
  const cookie = sessionCookieFor(ctx.config.publicUrl);

  app.post('/user/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const view = await login(ctx, input, clientAddress(request));
    setSessionCookie(reply, cookie, view.token);
    return ok(presentSession(view, ctx.mediaLinks));
  });

  app.post('/user/renew-token', async (request, reply) => {
    const session = await optionalUser(ctx.db, request);
    if (!session) {
      // The client logs out on this refusal (spec §4): the document requests follow it.
      clearSessionCookie(reply, cookie);
      throw unauthorized();
    }
    const input = parseInput(renewTokenSchema, request.body);
    const view = await renewToken(ctx, session, input);
    setSessionCookie(reply, cookie, view.token);
    return ok(presentSession(view, ctx.mediaLinks));
  });

  app.post('/user/logout', async (request, reply) => {
    clearSessionCookie(reply, cookie);
    // The header's family, and the cookie's when it names another (or the header is gone: a logout
    // sent after the local session was lost). The cookie can end nothing but its own family, and
    // another site's request never carries it (SameSite=Strict).
    const fromHeader = await optionalUser(ctx.db, request);
    const cookieToken = sessionCookieToken(request, cookie);
    const fromCookie = cookieToken ? await peekUserSession(ctx.db, cookieToken) : null;
    if (!fromHeader && !fromCookie) throw unauthorized();
    for (const session of [fromHeader, fromCookie]) {
      if (session) await logout(ctx, session);
    }
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
