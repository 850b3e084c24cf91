import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { uniqueLimitPrefix } from './address-limits';
import { memorySlots, redisSlots } from './slots';

describe('socket slots in one process', () => {
  it('hold at most the limit per key, and come back when released', async () => {
    const slots = memorySlots(2);
    expect(await slots.acquire('a')).toBe(true);
    expect(await slots.acquire('a')).toBe(true);
    expect(await slots.acquire('a')).toBe(false);
    expect(await slots.acquire('b')).toBe(true);
    await slots.release('a');
    expect(await slots.acquire('a')).toBe(true);
  });
});

describe.runIf(process.env.REDIS_URL)('socket slots across instances in Redis', () => {
  const redisUrl = process.env.REDIS_URL!;
  const TTL_MS = 600;

  /** One server instance's slots, on its own connection (as each process has). */
  function instance(prefix: string) {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const registry = redisSlots({ client, prefix, instanceTtlMs: TTL_MS });
    const sockets = registry.create('sockets', 3);
    return {
      sockets,
      /** A clean stop: its slots stop counting at once. */
      stop: async () => {
        await sockets.close();
        await registry.close();
        await client.quit();
      },
      /** Dies: no release, no goodbye, no more heartbeats (its connection is gone). */
      die: () => client.disconnect(),
      shutDownAfterDeath: () => registry.close(),
    };
  }

  it("counts every live instance's slots together, and frees a dead instance's after its heartbeat runs out", async () => {
    const prefix = uniqueLimitPrefix();
    const a = instance(prefix);
    const b = instance(prefix);
    try {
      expect(await a.sockets.acquire('203.0.113.40')).toBe(true);
      expect(await a.sockets.acquire('203.0.113.40')).toBe(true);
      // B holds one of the address's sockets throughout: that alone used to keep A's slots counted for ever.
      expect(await b.sockets.acquire('203.0.113.40')).toBe(true);
      expect(await b.sockets.acquire('203.0.113.40')).toBe(false);
      a.die();
      const died = Date.now();
      await expect.poll(() => b.sockets.acquire('203.0.113.40'), { timeout: 5_000, interval: 50 }).toBe(true);
      // Not before the heartbeat could have run out (TTL from A's last beat, which came at most a third of it before).
      expect(Date.now() - died).toBeGreaterThanOrEqual(TTL_MS / 3);
      // A's two are gone, B's two count: one more fits, then the limit holds again.
      expect(await b.sockets.acquire('203.0.113.40')).toBe(true);
      expect(await b.sockets.acquire('203.0.113.40')).toBe(false);
    } finally {
      await a.shutDownAfterDeath();
      await b.stop();
    }
  });

  it('frees nothing of an instance that is alive, however long it holds its slots', async () => {
    const prefix = uniqueLimitPrefix();
    const a = instance(prefix);
    const b = instance(prefix);
    try {
      for (let i = 0; i < 3; i++) expect(await a.sockets.acquire('203.0.113.41')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, TTL_MS * 3));
      expect(await b.sockets.acquire('203.0.113.41')).toBe(false);
      await a.sockets.release('203.0.113.41');
      expect(await b.sockets.acquire('203.0.113.41')).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('writes its slots again after a lapse in which another instance dropped them as dead', async () => {
    const prefix = uniqueLimitPrefix();
    const redis = new Redis(redisUrl);
    const a = instance(prefix);
    try {
      expect(await a.sockets.acquire('203.0.113.42')).toBe(true);
      const [id] = await redis.zrange(`${prefix}:instances`, 0, -1);
      // As if A had paused past its heartbeat and another instance had dropped its field.
      await redis.zrem(`${prefix}:instances`, id!);
      await redis.hdel(`${prefix}:slots:sockets:203.0.113.42`, id!);
      await expect.poll(() => redis.hget(`${prefix}:slots:sockets:203.0.113.42`, id!), { timeout: 5_000, interval: 50 }).toBe('1');
    } finally {
      await a.stop();
      await redis.quit();
    }
  });

  it('stops counting the slots of an instance that shut down, at once', async () => {
    const prefix = uniqueLimitPrefix();
    const a = instance(prefix);
    const b = instance(prefix);
    try {
      for (let i = 0; i < 3; i++) expect(await a.sockets.acquire('203.0.113.43')).toBe(true);
      await a.stop();
      expect(await b.sockets.acquire('203.0.113.43')).toBe(true);
    } finally {
      await b.stop();
    }
  });
});
