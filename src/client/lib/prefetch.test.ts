import { describe, expect, it, vi } from 'vitest';
import { PREFETCH_IDLE_TIMEOUT_MS, prefetchWhenIdle, shouldPrefetch } from './prefetch';

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
    expect(requestIdleCallback).toHaveBeenCalledWith(prefetch, { timeout: 2000 });
    expect(prefetch).not.toHaveBeenCalled();
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
});
