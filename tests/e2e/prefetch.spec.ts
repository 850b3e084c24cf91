import { expect, test, type Page } from '@playwright/test';
import { HYDRATED_MARK } from '../../src/client/app/boot';
import { presets, throttle } from '../support/network';

/** The chunks the page asks for from now on (at the request's start, not its end), by path. */
function chunkRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) paths.push(path);
  });
  return paths;
}

/** Resolves after the page's next idle moment (at most 2000 ms, as the app's own prefetch waits), once hydrated. */
const idleAfterHydration = (page: Page) =>
  page.evaluate(async (mark) => {
    while (performance.getEntriesByName(mark).length === 0) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => requestIdleCallback(r, { timeout: 2000 }));
    await new Promise((r) => requestIdleCallback(r, { timeout: 2000 }));
  }, HYDRATED_MARK);

test.describe('prefetching the pages a page links to', () => {
  test('after the home page is idle, the product and list pages are fetched before they are opened', async ({ page }) => {
    const requested = chunkRequests(page);
    await page.goto('/');
    await expect.poll(() => requested).toEqual(expect.arrayContaining([expect.stringMatching(/\/ProductPage-[\w-]+\.js$/), expect.stringMatching(/\/ListPage-[\w-]+\.js$/)]));
  });

  test('on a real 2G link, which Chrome calls 3g, nothing is prefetched', async ({ page, context }) => {
    test.slow();
    await throttle(context, presets.regular2G);
    const fetched = chunkRequests(page);
    await page.goto('/');
    await idleAfterHydration(page);
    const reported = await page.evaluate(() => {
      const connection = (navigator as Navigator & { connection?: { effectiveType?: string; downlink?: number } }).connection;
      return { effectiveType: connection?.effectiveType, downlink: connection?.downlink };
    });
    // Chromium 156 says effectiveType 3g here; the bandwidth estimate is what the app goes by.
    expect(reported.downlink).toBeLessThan(0.5);
    expect(fetched.some((path) => /\/HomePage-[\w-]+\.js$/.test(path))).toBe(true);
    expect(fetched.filter((path) => /\/(ProductPage|ListPage)-[\w-]+\.js$/.test(path))).toEqual([]);
  });

  // What the browser reports, faked: Chrome derives effectiveType from the measured round trip (2g from 1400 ms), so
  // DevTools' "regular 2G" (300 ms) reads as 3g.
  for (const connection of [{ effectiveType: '2g', saveData: false }, { effectiveType: 'slow-2g', saveData: false }, { effectiveType: '4g', saveData: true }]) {
    test(`with ${JSON.stringify(connection)} nothing is prefetched`, async ({ page }) => {
      await page.addInitScript((value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }), connection);
      const fetched = chunkRequests(page);
      await page.goto('/');
      await idleAfterHydration(page);
      expect(fetched.some((path) => /\/HomePage-[\w-]+\.js$/.test(path))).toBe(true);
      expect(fetched.filter((path) => /\/(ProductPage|ListPage)-[\w-]+\.js$/.test(path))).toEqual([]);
    });
  }
});
