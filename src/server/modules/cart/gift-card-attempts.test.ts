import { describe, expect, it } from 'vitest';
import { GiftCardAttempts } from './gift-card-attempts';

describe('gift card attempts', () => {
  it('allows 10 failed attempts per address in a sliding 15 minute window', () => {
    let now = 1_000_000;
    const attempts = new GiftCardAttempts({ now: () => now });
    for (let i = 0; i < 10; i++) {
      expect(attempts.begin('a')).not.toBeNull();
      now += 60_000;
    }
    expect(attempts.begin('a')).toBeNull();
    expect(attempts.begin('b')).not.toBeNull();
    // The first failure leaves the window 15 minutes after it was made: one more attempt, then none again.
    now = 1_000_000 + 15 * 60_000 + 1;
    expect(attempts.begin('a')).not.toBeNull();
    expect(attempts.begin('a')).toBeNull();
  });

  it('counts an attempt while it runs, and forgets it once it turns out good', () => {
    const attempts = new GiftCardAttempts({ maxFailures: 2, now: () => 5 });
    const first = attempts.begin('a')!;
    const second = attempts.begin('a')!;
    // Two still running: a third, concurrent one is not let through on the chance they were good.
    expect(attempts.begin('a')).toBeNull();
    attempts.succeeded('a', first);
    expect(attempts.begin('a')).not.toBeNull();
    attempts.succeeded('a', second);
    attempts.succeeded('a', second);
    expect(attempts.begin('a')).not.toBeNull();
    expect(attempts.begin('a')).toBeNull();
  });
});
