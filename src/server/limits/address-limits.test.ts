import { describe, expect, it } from 'vitest';
import { createAddressLimits } from './address-limits';

const settings = {
  REDIS_URL: undefined,
  RATE_LIMIT_PER_MINUTE: 1,
  PAGE_RATE_LIMIT_PER_MINUTE: 1,
  WS_MAX_SOCKETS_PER_ADDRESS: 1,
  WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: 1,
  CODE_ATTEMPTS_PER_15_MINUTES: 1,
  ADMIN_LOGIN_FAILURES_PER_ACCOUNT: 1,
  ADMIN_LOGIN_FAILURES_PER_ADDRESS: 1,
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
