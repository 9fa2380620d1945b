// Guessing a secret (a password, an access code) is limited so that a stranger can neither guess
// fast nor lock the rightful person out (DESIGN §4, docs/decisions/011-abuse-limits.md):
// - per address, over every target: a strict cap (one address guessing many accounts);
// - per (target, address): a strict cap (one address guessing one account);
// - per target, over every address: only a growing pause before the secret is checked, never a
//   refusal, so the right password or code from another address still gets in;
// - optionally, per target over every address, a strict cap too, for a secret too short for the
//   pause alone (a 6-digit code); a policy that sets it gives the rightful person another way in.
// Every count is reserved before the secret is checked, atomically: a burst of N attempts released
// at once evaluates at most the cap. A success gives its reservation back (it was no guess).
import { tooManyRequests } from '../http/errors';
import type { RateLimiter } from './limiter';

export interface Cap {
  max: number;
  windowMs: number;
}

export interface GrowingPause {
  /** Failures on the target within the window before any pause. */
  free: number;
  windowMs: number;
  /** The first pause; each further failure doubles it, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
}

export interface AttemptPolicy {
  /** Limiter key prefix. */
  name: string;
  perAddress: Cap;
  perTargetAddress: Cap;
  perTarget: GrowingPause;
  /**
   * A strict cap per target, over every address, reserved after the two above. A stranger can spend
   * it and so refuse the rightful person: set it only for a secret that the pause alone would leave
   * guessable from many addresses, and only where another way in remains (an operator's TOTP code,
   * with the recovery codes beside it). `tooMany` is its own 429 message (it can say that way).
   */
  perTargetCap?: Cap & { tooMany: string };
  /** The Spanish 429 message. */
  tooMany: string;
  /**
   * After a success, 'forget' clears this address's failures on the target (a person who finally
   * typed their password); 'release' gives back only this attempt (a code known for one memorial
   * must not wipe the count of guesses on it from a shared address).
   */
  onSuccess: 'forget' | 'release';
}

/** Waits before a secret is checked; tests pass one that records instead of sleeping. */
export type Pause = (ms: number) => Promise<void>;

export const realPause: Pause = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** The pause before the n-th attempt on a target within the window (attempts in flight included). */
export function pauseBefore(policy: GrowingPause, attempts: number): number {
  if (attempts <= policy.free) return 0;
  return Math.min(policy.firstMs * 2 ** (attempts - policy.free - 1), policy.maxMs);
}

export function attemptKeys(policy: Pick<AttemptPolicy, 'name'>, target: string, address: string) {
  return {
    address: `${policy.name}:addr:${address}`,
    pair: `${policy.name}:pair:${target}:${address}`,
    target: `${policy.name}:target:${target}`,
    targetCap: `${policy.name}:cap:${target}`,
  };
}

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export interface Allowance {
  key: string;
  cap: Cap;
  /** How much this action takes (default 1; bytes for an upload budget). */
  amount?: number;
  /** Spanish 429 message when this allowance is spent. */
  message?: string;
}

/**
 * Reserves every allowance in order; if one is spent, gives back the ones already taken and refuses
 * with 429 and its Retry-After. Nothing is done before this returns. The answer gives everything
 * back (the action did not happen after all).
 */
export async function reserveAll(limiter: RateLimiter, allowances: readonly Allowance[]): Promise<() => Promise<void>> {
  const taken: Allowance[] = [];
  const giveBack = async () => {
    await Promise.all(taken.map((t) => limiter.release(t.key, t.amount ?? 1)));
  };
  for (const allowance of allowances) {
    const r = await limiter.reserve(allowance.key, allowance.cap.windowMs, allowance.cap.max, allowance.amount ?? 1);
    if (!r.granted) {
      await giveBack();
      throw tooManyRequests(allowance.message, retryAfterSeconds(r.resetMs));
    }
    taken.push(allowance);
  }
  return giveBack;
}

export class AttemptGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly pause: Pause = realPause,
  ) {}

  /**
   * Runs `verify` (which answers the result, or null for a wrong secret) within the policy. A wrong
   * secret keeps its reservations as counted failures; a right one gives them back.
   */
  async attempt<T>(policy: AttemptPolicy, target: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
    const keys = attemptKeys(policy, target, address);
    const capped = policy.perTargetCap;
    const releaseReserved = await reserveAll(this.limiter, [
      { key: keys.address, cap: policy.perAddress, message: policy.tooMany },
      { key: keys.pair, cap: policy.perTargetAddress, message: policy.tooMany },
      ...(capped ? [{ key: keys.targetCap, cap: capped, message: capped.tooMany }] : []),
    ]);
    let onTarget;
    try {
      onTarget = await this.limiter.hit(keys.target, policy.perTarget.windowMs);
    } catch (err) {
      await releaseReserved().catch(() => undefined);
      throw err;
    }
    let result: T | null;
    try {
      await this.pause(pauseBefore(policy.perTarget, onTarget.count));
      result = await verify();
    } catch (err) {
      await this.giveBack(keys, 'release', capped !== undefined).catch(() => undefined);
      throw err;
    }
    if (result !== null) await this.giveBack(keys, policy.onSuccess, capped !== undefined);
    return result;
  }

  /** The per-target cap is only ever released: a success must not wipe strangers' failures on it. */
  private async giveBack(keys: ReturnType<typeof attemptKeys>, how: AttemptPolicy['onSuccess'], capped: boolean): Promise<void> {
    await Promise.all([
      this.limiter.release(keys.address),
      how === 'forget' ? this.limiter.reset(keys.pair) : this.limiter.release(keys.pair),
      this.limiter.release(keys.target),
      ...(capped ? [this.limiter.release(keys.targetCap)] : []),
    ]);
  }
}
