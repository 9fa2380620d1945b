// Who is calling, for one staff realm: its header names one of its sessions (never an owner's
// `token`, a guest's `guest` or another realm's header, which are other tables). A realm's module
// builds its guard once (operator.guard.ts, partner.guard.ts).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, unauthorized } from '../../http/errors';
import type { StaffRealm, StaffSession, StaffUser } from './staff-auth.realm';
import { findStaffSession } from './staff-auth.service';

export interface StaffGuard<S extends StaffSession> {
  /** The session of the header, or null; looked up once per request. */
  optional: (ctx: AppContext, request: FastifyRequest) => Promise<S | null>;
  /** A complete session (the password, and the second factor where the realm asks it), or 401. */
  require: (ctx: AppContext, request: FastifyRequest) => Promise<S>;
  /** A session between the password and the second factor, or 401 (409 when already complete). */
  requireStep: (ctx: AppContext, request: FastifyRequest) => Promise<S>;
}

export function staffGuard<S extends StaffSession>(realm: StaffRealm<StaffUser, S>): StaffGuard<S> {
  const cache = new WeakMap<FastifyRequest, Promise<S | null>>();

  function headerToken(request: FastifyRequest): string | null {
    const value = request.headers[realm.header];
    const token = Array.isArray(value) ? value[0] : value;
    if (!token || token.length > 200) return null;
    return token;
  }

  function optional(ctx: AppContext, request: FastifyRequest): Promise<S | null> {
    let cached = cache.get(request);
    if (!cached) {
      const token = headerToken(request);
      cached = token ? findStaffSession(realm, ctx.db, token, ctx.now()) : Promise.resolve(null);
      cache.set(request, cached);
    }
    return cached;
  }

  return {
    optional,
    require: async (ctx, request) => {
      const session = await optional(ctx, request);
      if (!session) throw unauthorized(realm.messages.sessionExpired);
      if (!session.complete) throw unauthorized(realm.messages.secondFactorRequired);
      return session;
    },
    requireStep: async (ctx, request) => {
      const session = await optional(ctx, request);
      if (!session) throw unauthorized(realm.messages.sessionExpired);
      if (session.complete) throw conflict(realm.messages.alreadyEnrolled);
      return session;
    },
  };
}
