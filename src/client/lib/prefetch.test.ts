import { describe, expect, it, vi } from 'vitest';
import { IDLE_SLICE_MS, PREFETCH_IDLE_TIMEOUT_MS, prefetchEachWhenIdle, prefetchWhenIdle, shouldPrefetch } from './prefetch';

describe('prefetching', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
    [{ saveData: false }, true],
    // Chrome on a 250 kbps link with a 300 ms round trip says 3g; its bandwidth estimate tells.
    [{ effectiveType: '3g', downlink: 0.25 }, false],
    [{ effectiveType: '3g', downlink: 1.45 }, true],
    [{ effectiveType: '4g', downlink: 0 }, true],
  ])('with connection %j prefetches: %s', (connection, expected) => {
    expect(shouldPrefetch(connection)).toBe(expected);
  });

  it('waits for an idle moment, at most 2000 ms', () => {
    const requestIdleCallback = vi.fn();
    const prefetch = vi.fn();
    expect(prefetchWhenIdle(prefetch, { connection: { effectiveType: '4g' }, requestIdleCallback })).toBe(true);
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(prefetch).not.toHaveBeenCalled();
    requestIdleCallback.mock.calls[0]![0]();
    expect(prefetch).toHaveBeenCalledOnce();
  });

  it('works through a list in slices of idle time, one item at least, each slice no longer than the idle period', () => {
    const callbacks: ((deadline?: { timeRemaining(): number; didTimeout?: boolean }) => void)[] = [];
    let clock = 0;
    const done: number[] = [];
    const env = { connection: undefined, requestIdleCallback: (cb: (typeof callbacks)[number]) => callbacks.push(cb), now: () => clock };
    // Each item takes 1.5 ms of the (fake) clock.
    expect(prefetchEachWhenIdle([1, 2, 3, 4, 5, 6, 7], (item) => { done.push(item); clock += 1.5; }, env)).toBe(true);
    expect(done).toEqual([]);
    callbacks.shift()!({ timeRemaining: () => 50 });
    // IDLE_SLICE_MS (4) fits three items: after the third the clock reads 4.5.
    expect(IDLE_SLICE_MS).toBe(4);
    expect(done).toEqual([1, 2, 3]);
    // A spent idle period still does one.
    callbacks.shift()!({ timeRemaining: () => 0 });
    expect(done).toEqual([1, 2, 3, 4]);
    // One whose wait timed out (the page stayed busy) gets a whole slice.
    callbacks.shift()!({ timeRemaining: () => 0, didTimeout: true });
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(callbacks).toEqual([]);
    expect(prefetchEachWhenIdle([1], () => undefined, { connection: { effectiveType: '2g' }, requestIdleCallback: (cb: (typeof callbacks)[number]) => callbacks.push(cb) })).toBe(false);
    expect(callbacks).toEqual([]);
  });

  it('on 2G or save-data never schedules anything', () => {
    const requestIdleCallback = vi.fn();
    expect(prefetchWhenIdle(vi.fn(), { connection: { effectiveType: '2g' }, requestIdleCallback })).toBe(false);
    expect(prefetchWhenIdle(vi.fn(), { connection: { saveData: true }, requestIdleCallback })).toBe(false);
    expect(requestIdleCallback).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback, runs after the same timeout', () => {
    vi.useFakeTimers();
    try {
      const prefetch = vi.fn();
      prefetchWhenIdle(prefetch, { connection: undefined });
      vi.advanceTimersByTime(1999);
      expect(prefetch).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(prefetch).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without requestIdleCallback, waits the timeout once, then works through the list without waiting again', () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const done: number[] = [];
      prefetchEachWhenIdle([1, 2, 3, 4], (item) => { done.push(item); clock += 3; }, { connection: undefined, now: () => clock });
      vi.advanceTimersByTime(1999);
      expect(done).toEqual([]);
      vi.advanceTimersByTime(1);
      // 4 ms a slice: two items of 3 ms.
      expect(done).toEqual([1, 2]);
      // A timer of 0 ms (which timers run after 1 ms at the least).
      vi.advanceTimersByTime(1);
      expect(done).toEqual([1, 2, 3, 4]);
    } finally {
      vi.useRealTimers();
    }
  });
});
