// How access-code guessing is limited (DESIGN §4, docs/decisions/011-abuse-limits.md):
// - per address, over every memorial: 30 failures in 30 minutes, then 429 until the window ends;
// - per (memorial, address): 10 failures in 30 minutes, then 429 for that address only;
// - per memorial, over every address: after 10 failures in a day, a pause before the code is checked
//   that doubles from 1 s up to 8 s. Never a refusal: a family member who knows the code always
//   gets in, from any other address, while a stranger guesses.
// Counts are reserved before the code is compared (a burst of 100 from one address compares at most
// 10); a right code gives its reservation back, so a family sharing one connection is not counted.
import type { AttemptPolicy } from '../../security/attempt-guard';

export const GUEST_LOGIN_POLICY: AttemptPolicy = {
  name: 'guest-login',
  perAddress: { max: 30, windowMs: 30 * 60_000 },
  perTargetAddress: { max: 10, windowMs: 30 * 60_000 },
  perTarget: { free: 10, windowMs: 24 * 60 * 60_000, firstMs: 1000, maxMs: 8000 },
  tooMany: 'Demasiados intentos con un código incorrecto. Espera unos minutos e inténtalo de nuevo',
  onSuccess: 'release',
};
