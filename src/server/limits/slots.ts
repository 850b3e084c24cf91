import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ClosableCap } from './budgets';

/*
 * Socket and subscription slots per client address. In Redis each instance counts its own slots (one hash per
 * address and kind: a field per instance) and keeps itself listed as live (a sorted set of instances by when their
 * heartbeat runs out). An acquire counts only live instances' fields and drops the dead ones', so the slots of an
 * instance that died come back once its heartbeat has run out, whatever the address's sockets elsewhere do. (A
 * single counter per address, renewed by any instance holding a slot of it, kept a dead instance's slots for as
 * long as another instance held one socket of that address.)
 */

/** The Redis TIME in ms, the clock every instance's heartbeat is measured by. */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS[1] instances (sorted set), ARGV[1] instance id, ARGV[2] ttl ms. Renews the instance; drops instances whose
 * heartbeat ran out. Answers 1 when the instance was still listed, 0 when it had lapsed (or is new).
 */
const HEARTBEAT = `${NOW}
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
if score and tonumber(score) > now then return 1 end
return 0`;

/**
 * KEYS[1] the address's slots (hash: instance id → count), KEYS[2] instances; ARGV[1] instance id, ARGV[2] limit,
 * ARGV[3] hash lease ms. Counts live instances' slots (dropping dead ones'), and takes one if there is room.
 */
const ACQUIRE = `${NOW}
local counts = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #counts, 2 do
  local id = counts[i]
  local score = redis.call('ZSCORE', KEYS[2], id)
  if id == ARGV[1] or (score and tonumber(score) > now) then
    total = total + tonumber(counts[i + 1])
  else
    redis.call('HDEL', KEYS[1], id)
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** KEYS[1] the address's slots; ARGV[1] instance id. Gives one of the instance's slots back (never below zero). */
const RELEASE = `local n = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if n > 1 then redis.call('HINCRBY', KEYS[1], ARGV[1], -1) elseif n == 1 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;

/** Slots counted in this process: enough without Redis, where the count dies with the process holding the slots. */
export function memorySlots(limit: number): ClosableCap {
  const held = new Map<string, number>();
  return {
    async acquire(key) {
      const count = held.get(key) ?? 0;
      if (count >= limit) return false;
      held.set(key, count + 1);
      return true;
    },
    async release(key) {
      const count = (held.get(key) ?? 0) - 1;
      if (count > 0) held.set(key, count);
      else held.delete(key);
    },
    close: async () => undefined,
  };
}

export interface SlotRegistry {
  /** Slots of one kind (`sockets`), at most `limit` per key over all live instances. */
  create(name: string, limit: number): ClosableCap;
  /** Stops the heartbeat and takes this instance off the live list (its remaining slots stop counting at once). */
  close(): Promise<void>;
}

export interface RedisSlotOptions {
  client: Redis;
  prefix: string;
  /** An instance's slots stop counting this long after its last heartbeat; it beats every third of it. */
  instanceTtlMs: number;
  /** Tests: when an instance's heartbeat runs. */
  onHeartbeat?: () => void;
}

/** How long an address's hash lives without an acquire or a renewal (renewed every third of it while held). */
const HASH_LEASE_MS = 5 * 60 * 1000;

export function redisSlots({ client, prefix, instanceTtlMs, onHeartbeat }: RedisSlotOptions): SlotRegistry {
  const instanceId = randomBytes(8).toString('hex');
  const instancesKey = `${prefix}:instances`;
  const kinds: { hashKey: (key: string) => string; held: Map<string, { redis: number; local: number }> }[] = [];
  let closed = false;

  /** After a lapse (a long pause, Redis unreachable) other instances may have dropped our fields: write them again. */
  const reassert = async () => {
    const pipeline = client.pipeline();
    for (const kind of kinds) {
      for (const [key, count] of kind.held) if (count.redis > 0) pipeline.hset(kind.hashKey(key), instanceId, count.redis).pexpire(kind.hashKey(key), HASH_LEASE_MS);
    }
    await pipeline.exec();
  };
  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    beating = (async () => {
      const listed = (await client.eval(HEARTBEAT, 1, instancesKey, instanceId, instanceTtlMs)) as number;
      if (!listed) await reassert();
      onHeartbeat?.();
    })().catch(() => undefined);
  };
  beat();
  const heartbeat = setInterval(beat, Math.max(50, Math.floor(instanceTtlMs / 3)));
  heartbeat.unref();
  const renewal = setInterval(() => {
    const pipeline = client.pipeline();
    for (const kind of kinds) for (const key of kind.held.keys()) pipeline.pexpire(kind.hashKey(key), HASH_LEASE_MS);
    void pipeline.exec().catch(() => undefined);
  }, HASH_LEASE_MS / 3);
  renewal.unref();

  return {
    create(name, limit) {
      const held = new Map<string, { redis: number; local: number }>();
      const hashKey = (key: string) => `${prefix}:slots:${name}:${key}`;
      kinds.push({ hashKey, held });
      const releasing = new Set<Promise<void>>();
      const countOf = (key: string) => {
        let count = held.get(key);
        if (!count) held.set(key, (count = { redis: 0, local: 0 }));
        return count;
      };
      const forget = (key: string) => {
        const count = held.get(key);
        if (count && count.redis === 0 && count.local === 0) held.delete(key);
      };
      return {
        async acquire(key) {
          // The heartbeat's first round lists this instance before its first slot counts.
          await beating;
          const count = countOf(key);
          try {
            const taken = (await client.eval(ACQUIRE, 2, hashKey(key), instancesKey, instanceId, limit, HASH_LEASE_MS)) as number;
            if (taken) count.redis++;
            else forget(key);
            return taken === 1;
          } catch {
            // Redis cannot be reached: this instance decides alone, by the slots it holds, rather than letting
            // everything through or refusing everyone.
            if (count.redis + count.local >= limit) {
              forget(key);
              return false;
            }
            count.local++;
            return true;
          }
        },
        release(key) {
          const count = held.get(key);
          if (!count) return Promise.resolve();
          if (count.local > 0) {
            count.local--;
            forget(key);
            return Promise.resolve();
          }
          count.redis = Math.max(0, count.redis - 1);
          forget(key);
          const done = client
            .eval(RELEASE, 1, hashKey(key), instanceId)
            .then(() => undefined, () => undefined)
            .finally(() => releasing.delete(done));
          releasing.add(done);
          return done;
        },
        async close() {
          await Promise.allSettled([...releasing]);
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearInterval(renewal);
      await beating;
      await client.zrem(instancesKey, instanceId).catch(() => undefined);
    },
  };
}
