import { afterEach, describe, expect, it } from 'vitest';
import { configurePasswordHashing, defaultPasswordHashLimits, hashPassword, passwordHashLoad, PasswordHashBusyError, verifyPassword } from './password';

describe('the slow password hash', () => {
  afterEach(() => configurePasswordHashing(defaultPasswordHashLimits()));

  it('keeps fewer hashes running than libuv has threads, for files and compression', () => {
    const { concurrency, queue } = defaultPasswordHashLimits();
    expect(concurrency).toBeGreaterThanOrEqual(1);
    expect(concurrency).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
    expect(queue).toBeGreaterThan(0);
  });

  it('runs at most `concurrency` at once, lets `queue` wait, and refuses the rest at once with a time to come back', async () => {
    const stored = await hashPassword('right');
    configurePasswordHashing({ concurrency: 1, queue: 2 });
    let most = 0;
    const sample = setInterval(() => (most = Math.max(most, passwordHashLoad().running)), 1);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => verifyPassword('right', stored)));
    clearInterval(sample);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value)).toEqual([true, true, true]);
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(refused).toHaveLength(3);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(PasswordHashBusyError);
      expect((reason as PasswordHashBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    expect(most).toBe(1);
    expect(passwordHashLoad()).toMatchObject({ running: 0, waiting: 0 });
    // Once the queue has drained, a login is taken again.
    await expect(verifyPassword('wrong', stored)).resolves.toBe(false);
  }, 60_000);
});
