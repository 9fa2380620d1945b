// Who is calling the back office: the `operator` header names an operator session (never an
// owner's `token` or a guest's `guest`, which are other tables). Every /api/admin/* route outside
// the login steps sits behind `requireOperator`, registered once for the whole group (admin.routes.ts).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, unauthorized } from '../../http/errors';
import { OPERATOR_MESSAGES, findOperatorSession, type OperatorSession } from './operator.service';

export const OPERATOR_HEADER = 'operator';

const cache = new WeakMap<FastifyRequest, Promise<OperatorSession | null>>();

function headerToken(request: FastifyRequest): string | null {
  const value = request.headers[OPERATOR_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  if (!token || token.length > 200) return null;
  return token;
}

export function optionalOperator(ctx: AppContext, request: FastifyRequest): Promise<OperatorSession | null> {
  let cached = cache.get(request);
  if (!cached) {
    const token = headerToken(request);
    cached = token ? findOperatorSession(ctx.db, token) : Promise.resolve(null);
    cache.set(request, cached);
  }
  return cached;
}

/** A complete operator session (password and second factor), or 401. */
export async function requireOperator(ctx: AppContext, request: FastifyRequest): Promise<OperatorSession> {
  const session = await optionalOperator(ctx, request);
  if (!session) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
  if (!session.complete) throw unauthorized(OPERATOR_MESSAGES.secondFactorRequired);
  return session;
}

/** A session between the password and the second factor, or 401 (409 when already complete). */
export async function requireOperatorStep(ctx: AppContext, request: FastifyRequest): Promise<OperatorSession> {
  const session = await optionalOperator(ctx, request);
  if (!session) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
  if (session.complete) throw conflict(OPERATOR_MESSAGES.alreadyEnrolled);
  return session;
}
