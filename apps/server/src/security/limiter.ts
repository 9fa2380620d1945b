// Fixed-window counters for the targeted limits of DESIGN §4 (login, access code, password reset,
// complaints, gifts, uploads). In-process by default; Redis when REDIS_URL is set, so N instances
// share them. Every operation that changes a count is one atomic step on either store (a Lua script
// on Redis): a burst of N requests released at once is granted exactly `max`, never more, because
// the count is taken before anything is verified (docs/decisions/011-abuse-limits.md).
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { AppError, MESSAGES_HTTP } from '../http/errors';

export interface HitResult {
  /** The window's count, this hit included. */
  count: number;
  /** Milliseconds until the window resets (0 when there is no window). */
  resetMs: number;
}

export interface Reservation extends HitResult {
  /** False when the reservation would have taken the count over `max`; nothing was counted then. */
  granted: boolean;
}

export interface RateLimiter {
  /** Adds `amount` (default 1) to the key's window, starting the window with the first hit. */
  hit(key: string, windowMs: number, amount?: number): Promise<HitResult>;
  /**
   * Adds `amount` only if the window's count stays at most `max` (count first, verify after). The
   * check and the increment are one step, so concurrent reservations never overshoot.
   */
  reserve(key: string, windowMs: number, max: number, amount?: number): Promise<Reservation>;
  /** Gives back what a reservation took (the attempt turned out not to count). Never below 0. */
  release(key: string, amount?: number): Promise<void>;
  peek(key: string): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A `max` that never refuses: `hit` is a reservation without a ceiling. */
const UNLIMITED = -1;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;

  /** `now` is for tests that move time without waiting. */
  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => {
      const now = this.now();
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }, 60_000);
    this.sweeper.unref();
  }

  private live(key: string, now: number) {
    const w = this.windows.get(key);
    return w && w.resetAt > now ? w : null;
  }

  hit(key: string, windowMs: number, amount = 1): Promise<HitResult> {
    const { count, resetMs } = this.add(key, windowMs, UNLIMITED, amount);
    return Promise.resolve({ count, resetMs });
  }

  reserve(key: string, windowMs: number, max: number, amount = 1): Promise<Reservation> {
    return Promise.resolve(this.add(key, windowMs, max, amount));
  }

  /** Synchronous, hence atomic within the process. */
  private add(key: string, windowMs: number, max: number, amount: number): Reservation {
    const now = this.now();
    const current = this.live(key, now);
    const count = current?.count ?? 0;
    if (max !== UNLIMITED && count + amount > max) {
      return { granted: false, count, resetMs: current ? current.resetAt - now : 0 };
    }
    const w = current ?? { count: 0, resetAt: now + windowMs };
    w.count += amount;
    this.windows.set(key, w);
    return { granted: true, count: w.count, resetMs: w.resetAt - now };
  }

  release(key: string, amount = 1): Promise<void> {
    const w = this.live(key, this.now());
    if (w) {
      w.count -= amount;
      if (w.count <= 0) this.windows.delete(key);
    }
    return Promise.resolve();
  }

  peek(key: string): Promise<HitResult> {
    const now = this.now();
    const w = this.live(key, now);
    return Promise.resolve(w ? { count: w.count, resetMs: w.resetAt - now } : { count: 0, resetMs: 0 });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}

// KEYS[1] the counter; ARGV window ms, max (-1: none), amount. Returns {granted, count, ttl}.
// The window starts with the first increment; a refused reservation changes nothing.
const RESERVE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local max = tonumber(ARGV[2])
local amount = tonumber(ARGV[3])
if max >= 0 and current + amount > max then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = 0 end
  return {0, current, ttl}
end
current = redis.call('INCRBY', KEYS[1], amount)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {1, current, ttl}
`;

// KEYS[1] the counter; ARGV amount. A missing (expired) counter stays missing.
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local left = redis.call('DECRBY', KEYS[1], tonumber(ARGV[1]))
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left
`;

interface ScriptedRedis {
  recuerdosReserve(key: string, windowMs: number, max: number, amount: number): Promise<[number, number, number]>;
  recuerdosRelease(key: string, amount: number): Promise<number>;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly scripts: ScriptedRedis;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // EVALSHA with a fallback to EVAL: the script travels once per connection.
    if (!('recuerdosReserve' in redis)) {
      redis.defineCommand('recuerdosReserve', { numberOfKeys: 1, lua: RESERVE_SCRIPT });
      redis.defineCommand('recuerdosRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    }
    this.scripts = redis as unknown as ScriptedRedis;
  }

  hit(key: string, windowMs: number, amount = 1): Promise<HitResult> {
    return this.guard(async () => {
      const [, count, resetMs] = await this.scripts.recuerdosReserve(this.prefix + key, windowMs, UNLIMITED, amount);
      return { count, resetMs };
    });
  }

  reserve(key: string, windowMs: number, max: number, amount = 1): Promise<Reservation> {
    return this.guard(async () => {
      const [granted, count, resetMs] = await this.scripts.recuerdosReserve(this.prefix + key, windowMs, max, amount);
      return { granted: granted === 1, count, resetMs };
    });
  }

  release(key: string, amount = 1): Promise<void> {
    return this.guard(async () => {
      await this.scripts.recuerdosRelease(this.prefix + key, amount);
    });
  }

  peek(key: string): Promise<HitResult> {
    const k = this.prefix + key;
    return this.guard(async () => {
      const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
      return { count: Number(count ?? 0), resetMs: ttl > 0 ? ttl : 0 };
    });
  }

  reset(key: string): Promise<void> {
    return this.guard(async () => {
      await this.redis.del(this.prefix + key);
    });
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  /** A limit that cannot be checked refuses the request (503), rather than letting guesses through. */
  private async guard<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw Object.assign(new AppError(503, MESSAGES_HTTP.unavailable), { cause: err });
    }
  }
}

/**
 * A connection that reconnects on its own; while Redis is away, each limited request fails fast.
 * ioredis is loaded here, so an installation without REDIS_URL never loads it (issue 25 §2).
 */
export function createRedis(url: string, onError: (err: Error) => void = () => {}): Redis {
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const redis = new RedisClient(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Without a listener ioredis prints every failed reconnection attempt on its own.
  redis.on('error', onError);
  return redis;
}
