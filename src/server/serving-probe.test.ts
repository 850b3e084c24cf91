import { pbkdf2 } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createServingProbe } from './serving-probe';

describe('the serving probe', () => {
  it('says a process is late while its thread pool is full, and in time again once it drains', async () => {
    const probe = createServingProbe({ slowMs: 150, intervalMs: 20 });
    try {
      await expect.poll(() => probe.state().inTime).toBe(true);
      // Twice as many slow jobs as libuv has threads: the probe's file-system call waits behind them.
      const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
      const jobs = Array.from({ length: 2 * poolThreads }, () => new Promise<void>((resolve) => pbkdf2('x', 'salt', 400_000, 64, 'sha512', () => resolve())));
      await expect.poll(() => probe.state().threadPoolWaitMs, { timeout: 20_000 }).toBeGreaterThan(150);
      expect(probe.state().inTime).toBe(false);
      await Promise.all(jobs);
      await expect.poll(() => probe.state().inTime, { timeout: 10_000 }).toBe(true);
    } finally {
      probe.stop();
    }
  }, 60_000);

  it('says a process is late when its event loop was held', () => {
    let clock = 0;
    const probe = createServingProbe({ slowMs: 1_000, intervalMs: 500, now: () => clock, poke: (done) => done() });
    try {
      clock = 500;
      probe.probe();
      expect(probe.state()).toEqual({ inTime: true, threadPoolWaitMs: 0, eventLoopLagMs: 0 });
      // The next timer fires 3 s late: something held the loop.
      clock = 4_000;
      probe.probe();
      expect(probe.state()).toMatchObject({ inTime: false, eventLoopLagMs: 3_000 });
      clock = 4_500;
      probe.probe();
      expect(probe.state().inTime).toBe(true);
    } finally {
      probe.stop();
    }
  });

  it('counts a thread-pool job that has not answered yet as waiting since it was sent', () => {
    let clock = 0;
    const unanswered: (() => void)[] = [];
    const probe = createServingProbe({ slowMs: 1_000, intervalMs: 500, now: () => clock, poke: (done) => unanswered.push(done) });
    try {
      clock = 500;
      probe.probe();
      clock = 1_000;
      probe.probe();
      expect(unanswered).toHaveLength(1);
      expect(probe.state()).toMatchObject({ inTime: true, threadPoolWaitMs: 500 });
      clock = 2_000;
      expect(probe.state()).toMatchObject({ inTime: false, threadPoolWaitMs: 1_500 });
      unanswered[0]!();
      clock = 2_100;
      expect(probe.state()).toMatchObject({ inTime: false, threadPoolWaitMs: 1_500 });
      probe.probe();
      unanswered[1]!();
      expect(probe.state()).toMatchObject({ inTime: true, threadPoolWaitMs: 0 });
    } finally {
      probe.stop();
    }
  });
});
