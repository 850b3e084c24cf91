// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './search-constants';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the first value', () => {
    const { result } = renderHook(() => useDebouncedValue('zelda', SEARCH_DEBOUNCE_MS));
    expect(result.current).toBe('zelda');
  });

  it('follows a change only once it has stood still for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), { initialProps: { value: '' } });
    rerender({ value: 'z' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('z');
  });

  it('restarts the wait on every change, so only the last value of a burst comes through', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), { initialProps: { value: '' } });
    const seen: string[] = [];
    for (const value of ['z', 'ze', 'zel', 'zeld']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(300));
      seen.push(result.current);
    }
    expect(seen).toEqual(['', '', '', '']);
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('zeld');
  });

  it('leaves no timer behind after unmounting', () => {
    const { rerender, unmount } = renderHook(({ value }) => useDebouncedValue(value, 500), { initialProps: { value: 'a' } });
    rerender({ value: 'b' });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
