// The sign-in routes of one staff realm under its prefix (`/admin/auth`, `/partner/auth`): the
// password, the authenticator's enrolment and confirmation, the second factor, logout and the
// set-password link. What a realm answers (its person's shape, its schemas) comes with the call; the
// rest of the realm's routes (its `me`, a password change) stay in its module.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { secondFactorSchema } from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { clientAddress } from '../../security/client-address';
import type { StaffGuard } from './staff-auth.guard';
import type { StaffRealm, StaffSession, StaffUser } from './staff-auth.realm';
import * as service from './staff-auth.service';

export interface StaffAuthHttp<U extends StaffUser, S extends StaffSession> {
  realm: StaffRealm<U, S>;
  guard: StaffGuard<S>;
  /** '/admin/auth' */
  prefix: string;
  loginSchema: z.ZodType<{ email: string; password: string }>;
  setPasswordSchema: z.ZodType<{ token: string; password: string }>;
  tokenQuerySchema: z.ZodType<{ token: string }>;
  presentLogin(result: { token: string; next: service.LoginNext }): object;
  presentCompletedLogin(result: service.CompletedLogin<U>): object;
  /** The answer of the set-password page's first read: whose link it is. */
  presentLinkOwner(user: U): object;
}

export function staffAuthRoutes<U extends StaffUser, S extends StaffSession>(app: FastifyInstance, ctx: AppContext, http: StaffAuthHttp<U, S>): void {
  const { realm, guard, prefix } = http;

  app.post(`${prefix}/login`, async (request) => {
    const input = parseInput(http.loginSchema, request.body);
    return ok(http.presentLogin(await service.login(realm, ctx, input, clientAddress(request))));
  });

  app.post(`${prefix}/enroll`, async (request) => {
    const session = await guard.requireStep(ctx, request);
    const { secret, uri, qr } = await service.startEnrollment(realm, ctx, session);
    return ok({ secret, uri, qr });
  });

  app.post(`${prefix}/enroll/confirm`, async (request) => {
    const session = await guard.requireStep(ctx, request);
    const { code } = parseInput(secondFactorSchema, request.body);
    return ok(http.presentCompletedLogin(await service.confirmEnrollment(realm, ctx, session, code, clientAddress(request))));
  });

  app.post(`${prefix}/verify`, async (request) => {
    const session = await guard.requireStep(ctx, request);
    const { code } = parseInput(secondFactorSchema, request.body);
    return ok(http.presentCompletedLogin(await service.verifySecondFactor(realm, ctx, session, code, clientAddress(request))));
  });

  app.post(`${prefix}/logout`, async (request) => {
    const session = await guard.optional(ctx, request);
    if (session) await service.logout(realm, ctx, session, clientAddress(request));
    return ok({}, realm.messages.loggedOut);
  });

  app.get(`${prefix}/set-password`, async (request) => {
    const { token } = parseInput(http.tokenQuerySchema, request.query);
    return ok(http.presentLinkOwner(await service.userOfSetPasswordToken(realm, ctx, token)));
  });

  app.post(`${prefix}/set-password`, async (request) => {
    const input = parseInput(http.setPasswordSchema, request.body);
    await service.setPasswordWithToken(realm, ctx, input, clientAddress(request));
    return ok({}, realm.messages.passwordSet);
  });
}
