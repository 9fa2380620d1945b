// Who is calling the partner area: the `partner` header names a partner session (never an owner's
// `token`, a guest's `guest` or an operator's `operator`, which are other tables). Every
// /api/partner/* route outside the sign-in steps sits behind `requirePartner`, registered once.
import type { FastifyRequest } from 'fastify';
import { PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import { conflict, unauthorized } from '../../http/errors';
import { findPartnerSession, type PartnerSession } from './partner.service';

export const PARTNER_HEADER = 'partner';

const cache = new WeakMap<FastifyRequest, Promise<PartnerSession | null>>();

function headerToken(request: FastifyRequest): string | null {
  const value = request.headers[PARTNER_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  if (!token || token.length > 200) return null;
  return token;
}

export function optionalPartner(ctx: AppContext, request: FastifyRequest): Promise<PartnerSession | null> {
  let cached = cache.get(request);
  if (!cached) {
    const token = headerToken(request);
    cached = token ? findPartnerSession(ctx.db, token, ctx.now()) : Promise.resolve(null);
    cache.set(request, cached);
  }
  return cached;
}

/** A complete partner session (an adviser's password; an admin's second factor too), or 401. */
export async function requirePartner(ctx: AppContext, request: FastifyRequest): Promise<PartnerSession> {
  const session = await optionalPartner(ctx, request);
  if (!session) throw unauthorized(PARTNER_MESSAGES.sessionExpired);
  if (!session.complete) throw unauthorized(PARTNER_MESSAGES.secondFactorRequired);
  return session;
}

/** An admin's session between the password and the second factor, or 401 (409 when already complete). */
export async function requirePartnerStep(ctx: AppContext, request: FastifyRequest): Promise<PartnerSession> {
  const session = await optionalPartner(ctx, request);
  if (!session) throw unauthorized(PARTNER_MESSAGES.sessionExpired);
  if (session.complete) throw conflict(PARTNER_MESSAGES.alreadyEnrolled);
  return session;
}
