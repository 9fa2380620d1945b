// Guest access to a private memorial (spec §4, §6, §7 /user/guest/*): the access code buys a guest
// token bound to that memorial and to its current code. An unknown memorial and a wrong code get
// the same answer, and guessing is slowed per IP and per memorial (guest.throttle.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { findMemorial } from '../../auth/memorial-access';
import { createGuestSession, rotateGuestSession, type GuestSession } from '../../auth/sessions';
import { AppError, tooManyRequests } from '../../http/errors';
import {
  IP_FAILURE_WINDOW_MS,
  IP_MAX_FAILURES,
  MEMORIAL_FAILURE_WINDOW_MS,
  ipWaitAfter,
  memorialWaitAfter,
  throttleKeys,
} from './guest.throttle';

export const GUEST_MESSAGES = {
  wrongCode: 'El código de acceso es incorrecto',
  tooMany: 'Demasiados intentos con un código incorrecto. Espera unos minutos e inténtalo de nuevo',
  sessionExpired: 'Tu acceso a este perfil ha expirado. Ingresa el código de acceso nuevamente',
} as const;

function sameCode(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected !== '';
}

async function refuseWhileWaiting(ctx: AppContext, ip: string, identifier: string): Promise<void> {
  const [failures, ipWait, memorialWait] = await Promise.all([
    ctx.limiter.peek(throttleKeys.ipFailures(ip)),
    ctx.limiter.peek(throttleKeys.ipWait(ip)),
    ctx.limiter.peek(throttleKeys.memorialWait(identifier)),
  ]);
  const blocking = [
    failures.count >= IP_MAX_FAILURES ? failures.resetMs : 0,
    ipWait.count > 0 ? ipWait.resetMs : 0,
    memorialWait.count > 0 ? memorialWait.resetMs : 0,
  ];
  const waitMs = Math.max(...blocking);
  if (waitMs > 0) throw tooManyRequests(GUEST_MESSAGES.tooMany, Math.max(1, Math.ceil(waitMs / 1000)));
}

async function recordFailure(ctx: AppContext, ip: string, identifier: string): Promise<void> {
  const [ipHit, memorialHit] = await Promise.all([
    ctx.limiter.hit(throttleKeys.ipFailures(ip), IP_FAILURE_WINDOW_MS),
    ctx.limiter.hit(throttleKeys.memorialFailures(identifier), MEMORIAL_FAILURE_WINDOW_MS),
  ]);
  const ipWait = ipWaitAfter(ipHit.count);
  const memorialWait = memorialWaitAfter(memorialHit.count);
  // A fresh window per wait: the previous wait has ended, or we would not be here.
  if (ipWait > 0) await ctx.limiter.hit(throttleKeys.ipWait(ip), ipWait);
  if (memorialWait > 0) await ctx.limiter.hit(throttleKeys.memorialWait(identifier), memorialWait);
}

/** Only a private memorial with this exact code issues a guest token. */
export async function guestLogin(ctx: AppContext, ip: string, input: { identifier: string; accessCode: string }): Promise<string> {
  await refuseWhileWaiting(ctx, ip, input.identifier);
  const memorial = await findMemorial(ctx.db, input.identifier);
  const granted = memorial !== null && memorial.type === 'P' && sameCode(input.accessCode, memorial.accessCode);
  if (!memorial || !granted) {
    await recordFailure(ctx, ip, input.identifier);
    throw new AppError(401, GUEST_MESSAGES.wrongCode);
  }
  return createGuestSession(ctx.db, memorial.id, memorial.accessCodeVersion);
}

export async function renewGuestToken(ctx: AppContext, session: GuestSession | null): Promise<string> {
  if (!session) throw new AppError(401, GUEST_MESSAGES.sessionExpired);
  return rotateGuestSession(ctx.db, session);
}
