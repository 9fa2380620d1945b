// Guest access to a private memorial (spec §4, §6, §7 /user/guest/*): the access code buys a guest
// token bound to that memorial and to its current code. An unknown memorial and a wrong code get
// the same answer, and guessing is limited per address and slowed per memorial (guest.throttle.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { findMemorial } from '../../auth/memorial-access';
import { createGuestSession, rotateGuestSession, type GuestSession } from '../../auth/sessions';
import { AppError } from '../../http/errors';
import { GUEST_LOGIN_POLICY } from './guest.throttle';

export const GUEST_MESSAGES = {
  wrongCode: 'El código de acceso es incorrecto',
  tooMany: GUEST_LOGIN_POLICY.tooMany,
  sessionExpired: 'Tu acceso a este perfil ha expirado. Ingresa el código de acceso nuevamente',
} as const;

function sameCode(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected !== '';
}

/** Only a private memorial with this exact code issues a guest token. */
export async function guestLogin(ctx: AppContext, address: string, input: { identifier: string; accessCode: string }): Promise<string> {
  const memorial = await ctx.attempts.attempt(GUEST_LOGIN_POLICY, input.identifier, address, async () => {
    const found = await findMemorial(ctx.db, input.identifier);
    return found !== null && found.type === 'P' && sameCode(input.accessCode, found.accessCode) ? found : null;
  });
  if (!memorial) throw new AppError(401, GUEST_MESSAGES.wrongCode);
  return createGuestSession(ctx.db, memorial.id, memorial.accessCodeVersion);
}

export async function renewGuestToken(ctx: AppContext, session: GuestSession | null): Promise<string> {
  if (!session) throw new AppError(401, GUEST_MESSAGES.sessionExpired);
  return rotateGuestSession(ctx.db, session);
}
