import { expect, test, type Page } from '@playwright/test';
import { flaky, offline, online, presets, serverDown, serverUp, steady, throttle, type NetworkPreset } from '../support/network';
import { untilControlled } from '../support/hydration';

/**
 * The testers' network conditions (tests/support/network.ts) do what they say. Speeds are checked against what
 * the bytes themselves allow (latency plus size over bandwidth), never against a fixed time for the shop.
 */

/** One uncached fetch from the page, as its resource timing saw it: duration and bytes on the wire. */
async function timedFetch(page: Page, path: string): Promise<{ ms: number; bytes: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    await response.arrayBuffer();
    const entry = performance.getEntriesByType('resource').findLast((e) => e.name === new URL(url, location.href).href) as PerformanceResourceTiming;
    return { ms: entry.responseEnd - entry.startTime, bytes: entry.encodedBodySize };
  }, path);
}

/** The least time a preset allows for a response of `bytes`: its latency plus the bytes over its bandwidth (with 20 % slack for rounding). */
const floorMs = (preset: NetworkPreset, bytes: number) => 0.8 * (preset.latencyMs + (bytes * 8) / preset.downloadKbps);

/** The page's stylesheet, off the worker's precache (its query string) and larger than a packet. */
async function stylesheetUrl(page: Page): Promise<string> {
  const href = await page.locator('link[rel=stylesheet]').first().getAttribute('href');
  return `${href}?uncached=${Date.now()}`;
}

test.describe('network presets', () => {
  for (const preset of [presets.regular2G, presets.good3G, presets.slow4G]) {
    test(`${preset.name} holds a page's requests to its latency and bandwidth`, async ({ page, context }) => {
      await page.goto('/allt');
      await throttle(context, preset);
      // No comparison with an unthrottled fetch: on a busy test machine that one can take seconds too.
      const slow = await timedFetch(page, await stylesheetUrl(page));
      expect(slow.bytes).toBeGreaterThan(4000);
      expect(slow.ms).toBeGreaterThanOrEqual(floorMs(preset, slow.bytes));
    });
  }

  test("regular 2G also slows the service worker's own fetches: a page it fetches from the network takes the 2G time", async ({ page, context }) => {
    test.slow();
    await page.goto('/allt');
    await untilControlled(page);
    // The first load came from the network directly: its size on the wire is what the worker fetches again.
    const pageBytes = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).encodedBodySize);
    expect(pageBytes).toBeGreaterThan(4000);
    // Throttled, then reloaded through the worker: the worker running now is throttled before throttle() returns, and
    // one Chromium starts for the reload is held at its first fetch until it is.
    const throttled = await throttle(context, presets.regular2G);
    expect(throttled.workers).toBeGreaterThanOrEqual(1);
    await page.reload();
    const viaWorker = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { ms: nav.responseEnd - nav.workerStart, controlled: nav.workerStart > 0 };
    });
    expect(viaWorker.controlled).toBe(true);
    expect(viaWorker.ms).toBeGreaterThanOrEqual(floorMs(presets.regular2G, pageBytes));
  });
});

test("going offline and online again keeps the throttle (Playwright's offline switch resets it)", async ({ page, context }) => {
  await page.goto('/allt');
  await throttle(context, presets.regular2G);
  await offline(context);
  await online(context);
  const slow = await timedFetch(page, await stylesheetUrl(page));
  expect(slow.ms).toBeGreaterThanOrEqual(floorMs(presets.regular2G, slow.bytes));
});

test.describe('flaky network', () => {
  test('drops the share of requests it was given, the same ones again for the same seed', async ({ page, context }) => {
    await page.goto('/allt');
    const failuresOf = (count: number) =>
      page.evaluate(async (n) => {
        const failed: number[] = [];
        for (let i = 0; i < n; i++) {
          await fetch(`/healthz?i=${i}`, { cache: 'no-store' }).catch(() => failed.push(i));
        }
        return failed;
      }, count);

    const stats = await flaky(context, { dropShare: 0.3, seed: 12, url: '**/healthz*' });
    const failed = await failuresOf(100);
    expect(stats.seen).toBe(100);
    expect(failed).toHaveLength(stats.dropped);
    expect(stats.dropped).toBeGreaterThanOrEqual(20);
    expect(stats.dropped).toBeLessThanOrEqual(40);

    await flaky(context, { dropShare: 0.3, seed: 12, url: '**/healthz*' });
    expect(await failuresOf(100)).toEqual(failed);

    await steady(context);
    expect(await failuresOf(20)).toEqual([]);
  });

  test("'response' loses the answer after the server did the work", async ({ page, context }) => {
    await page.goto('/allt');
    const stats = await flaky(context, { dropShare: 1, seed: 1, url: '**/healthz*', lose: 'response' });
    const outcome = await page.evaluate(() => fetch('/healthz', { cache: 'no-store' }).then(() => 'answered', () => 'failed'));
    expect(outcome).toBe('failed');
    expect(stats.droppedUrls).toEqual([expect.stringMatching(/\/healthz$/)]);
  });
});

test.describe('server down and offline', () => {
  test("with the shop's server refusing connections, a page never visited shows the offline page and the browser still says online", async ({ page, context, baseURL }) => {
    await page.goto('/');
    await untilControlled(page);
    const product = await page
      .getByRole('article')
      .getByRole('link')
      .evaluateAll((links) => (links as HTMLAnchorElement[]).map((link) => link.pathname).find((path) => path.includes('/p/')));
    expect(product).toBeTruthy();

    await serverDown(context, baseURL!);
    await page.goto(product!);
    await expect(page.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await serverUp(context);
    await page.goto(product!);
    await expect(page.getByRole('main').getByRole('status', { name: 'Pris och lagerstatus' })).toBeVisible();
  });

  test("behind a proxy, the shop's requests get 503 with Retry-After", async ({ page, context, baseURL }) => {
    await page.goto('/');
    await serverDown(context, baseURL!, { mode: 'unavailable' });
    const answer = await page.evaluate(() => fetch('/healthz', { cache: 'no-store' }).then((r) => ({ status: r.status, retryAfter: r.headers.get('Retry-After') })));
    expect(answer).toEqual({ status: 503, retryAfter: '30' });
  });

  test('offline() cuts the page and its worker and says so; online() brings both back', async ({ page, context }) => {
    await page.goto('/en');
    await untilControlled(page);
    await offline(context);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // The worker's own fetch of an unvisited page fails, so it answers its offline page.
    await page.goto('/en/allt');
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await online(context);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.goto('/en/allt');
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });
});
