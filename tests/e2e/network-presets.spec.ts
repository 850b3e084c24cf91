import type { Page, Request } from '@playwright/test';
import { presets } from '../support/network';
import { expect, test } from '../support/network-fixture';
import { untilControlled } from '../support/hydration';

/**
 * The `network` presets of tests/support/network-fixture.ts do what they say, the service worker and the page's
 * WebSocket included. Speeds are checked against what the preset allows (its latency), never against a fixed time
 * for the shop; tests/e2e/network-conditions.spec.ts checks the helpers themselves in more detail.
 */


/**
 * Opens a socket to the shop's GraphQL endpoint from the page, as the app's live updates do (graphql-transport-ws:
 * connection_init, then ack), and keeps what becomes of it: 'connecting', 'acked', 'closed'; pongs counted.
 */
async function openSocket(page: Page, name: string): Promise<void> {
  await page.evaluate((key) => {
    const probe = { state: 'connecting', code: 0, pongs: 0, socket: new WebSocket(`${location.origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws') };
    probe.socket.onopen = () => probe.socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    probe.socket.onmessage = ({ data }) => {
      const { type } = JSON.parse(String(data)) as { type: string };
      if (type === 'connection_ack') probe.state = 'acked';
      if (type === 'pong') probe.pongs += 1;
    };
    probe.socket.onclose = ({ code }) => Object.assign(probe, { state: 'closed', code });
    ((window as unknown as { probes: Record<string, typeof probe> }).probes ??= {})[key] = probe;
  }, name);
}

const socket = (page: Page, name: string) =>
  page.evaluate((key) => {
    const { state, code, pongs } = (window as unknown as { probes: Record<string, { state: string; code: number; pongs: number }> }).probes[key]!;
    return { state, code, pongs };
  }, name);

const ping = (page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as { probes: Record<string, { socket: WebSocket }> }).probes[key]!.socket.send('{"type":"ping"}'), name);

/** A fetch from the page: 'answered' with its status, or the error's name ('TypeError' for a failed connection). */
const fetchFromPage = (page: Page, path: string, timeoutMs?: number) =>
  page.evaluate(
    ([url, ms]) =>
      fetch(url, { cache: 'no-store', signal: ms ? AbortSignal.timeout(ms) : null }).then(
        (r) => `answered ${r.status}`,
        (e: Error) => e.name,
      ),
    [path, timeoutMs] as const,
  );

/** How long a request took from its start to its last byte (or its first, for a body still coming), by the browser's timing. */
async function duration(request: Request): Promise<number> {
  const response = await request.response();
  expect(response?.status()).toBe(200);
  await response!.finished();
  const { responseStart, responseEnd } = request.timing();
  return Math.max(responseStart, responseEnd);
}

test.describe('2g', () => {
  test.use({ network: '2g' });

  test('the first page and the service worker it starts are at 2G from their very first request', async ({ page, context, net }) => {
    // A whole first visit at 250 kbps.
    test.slow();
    expect(net.condition).toBe('2g');
    const workerRequests: Request[] = [];
    context.on('request', (request) => {
      // The worker's own script is fetched for it before it runs; what it fetches itself comes after.
      if (request.serviceWorker() && request.resourceType() !== 'script') workerRequests.push(request);
    });
    const response = await page.goto('/en');
    // The least a 2G request takes is its latency: on this machine an unthrottled one takes a few milliseconds.
    const floor = 0.8 * presets.regular2G.latencyMs;
    expect(await duration(response!.request())).toBeGreaterThanOrEqual(floor);
    // The worker is registered after the page's load, so it starts under 2G: its first fetch (its precache) too.
    await expect.poll(() => workerRequests.length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await duration(workerRequests[0]!)).toBeGreaterThanOrEqual(floor);
  });
});

test('offline: the page, its service worker and its socket lose the network; online brings them back', async ({ page, net }) => {
  await page.goto('/en');
  await untilControlled(page);
  await openSocket(page, 'before');
  await expect.poll(async () => (await socket(page, 'before')).state).toBe('acked');

  await net.set('offline');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect.poll(async () => (await socket(page, 'before')).state).toBe('closed');
  expect(await fetchFromPage(page, '/healthz')).toBe('TypeError');
  // The worker's own fetch of a page never visited fails too: it answers with its offline page.
  await page.goto('/en/allt');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();

  await net.set('online');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await openSocket(page, 'after');
  await expect.poll(async () => (await socket(page, 'after')).state).toBe('acked');
  expect(await fetchFromPage(page, '/healthz')).toBe('answered 200');
});

test('lie-fi: online says the browser, but nothing answers until the page gives up', async ({ page, net }) => {
  await page.goto('/en');
  await openSocket(page, 'open');
  await expect.poll(async () => (await socket(page, 'open')).state).toBe('acked');

  await net.set('lie-fi');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await ping(page, 'open');
  await openSocket(page, 'new');
  // The page's own timeout is what ends a request on lie-fi; meanwhile nothing came back on either socket.
  expect(await fetchFromPage(page, '/healthz', 1500)).toBe('TimeoutError');
  expect(await socket(page, 'open')).toMatchObject({ state: 'acked', pongs: 0 });
  expect((await socket(page, 'new')).state).toBe('connecting');

  await net.set('online');
  // The socket whose upgrade was never answered fails; the open one talks again.
  await expect.poll(async () => (await socket(page, 'new')).state).toBe('closed');
  await ping(page, 'open');
  await expect.poll(async () => (await socket(page, 'open')).pongs).toBe(1);
  expect(await fetchFromPage(page, '/healthz')).toBe('answered 200');
});

test("captive portal: every request gets the portal's HTML, the service worker's and the API's too", async ({ page, net }) => {
  await page.goto('/en');
  await untilControlled(page);
  await openSocket(page, 'before');
  await expect.poll(async () => (await socket(page, 'before')).state).toBe('acked');

  await net.set('captive-portal');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect.poll(async () => (await socket(page, 'before')).state).toBe('closed');
  const api = await page.evaluate(async () => {
    const r = await fetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    return { status: r.status, type: r.headers.get('Content-Type'), body: await r.text() };
  });
  expect(api).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: expect.stringContaining('Hotel Wi-Fi') });
  // A page never visited: the worker fetches it from the network and gets the portal.
  const response = await page.goto('/en/allt');
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Hotel Wi-Fi' })).toBeVisible();
});

test('flaky: the link drops and recovers on its schedule, requests and sockets with it', async ({ page, net }) => {
  await page.goto('/en');
  await openSocket(page, 'first');
  await expect.poll(async () => (await socket(page, 'first')).state).toBe('acked');

  await net.set({ preset: 'flaky', upMs: 4000, downMs: 2500, dropShare: 0 });
  await expect.poll(() => net.flaky?.down).toBe(true);
  await expect.poll(async () => (await socket(page, 'first')).state).toBe('closed');
  await expect.poll(() => fetchFromPage(page, '/healthz')).toBe('TypeError');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  await expect.poll(() => net.flaky?.down).toBe(false);
  expect(await fetchFromPage(page, '/healthz')).toBe('answered 200');
  await openSocket(page, 'second');
  await expect.poll(async () => (await socket(page, 'second')).state).toBe('acked');
  expect(net.flaky!.dropped).toBeGreaterThan(0);
});

test.describe('server restart', () => {
  test.use({ network: 'server-restart' });

  test('the server goes away (refused, socket dropped) and comes back', async ({ page, net, baseURL }) => {
    await page.goto('/en');
    expect(new URL(page.url()).origin).toBe(baseURL);
    await openSocket(page, 'before');
    await expect.poll(async () => (await socket(page, 'before')).state).toBe('acked');

    await net.restartServer({
      whileDown: async () => {
        await expect.poll(async () => (await socket(page, 'before')).state).toBe('closed');
        expect(await fetchFromPage(page, '/healthz')).toBe('TypeError');
        expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      },
    });

    expect(await fetchFromPage(page, '/healthz')).toBe('answered 200');
    await openSocket(page, 'after');
    await expect.poll(async () => (await socket(page, 'after')).state).toBe('acked');
  });
});
