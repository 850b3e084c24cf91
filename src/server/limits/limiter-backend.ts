import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ClosableCap } from './budgets';
import { memorySlots, redisSlots } from './slots';

/**
 * Where counters live: this process's memory by default, Redis when REDIS_URL is set, so that every server
 * instance draws from the same per-address budget. While Redis cannot be reached each instance falls back to
 * counting in its own memory rather than letting everything through or refusing everyone.
 */
export interface LimiterBackend {
  create(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  /**
   * Things held at once per key (sockets, subscriptions), at most `points` over every live instance. In Redis an
   * instance's slots stop counting `instanceTtlMs` after its last heartbeat (slots.ts), so a dead instance's come
   * back; in memory they die with the process that holds them.
   */
  createSlots(name: string, points: number): ClosableCap;
  /** Waits for the commands already sent, then disconnects. */
  close(): Promise<void>;
}

export interface BackendOptions {
  /** See createSlots (WS_SLOT_TTL_MS). */
  instanceTtlMs: number;
  /** Tests: told after each heartbeat of this instance. */
  onHeartbeat?: () => void;
}

export function createLimiterBackend(redisUrl: string | undefined, prefix: string, options: BackendOptions = { instanceTtlMs: 15_000 }): LimiterBackend {
  if (!redisUrl) {
    return {
      create: (name, points, duration) => new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration }),
      createSlots: (_name, points) => memorySlots(points),
      close: async () => undefined,
    };
  }
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const slots = redisSlots({ client, prefix, instanceTtlMs: options.instanceTtlMs, onHeartbeat: options.onHeartbeat });
  const create = (name: string, points: number, duration: number) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration }),
    });
  return {
    create,
    createSlots: (name, points) => slots.create(name, points),
    close: async () => {
      await slots.close();
      // quit() sends QUIT after the queued commands (slots given back during shutdown); disconnect() dropped them.
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** rate-limiter-flexible rejects with a RateLimiterRes when over the limit, and with an Error when the store failed. */
export function isLimitReached(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}
