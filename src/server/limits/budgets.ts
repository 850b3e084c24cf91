import { isLimitReached } from './limiter-backend';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

export interface Verdict {
  allowed: boolean;
  /** When refused: seconds until the window has room again (for Retry-After). */
  retryAfterSeconds: number;
  /**
   * The key's count right after this take, as the store's atomic increment returned it (refused takes count too).
   * Decisions that depend on the count are made on this, never on a count read before taking: concurrent takes
   * would all read the same count and all pass.
   */
  used: number;
}

/** A number of actions per key per window (requests, wrong guesses). */
export interface RateBudget {
  take(key: string): Promise<Verdict>;
  /** Returns one action taken, e.g. an attempt that turned out to be no guess. */
  giveBack(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** How many actions the key has taken in its current window (0 when none). */
  used(key: string): Promise<number>;
}

/**
 * Gives back one point only while the counter that took it still exists: after its window or lease ran out it
 * is gone, and giving back then would leave it below zero, i.e. extra budget or slots.
 */
async function giveBackCounted(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const current = await limiter.get(key);
  if (current && current.consumedPoints > 0) await limiter.reward(key, 1);
}

export function rateBudget(limiter: RateLimiterAbstract): RateBudget {
  return {
    async take(key) {
      try {
        const taken = await limiter.consume(key, 1);
        return { allowed: true, retryAfterSeconds: 0, used: taken.consumedPoints };
      } catch (error) {
        if (isLimitReached(error)) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), used: error.consumedPoints };
        throw error;
      }
    },
    giveBack: (key) => giveBackCounted(limiter, key),
    async reset(key) {
      await limiter.delete(key);
    },
    async used(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
  };
}

/**
 * How many things (sockets, subscriptions) one key holds at once (slots.ts): in Redis over every live instance, and
 * the slots of an instance that died come back once its heartbeat has run out.
 */
export interface ConcurrencyCap {
  acquire(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
}

export interface ClosableCap extends ConcurrencyCap {
  /** Waits for the releases already started (so a shutdown does not drop them). */
  close(): Promise<void>;
}
