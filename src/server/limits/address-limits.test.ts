import { describe, expect, it } from 'vitest';
import { createAddressLimits, uniqueLimitPrefix } from './address-limits';

const settings = {
  REDIS_URL: undefined,
  RATE_LIMIT_PER_MINUTE: 1,
  PAGE_RATE_LIMIT_PER_MINUTE: 1,
  WS_MAX_SOCKETS_PER_ADDRESS: 1,
  WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: 1,
  WS_SLOT_TTL_MS: 15_000,
  CODE_ATTEMPTS_PER_15_MINUTES: 1,
  ADMIN_LOGIN_FAILURES_PER_ACCOUNT: 1,
  ADMIN_LOGIN_FAILURES_PER_ADDRESS: 1,
  CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT: 1,
  CUSTOMER_LOGIN_FAILURES_PER_ADDRESS: 1,
  ACCOUNT_CHANGES_PER_ADDRESS: 1,
  LOGINS_PER_ADDRESS: 1,
  LIMITS_KEY_PREFIX: 'limits',
};

describe('per-address limits', () => {
  it('count every address of one IPv6 /64 as one client, in budgets and caps', async () => {
    const limits = createAddressLimits(settings);
    expect((await limits.graphql.take('2001:db8:1:2::1')).allowed).toBe(true);
    expect((await limits.graphql.take('2001:db8:1:2::beef')).allowed).toBe(false);
    expect((await limits.graphql.take('2001:db8:1:3::1')).allowed).toBe(true);
    expect(await limits.sockets.acquire('2001:db8:1:2::1')).toBe(true);
    expect(await limits.sockets.acquire('2001:db8:1:2::2')).toBe(false);
    await limits.close();
  });

  it('count an IPv4-mapped address as its IPv4 address', async () => {
    const limits = createAddressLimits(settings);
    expect((await limits.pages.take('::ffff:203.0.113.7')).allowed).toBe(true);
    expect((await limits.pages.take('203.0.113.7')).allowed).toBe(false);
    await limits.close();
  });
});

describe.runIf(process.env.REDIS_URL)('limits in Redis', () => {
  const redisUrl = process.env.REDIS_URL!;

  it('are counted apart for deployments with different LIMITS_KEY_PREFIX, and together for the same', async () => {
    const run = uniqueLimitPrefix();
    const open = (prefix: string) => createAddressLimits({ ...settings, REDIS_URL: redisUrl, LIMITS_KEY_PREFIX: prefix });
    const [staging, production, production2] = [open(`${run}-staging`), open(`${run}-production`), open(`${run}-production`)];
    try {
      expect((await staging.graphql.take('203.0.113.30')).allowed).toBe(true);
      expect((await production.graphql.take('203.0.113.30')).allowed).toBe(true);
      expect((await production2.graphql.take('203.0.113.30')).allowed).toBe(false);
    } finally {
      await Promise.all([staging.close(), production.close(), production2.close()]);
    }
  });

  it('are given back when a release started just before close (a normal shutdown)', async () => {
    const prefix = uniqueLimitPrefix();
    const limits = createAddressLimits({ ...settings, REDIS_URL: redisUrl }, prefix);
    expect(await limits.sockets.acquire('203.0.113.20')).toBe(true);
    // As websocket.ts does when a socket closes: nobody awaits the release.
    void limits.sockets.release('203.0.113.20');
    await limits.close();
    const next = createAddressLimits({ ...settings, REDIS_URL: redisUrl }, prefix);
    expect(await next.sockets.acquire('203.0.113.20')).toBe(true);
    await next.close();
  });
});
