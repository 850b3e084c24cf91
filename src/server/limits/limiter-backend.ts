import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where counters live: this process's memory by default, Redis when REDIS_URL is set, so that every server
 * instance draws from the same per-address budget. While Redis cannot be reached each instance falls back to
 * counting in its own memory rather than letting everything through or refusing everyone.
 */
export interface LimiterBackend {
  create(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  /** Counters of things held (sockets), kept while renewed; see Lease. */
  createLease(name: string, points: number, leaseSeconds: number): Lease;
  /** Waits for the commands already sent, then disconnects. */
  close(): Promise<void>;
}

/**
 * A counter that outlives a window only while renewed. In Redis its key expires leaseSeconds after the last
 * renewal, so slots held by an instance that died come back; in memory it never expires, since the counter dies
 * with the process that holds the slots.
 */
export interface Lease {
  limiter: RateLimiterAbstract;
  leaseSeconds: number;
  renew(key: string): Promise<void>;
}

export function createLimiterBackend(redisUrl: string | undefined, prefix: string): LimiterBackend {
  if (!redisUrl) {
    return {
      create: (name, points, duration) => new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration }),
      // Duration 0: never expires.
      createLease: (name, points, leaseSeconds) => ({ limiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration: 0 }), leaseSeconds, renew: async () => undefined }),
      close: async () => undefined,
    };
  }
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
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
    createLease(name, points, leaseSeconds) {
      const limiter = create(name, points, leaseSeconds);
      // PEXPIRE leaves a key that is gone (released to zero and expired) gone.
      return { limiter, leaseSeconds, renew: async (key) => void (await client.pexpire(limiter.getKey(key), leaseSeconds * 1000)) };
    },
    close: async () => {
      // quit() sends QUIT after the queued commands (slots given back during shutdown); disconnect() dropped them.
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** rate-limiter-flexible rejects with a RateLimiterRes when over the limit, and with an Error when the store failed. */
export function isLimitReached(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}
