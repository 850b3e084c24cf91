import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { uniqueLimitPrefix } from './address-limits';
import { rateBudget } from './budgets';
import { createLimiterBackend, type LimiterBackend } from './limiter-backend';
import { beginCustomerLoginAttempt, isRefused, type CustomerLoginAttempt, type CustomerLoginLimits } from './login-attempts';

const budget = (points: number) => rateBudget(new RateLimiterMemory({ points, duration: 900 }));
const customerLimits = (): CustomerLoginLimits => ({ perAccount: budget(3), perAddress: budget(5), perAccountAndAddress: budget(3), challengeAfter: 4, accountChallengeAfter: 3 });

async function begin(limits: CustomerLoginLimits, email: string, address: string): Promise<CustomerLoginAttempt> {
  const attempt = await beginCustomerLoginAttempt(limits, email, address);
  if (isRefused(attempt)) throw new Error(`refused: ${email} from ${address}`);
  return attempt;
}

describe('customer login attempts', () => {
  it('never refuses for the account: past its limit every login to it, from any address, needs a challenge', async () => {
    const limits = customerLimits();
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await begin(limits, 'Anna@example.se', address)).needsChallenge).toBe(false);
    const owner = await begin(limits, 'anna@example.se ', '10.0.0.9');
    expect(owner.needsChallenge).toBe(true);
    expect((await begin(limits, 'other@example.se', '10.0.0.9')).needsChallenge).toBe(false);
    await owner.succeeded();
  });

  it('asks an address past challengeAfter for a challenge, whichever account it tries', async () => {
    const limits = customerLimits();
    for (let i = 0; i < 4; i++) expect((await begin(limits, `x${i}@example.se`, '10.0.0.1')).needsChallenge).toBe(false);
    expect((await begin(limits, 'y@example.se', '10.0.0.1')).needsChallenge).toBe(true);
    expect((await begin(limits, 'y@example.se', '10.0.0.2')).needsChallenge).toBe(false);
  });

  it('refuses one address guessing one account past the pair limit, and one address past its own limit', async () => {
    const limits = customerLimits();
    for (let i = 0; i < 3; i++) expect(isRefused(await beginCustomerLoginAttempt(limits, 'anna@example.se', '10.0.0.1'))).toBe(false);
    const refused = await beginCustomerLoginAttempt(limits, 'anna@example.se', '10.0.0.1');
    expect(isRefused(refused) && refused.retryAfterSeconds).toBeGreaterThan(0);
    // The refused attempt used none of the address's budget.
    expect(await limits.perAddress.used('10.0.0.1')).toBe(3);
    for (let i = 0; i < 2; i++) expect(isRefused(await beginCustomerLoginAttempt(limits, `x${i}@example.se`, '10.0.0.1'))).toBe(false);
    expect(isRefused(await beginCustomerLoginAttempt(limits, 'y@example.se', '10.0.0.1'))).toBe(true);
    expect(isRefused(await beginCustomerLoginAttempt(limits, 'anna@example.se', '10.0.0.2'))).toBe(false);
  });
});

/** The customer limits as address-limits.ts makes them, on one backend: 10 wrong logins to one account, then challenges. */
const limitsOn = (backend: LimiterBackend): CustomerLoginLimits => ({
  perAccount: rateBudget(backend.create('customer-account', 10, 900)),
  perAddress: rateBudget(backend.create('customer-address', 30, 900)),
  perAccountAndAddress: rateBudget(backend.create('customer-account-address', 10, 900)),
  challengeAfter: 10,
  accountChallengeAfter: 10,
});

/**
 * 60 guesses at one account at once, each from its own address, spread over the given instances' limits. A guess
 * that needs a challenge is given back, as the login route does; the others are wrong and stay counted.
 */
async function guessAtOnce(instances: CustomerLoginLimits[]) {
  const attempts = await Promise.all(
    Array.from({ length: 60 }, async (_, i) => {
      const attempt = await begin(instances[i % instances.length]!, 'anna@example.se', `10.1.0.${i}`);
      if (attempt.needsChallenge) await attempt.notChecked();
      return attempt;
    }),
  );
  return attempts.filter((attempt) => !attempt.needsChallenge).length;
}

describe('concurrent customer login attempts at one account', () => {
  it('in memory: no more than accountChallengeAfter go without a challenge', async () => {
    expect(await guessAtOnce([limitsOn(createLimiterBackend(undefined, uniqueLimitPrefix()))])).toBe(10);
  });

  describe.runIf(process.env.REDIS_URL)('in Redis', () => {
    /** `count` instances' backends over one Redis and one key prefix (one deployment). */
    async function withInstances(count: number, run: (instances: CustomerLoginLimits[]) => Promise<void>) {
      const prefix = uniqueLimitPrefix();
      const backends = Array.from({ length: count }, () => createLimiterBackend(process.env.REDIS_URL, prefix));
      try {
        await run(backends.map(limitsOn));
      } finally {
        await Promise.all(backends.map((backend) => backend.close()));
      }
    }

    it('no more than accountChallengeAfter go without a challenge', () => withInstances(1, async (instances) => expect(await guessAtOnce(instances)).toBe(10)));

    it('two instances share the count: no more than accountChallengeAfter in all', () => withInstances(2, async (instances) => expect(await guessAtOnce(instances)).toBe(10)));
  });
});
