/**
 * npm run bench:2g: the home page, a category page and a product page on a 360 px phone over regular 2G
 * (250 kbps down, 50 kbps up, 300 ms), cold (first visit: empty cache, no service worker) and warm (a second
 * visit with the service worker installed). Per load: first contentful paint, largest contentful paint, the
 * moment hydration committed (the client's 'shop:hydrated' performance mark: from then on a tap is answered),
 * and the bytes that crossed the throttled network (the page's and the service worker's requests, encoded).
 * Goals: warm LCP < 1 s, warm hydrated < 2 s (issue 12), cold hydrated < 5 s (issue 24: the catalog's first route
 * is at most 110 KiB brotli of JS, npm run bench:bundle). A load that misses its goal is marked.
 *
 * The page and its service worker are both throttled (tests/support/network.ts: each is its own DevTools
 * target). No CPU slowdown: this machine's cores are shared, so note its load next to the numbers.
 * BENCH_RUNS (3): loads per page and kind; the median by hydration is shown. BENCH_VERBOSE=1 lists every request.
 */
import { loadavg } from 'node:os';
import { chromium, devices, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { HYDRATED_MARK } from '../../src/client/app/boot';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../support/browser';
import { presets, throttle } from '../support/network';
import { startBuiltServer, warmBenchPages } from './server-process';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const verbose = Boolean(process.env.BENCH_VERBOSE);
/** BENCH_NETWORK: another preset of tests/support/network.ts (slow4G, good3G) to see what latency alone costs. */
const presetName = process.env.BENCH_NETWORK ?? 'regular2G';
if (!Object.hasOwn(presets, presetName)) throw new Error(`BENCH_NETWORK: one of ${Object.keys(presets).join(', ')}`);
const preset = presets[presetName as keyof typeof presets];
/** The goals are regular 2G's: another preset's loads are shown without them. */
const withGoals = preset === presets.regular2G;
const WARM_LCP_MS = 1000;
const WARM_HYDRATED_MS = 2000;
const COLD_HYDRATED_MS = 5000;

interface Load {
  fcpMs: number;
  lcpMs: number;
  hydratedMs: number;
  bytes: number;
  requests: number;
}

/** Encoded bytes of every request that went to the network, the worker's own included, answers from the worker's cache not. */
function countBytes(context: BrowserContext) {
  let pending: Promise<number>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        // A blob: (the locale worker's code, from the page itself) never crosses the link.
        if (!/^https?:/.test(request.url())) return 0;
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return 0;
        const sizes = await request.sizes().catch(() => null);
        const total = sizes ? sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestHeadersSize + sizes.requestBodySize : 0;
        if (verbose && total > 0) {
          const t = request.timing();
          console.info(`  ${(t.startTime / 1000).toFixed(2)}s +${(t.responseEnd / 1000).toFixed(2)}s ${(total / 1024).toFixed(1).padStart(6)} KiB ${request.serviceWorker() ? 'sw ' : ''}${request.url().replace(/^https?:\/\/[^/]+/, '')}`);
        }
        return total;
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  return {
    async take(): Promise<{ bytes: number; requests: number }> {
      const sizes = await Promise.all(pending);
      pending = [];
      return { bytes: sizes.reduce((a, b) => a + b, 0), requests: sizes.filter((s) => s > 0).length };
    },
    stop: () => context.off('requestfinished', onFinished),
  };
}

async function measure(page: Page, url: string, bytes: ReturnType<typeof countBytes>): Promise<Load> {
  await bytes.take();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HYDRATED_MARK, { timeout: 120_000, polling: 100 });
  const timings = await page.evaluate(async (mark) => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(NaN), 2000);
    });
    return {
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcpMs: lcp,
      hydratedMs: performance.getEntriesByName(mark)[0]?.startTime ?? NaN,
    };
  }, HYDRATED_MARK);
  return { ...timings, ...(await bytes.take()) };
}

async function coldAndWarm(browser: Browser, url: string): Promise<{ cold: Load; warm: Load }> {
  const context = await browser.newContext({ ...devices['Galaxy S8'] });
  const bytes = countBytes(context);
  try {
    const first = await context.newPage();
    await throttle(context, preset);
    const cold = await measure(first, url, bytes);
    // The worker installs after the first load (and precaches over the same 2G link): warm means it controls the page.
    await first.waitForFunction(() => navigator.serviceWorker.ready.then((r) => r.active?.state === 'activated'), undefined, { timeout: 180_000 });
    await first.close();
    const second = await context.newPage();
    const throttled = await throttle(context, preset);
    if (throttled.workers === 0) throw new Error('the service worker was not throttled: a warm load would look faster than the link');
    const warm = await measure(second, url, bytes);
    if (!(await second.evaluate(() => Boolean(navigator.serviceWorker.controller)))) throw new Error(`warm load of ${url} was not controlled by the service worker`);
    return { cold, warm };
  } finally {
    bytes.stop();
    await context.close();
  }
}

const median = (loads: Load[]): Load => [...loads].sort((a, b) => a.hydratedMs - b.hydratedMs)[Math.floor(loads.length / 2)]!;

async function main() {
  const server = await startBuiltServer('2g');
  const { base } = server;
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS });
  try {
    const pages = await warmBenchPages(base);
    const load = loadavg().map((n) => n.toFixed(2)).join(' ');

    const rows: { label: string; load: Load }[] = [];
    for (const { page, path } of pages) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await coldAndWarm(browser, `${base}${path}`);
        cold.push(result.cold);
        warm.push(result.warm);
      }
      rows.push({ label: `${page} cold`, load: median(cold) }, { label: `${page} warm`, load: median(warm) });
    }

    const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '–').padStart(9);
    console.info(`\n${preset.name} (${preset.downloadKbps}/${preset.uploadKbps} kbps, ${preset.latencyMs} ms), 360 px phone, Chromium; ${runs} run(s) each, median by hydration`);
    console.info(`load average before: ${load}; after: ${loadavg().map((n) => n.toFixed(2)).join(' ')} (${(await import('node:os')).cpus().length} cores)`);
    console.info(`${'load'.padEnd(16)} ${'FCP s'.padStart(9)} ${'LCP s'.padStart(9)} ${'hydr. s'.padStart(9)} ${'KiB'.padStart(8)} ${'requests'.padStart(9)}`);
    for (const { label, load: l } of rows) {
      const missed = withGoals && (label.endsWith('cold') ? l.hydratedMs >= COLD_HYDRATED_MS : l.lcpMs >= WARM_LCP_MS || l.hydratedMs >= WARM_HYDRATED_MS);
      console.info(`${label.padEnd(16)} ${s(l.fcpMs)} ${s(l.lcpMs)} ${s(l.hydratedMs)} ${(l.bytes / 1024).toFixed(1).padStart(8)} ${String(l.requests).padStart(9)}${missed ? '  missed' : ''}`);
    }
    if (withGoals) console.info(`Goals: warm LCP < ${WARM_LCP_MS / 1000} s, warm hydrated < ${WARM_HYDRATED_MS / 1000} s, cold hydrated < ${COLD_HYDRATED_MS / 1000} s.`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
