// Fixed-window counters for the targeted limits of DESIGN §4 (login, access code, password reset,
// complaints, gifts). In-process by default; Redis when REDIS_URL is set, so N instances share them.
import { Redis } from 'ioredis';
import { AppError, MESSAGES_HTTP } from '../http/errors';

export interface HitResult {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<HitResult>;
  peek(key: string): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }, 60_000);
    this.sweeper.unref();
  }

  hit(key: string, windowMs: number): Promise<HitResult> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return Promise.resolve({ count: w.count, resetMs: w.resetAt - now });
  }

  peek(key: string): Promise<HitResult> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return Promise.resolve({ count: 0, resetMs: 0 });
    return Promise.resolve({ count: w.count, resetMs: w.resetAt - now });
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

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  hit(key: string, windowMs: number): Promise<HitResult> {
    const k = this.prefix + key;
    return this.guard(async () => {
      const results = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
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

/** A connection that reconnects on its own; while Redis is away, each limited request fails fast. */
export function createRedis(url: string, onError: (err: Error) => void = () => {}): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Without a listener ioredis prints every failed reconnection attempt on its own.
  redis.on('error', onError);
  return redis;
}
