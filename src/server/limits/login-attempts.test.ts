import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { rateBudget } from './budgets';
import { accountNeedsChallenge, beginCustomerLoginAttempt, isRefused, type CustomerLoginLimits } from './login-attempts';

const budget = (points: number) => rateBudget(new RateLimiterMemory({ points, duration: 900 }));
const customerLimits = (): CustomerLoginLimits => ({ perAccount: budget(3), perAddress: budget(5), perAccountAndAddress: budget(3), accountChallengeAfter: 3 });

describe('customer login attempts', () => {
  it('never refuses for the account: past its limit it asks for a challenge from every address', async () => {
    const limits = customerLimits();
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect(isRefused(await beginCustomerLoginAttempt(limits, 'Anna@example.se', address))).toBe(false);
    expect(await accountNeedsChallenge(limits, 'anna@example.se ')).toBe(true);
    expect(await accountNeedsChallenge(limits, 'other@example.se')).toBe(false);
    const owner = await beginCustomerLoginAttempt(limits, 'anna@example.se', '10.0.0.9');
    expect(isRefused(owner)).toBe(false);
    if (!isRefused(owner)) await owner.succeeded();
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
