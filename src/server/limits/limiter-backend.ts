import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where counters live: this process's memory by default, Redis when REDIS_URL is set, so that every server
 * instance draws from the same per-address budget. While Redis cannot be reached each instance falls back to
 * counting in its own memory rather than letting everything through or refusing everyone.
 */
export interface LimiterBackend {
  create(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  close(): Promise<void>;
}

export function createLimiterBackend(redisUrl: string | undefined, prefix: string): LimiterBackend {
  if (!redisUrl) {
    return {
      create: (name, points, duration) => new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration }),
      close: async () => undefined,
    };
  }
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  return {
    create: (name, points, duration) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}:${name}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration }),
      }),
    close: async () => {
      client.disconnect();
    },
  };
}

/** rate-limiter-flexible rejects with a RateLimiterRes when over the limit, and with an Error when the store failed. */
export function isLimitReached(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}
