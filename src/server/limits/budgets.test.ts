import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { rateBudget } from './budgets';

describe('rateBudget', () => {
  it('gives back a taken action', async () => {
    const budget = rateBudget(new RateLimiterMemory({ points: 1, duration: 60 }));
    expect((await budget.take('a')).allowed).toBe(true);
    await budget.giveBack('a');
    expect((await budget.take('a')).allowed).toBe(true);
    expect((await budget.take('a')).allowed).toBe(false);
  });

  it('gives nothing back once the window that counted the action is over, so the next window has no extra', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    const budget = rateBudget(limiter);
    expect((await budget.take('a')).allowed).toBe(true);
    // The window ends (its counter expires) while the action is still running.
    await limiter.delete('a');
    await budget.giveBack('a');
    expect((await budget.take('a')).allowed).toBe(true);
    expect((await budget.take('a')).allowed).toBe(false);
  });
});
