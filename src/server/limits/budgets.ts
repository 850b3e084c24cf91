import { isLimitReached } from './limiter-backend';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

export interface Verdict {
  allowed: boolean;
  /** When refused: seconds until the window has room again (for Retry-After). */
  retryAfterSeconds: number;
}

/** A number of actions per key per window (requests, wrong guesses). */
export interface RateBudget {
  take(key: string): Promise<Verdict>;
  /** Returns one action taken, e.g. an attempt that turned out to be no guess. */
  giveBack(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function rateBudget(limiter: RateLimiterAbstract): RateBudget {
  return {
    async take(key) {
      try {
        await limiter.consume(key, 1);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (error) {
        if (isLimitReached(error)) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
        throw error;
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/**
 * How many things (sockets, subscriptions) one key holds at once. A slot is a counter with a lease, so that
 * slots held by an instance that died come back after the lease instead of never.
 */
export interface ConcurrencyCap {
  acquire(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
}

export function concurrencyCap(limiter: RateLimiterAbstract): ConcurrencyCap {
  return {
    async acquire(key) {
      try {
        await limiter.consume(key, 1);
        return true;
      } catch (error) {
        if (!isLimitReached(error)) throw error;
        // A refused consume still counted; the slot was not taken, so that count must go.
        await limiter.reward(key, 1);
        return false;
      }
    },
    async release(key) {
      // After the lease ran out the counter is gone; giving back then would leave it below zero, i.e. extra slots.
      const held = await limiter.get(key);
      if (held && held.consumedPoints > 0) await limiter.reward(key, 1);
    },
  };
}
