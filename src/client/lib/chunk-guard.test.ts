// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, isChunkLoadError, loadChunk, loadLoaderChunk, reloadForFailedChunk, reloadTo } from './chunk-guard';

const START = 1_700_000_000_000;

describe('the chunk reload guard', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    reload.mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reloads at most once a minute', () => {
    expect(reloadForFailedChunk(START)).toBe(true);
    expect(reloadForFailedChunk(START + 1)).toBe(false);
    expect(reloadForFailedChunk(START + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForFailedChunk(START + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(START + CHUNK_RELOAD_GUARD_MS));
  });

  it('goes to the page being opened when one is', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload, assign } as Location);
    reloadTo(() => '/p/zelda');
    expect(reloadForFailedChunk(START)).toBe(true);
    expect(assign).toHaveBeenCalledWith('/p/zelda');
    expect(reload).not.toHaveBeenCalled();
    reloadTo(() => null);
  });

  it('does not reload offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadForFailedChunk(START)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('tells a chunk that did not arrive from other errors, in the browsers\' wordings', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/ProductPage-x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/list.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('lets a lazy load fail as before once the minute\'s reload is spent, and other errors always', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'));
    const first = loadChunk(missing);
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 10))]);
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(loadChunk(missing)).rejects.toThrow(/dynamically imported/);
    await expect(loadChunk(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('a loader that only records the first page in the background lets its chunk fail without a reload', async () => {
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/home-loader.js'));
    await expect(loadLoaderChunk(missing, { recordOnly: true })).rejects.toThrow(/dynamically imported/);
    expect(reload).not.toHaveBeenCalled();
    // The shopper's own navigation reloads, as a page's chunk does.
    const shown = loadLoaderChunk(missing, {});
    await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, 10))]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
