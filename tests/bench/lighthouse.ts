/**
 * npm run bench:lighthouse: Lighthouse (mobile preset: Moto G power, slow 4G, 4x CPU slowdown) against the
 * production server for the home page, a category page and a product page. Prints the four category
 * scores and LCP, TBT and CLS per page, then the blocking time of the trace's main-thread tasks counted from their
 * wall times and from the CPU time the thread spent in them (main-thread-blocking.ts): on a host whose cores are
 * shared, a task's wall time holds moments off the CPU, which Lighthouse multiplies as if the page had computed
 * through them. Goal (issue 3): performance ≥ 95, the other three 100.
 *
 * CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (1; the median run by performance is shown),
 * LIGHTHOUSE_REPORT_DIR (unset; a folder to keep each run's full JSON report and its trace in, named after its row
 * and run), LIGHTHOUSE_ROWS (unset: all; else only the rows whose name holds one of these comma-separated words),
 * LIGHTHOUSE_CPU_SLOWDOWN (4, the preset's; 'calibrated' derives it from the host's benchmarkIndex with the formula
 * Lighthouse's throttling guide points to, since the preset assumes a fast desktop host). Calibrated, each run has
 * its own: the index Lighthouse measures in that run, just before it loads the page. A shared host's index swings
 * (1 390 to 2 900 within an hour on one host), and one multiplier for all runs scaled a run made at a slow moment as
 * if it had been made at a fast one. In the simulated mode the page loads unthrottled and the multiplier is used
 * when the trace is audited (and, while gathering, for one deadline: see audit), so the run is gathered first and
 * audited with its own (decision 0007, 2026-12-02 (a fifth host)).
 *
 * Two control rows follow the pages, measured the same way, so a host's figures can be read: a bare page (a heading
 * and a line of text, no style sheet, script or picture, served by this script) and the home page with its scripts
 * and pictures refused (its HTML, styles and inline script alone). On a host whose bare page already comes near
 * 200 ms of TBT, the goal cannot be told from the host's own noise (decision 0007, 2026-12-02 (a fourth host)).
 *
 * LIGHTHOUSE_PIN (auto; on, off): where the host can, the page's renderers get the last core and everything else,
 * Lighthouse included, the others, as a phone gives the page a core of its own (cpu-pinning.ts; decision 0007,
 * 2026-12-03 (an eighth and a ninth host)). LIGHTHOUSE_PAGE_CORE (main-first; renderers, main-threads): on that core,
 * the renderers' main threads first and their other threads (V8's helpers, the compositor, workers) when a main
 * thread waits, as a phone runs those on its other cores (decision 0007, 2026-12-04 (an eleventh host)). The
 * printout names the placing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Flags, RunnerResult } from 'lighthouse';
// Lighthouse's own steps of lighthouse(): the bench sets the multiplier between gathering and auditing (see above).
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { cpuSplit, keepChromiumPlaced, pin, placeChromium, renderers, sameCpus, type PagePlacement } from './cpu-pinning';
import { percentile } from './load';
import { mainThreadBlocking, type TraceEvent } from './main-thread-blocking';
import { startBuiltServer, warmBenchPages } from './server-process';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Where the page runs (cpu-pinning.ts): its own core unless LIGHTHOUSE_PIN=off, or where the host cannot. */
const pinSetting = process.env.LIGHTHOUSE_PIN ?? 'auto';
if (!['auto', 'on', 'off'].includes(pinSetting)) throw new Error(`LIGHTHOUSE_PIN is auto, on or off, not ${pinSetting}`);
const split = pinSetting === 'off' ? null : cpuSplit();
if (pinSetting === 'on' && !split) throw new Error('LIGHTHOUSE_PIN=on needs Linux, two cores or more and taskset');
const placementShown: Record<PagePlacement, string> = {
  'main-first': 'their other threads but the tracing ones at the lowest priority',
  'main-threads': `their main threads alone (their other threads on ${split?.host ?? '-'})`,
  renderers: 'all their threads alike',
};
/** What gets the page's core (cpu-pinning.ts, PagePlacement). */
const placement = (process.env.LIGHTHOUSE_PAGE_CORE ?? 'main-first') as PagePlacement;
if (!Object.hasOwn(placementShown, placement)) throw new Error(`LIGHTHOUSE_PAGE_CORE is ${Object.keys(placementShown).join(', ')}, not ${placement}`);
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** The trace's main-thread tasks from the first paint on, as blocking time from their wall and CPU times (main-thread-blocking.ts). */
  wallBlockingMs: number;
  threadBlockingMs: number;
  cls: number;
  failed: string[];
  /** Each run's multiplier and the benchmarkIndex it came from. */
  slowdowns: string[];
}

/** The median of the numbers that are not NaN (a run whose trace could not be read). */
const median = (values: number[]) =>
  percentile(
    values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b),
    50,
  );

/** patrickhulce/lighthouse-cpu-throttling-calculator, linked from Lighthouse's docs/throttling.md. */
function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** A number, or 'calibrated': each run's own from its benchmarkIndex (see the header). */
const slowdownSetting = process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? '4';
if (slowdownSetting !== 'calibrated' && !(Number(slowdownSetting) >= 1)) throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN is a number from 1 or 'calibrated', not ${slowdownSetting}`);
const slowdownFor = (benchmarkIndex: number) =>
  slowdownSetting === 'calibrated' ? Math.round(calibratedSlowdown(benchmarkIndex) * 100) / 100 : Number(slowdownSetting);
/** The multiplier the last run was audited with (the preset's before the first): see audit. */
let lastSlowdown = slowdownSetting === 'calibrated' ? 4 : Number(slowdownSetting);

interface AuditOptions {
  /** Requests Lighthouse refuses (its blockedUrlPatterns): the control row without scripts and pictures. */
  blocked?: string[];
  /** The report's file name in LIGHTHOUSE_REPORT_DIR, without .json: the row and the run. */
  report: string;
}

/** One run's row, with the host's benchmarkIndex in that run and the multiplier its trace was audited with. */
type RunRow = Omit<Row, 'page' | 'slowdowns'> & { benchmarkIndex: number; slowdown: number };

async function audit(url: string, port: number, { blocked: blockedUrlPatterns = [], report }: AuditOptions): Promise<RunRow> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
  // The simulated mode gathers unthrottled; the one use of the multiplier while gathering is the deadline of the
  // requestIdleCallback Lighthouse puts in the page (40 ms divided by it), so it gathers with the fixed one, or the
  // last run's when each run has its own. The audit gets the run's own.
  const throttling = { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: lastSlowdown };
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, { flags, config: { extends: 'lighthouse:default', settings: { blockedUrlPatterns, throttling } } });
  const benchmarkIndex = artifacts.BenchmarkIndex;
  const cpuSlowdownMultiplier = slowdownFor(benchmarkIndex);
  // The artifacts hold the same settings object; Lighthouse refuses an audit whose settings differ from the gather's.
  runnerOptions.resolvedConfig.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
  lastSlowdown = cpuSlowdownMultiplier;
  // A cache of its own: gathering computed results (the trace engine's, for TraceElements) keyed on the settings
  // object, with the multiplier it gathered with.
  const result = (await Runner.audit(artifacts, { ...runnerOptions, computedCache: new Map() })) as RunnerResult | undefined;
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${report}.json`), JSON.stringify(result.lhr));
    // The trace the audit read, to open in DevTools' performance panel.
    if (artifacts.Trace) writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${report}.trace.json`), JSON.stringify(artifacts.Trace));
  }
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const { categories, audits } = result.lhr;
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  const blocking = trace ? mainThreadBlocking(trace.traceEvents, cpuSlowdownMultiplier) : null;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failed = Object.values(categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c.id}:${ref.id}`));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    wallBlockingMs: blocking?.fromWallTime ?? NaN,
    threadBlockingMs: blocking?.fromThreadTime ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failed,
    benchmarkIndex,
    slowdown: cpuSlowdownMultiplier,
  };
}

/** The browser the runs use, started again after a failed run. */
interface Browser {
  port(): number;
  pid(): number;
  restart(): Promise<void>;
  kill(): void;
}

async function launchBrowser(): Promise<Browser> {
  // Placed before each run (auditWithRetry).
  const launch = () => chromeLauncher.launch({ chromePath, chromeFlags });
  let chrome = await launch();
  return {
    port: () => chrome.port,
    pid: () => chrome.pid,
    async restart() {
      chrome.kill();
      chrome = await launch();
    },
    kill: () => chrome.kill(),
  };
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART), or the browser stops answering (PROTOCOL_TIMEOUT,
 * seen in Storage.getUsageAndQuota after a few dozen runs, after which every run in that browser failed the same
 * way): that run is repeated, in a new browser, twice at most.
 */
async function auditWithRetry(url: string, browser: Browser, options: AuditOptions): Promise<RunRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (split) await placeChromium(browser.pid(), split, placement);
      const keeper = split ? keepChromiumPlaced(browser.pid(), split, placement, placement === 'renderers' ? 100 : 25) : null;
      let strays = 0;
      const row = await audit(url, browser.port(), options).finally(() => (strays = keeper?.stop() ?? 0));
      if (split) {
        // The renderers still running after the run (Lighthouse's blank page's at least) came from the same zygote as
        // the page's; the keeper says whether one of them was ever found elsewhere during the run.
        const found = renderers(browser.pid());
        const stray = found.filter((r) => r.cpus && !sameCpus(r.cpus, split.page));
        if (!found.length || stray.length || strays) throw new Error(`the renderers were not kept on CPU ${split.page}: ${strays} found elsewhere during the run; after it ${found.map((r) => `${r.pid} on ${r.cpus}`).join(', ') || 'none found'}`);
      }
      return row;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${(error as Error).message}; trying again in a new browser`);
      await browser.restart();
    }
  }
}

/** The bare control page: what the host gives a page with nothing to run (see the header). */
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A bare page</title><meta name="description" content="The Lighthouse bench's control page"></head><body><h1>A bare page</h1><p>A heading and a line of text: no style sheet, script or picture.</p></body></html>`;

async function serveBarePage(): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    // Lighthouse's SEO category asks for a valid robots.txt.
    const robots = request.url === '/robots.txt';
    response.writeHead(200, { 'content-type': robots ? 'text/plain' : 'text/html; charset=utf-8' });
    response.end(robots ? 'User-agent: *\nAllow: /\n' : BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

async function main() {
  // Before anything starts: the server and the browser inherit the host's set.
  if (split) pin(process.pid, split.host);
  const server = await startBuiltServer('lh');
  const { base } = server;
  const bare = await serveBarePage();
  const browser = await launchBrowser().catch(async (error: unknown) => {
    bare.close();
    await server.stop();
    throw error;
  });
  try {
    const pages = [
      ...(await warmBenchPages(base)).map(({ page, path }) => ({ page: `${page} ${path}`, url: `${base}${path}`, blocked: [] as string[] })),
      { page: 'control: a bare page', url: bare.url, blocked: [] },
      // Its inline script stays: refusing script files does not refuse it.
      { page: 'control: home, HTML and styles only', url: `${base}/`, blocked: ['*.js', '*.svg'] },
    ];
    const only = process.env.LIGHTHOUSE_ROWS?.split(',').map((word) => word.trim()).filter(Boolean);
    const chosen = only ? pages.filter(({ page }) => only.some((word) => page.includes(word))) : pages;
    if (!chosen.length) throw new Error(`LIGHTHOUSE_ROWS=${only?.join(',')} names none of the rows: ${pages.map((p) => p.page).join('; ')}`);
    const rows: Row[] = [];
    for (const { page, url, blocked } of chosen) {
      const results: RunRow[] = [];
      const report = page.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      for (let i = 0; i < runs; i++) results.push(await auditWithRetry(url, browser, { blocked, report: `${report}-${i + 1}` }));
      // Each its own median: the run with the median score need not have the median blocking times.
      const wallBlockingMs = median(results.map((r) => r.wallBlockingMs));
      const threadBlockingMs = median(results.map((r) => r.threadBlockingMs));
      // In the order of the runs, as their reports are numbered.
      const slowdowns = results.map((r) => `${r.slowdown}x (${r.benchmarkIndex.toFixed(0)})`);
      results.sort((a, b) => a.performance - b.performance);
      const { benchmarkIndex: _index, slowdown: _slowdown, ...shown } = results[Math.floor(results.length / 2)]!;
      rows.push({ page, ...shown, wallBlockingMs, threadBlockingMs, slowdowns });
    }
    console.info(`\nLighthouse 12 mobile preset, ${runs} run(s) per page (median shown), ${base}`);
    console.info(
      split
        ? `CPUs: Lighthouse, the server and Chromium's browser, GPU and network processes on ${split.host}; the page's renderers on ${split.page}, ${placementShown[placement]} (LIGHTHOUSE_PAGE_CORE=${placement}; LIGHTHOUSE_PIN=off shares them all)`
        : `CPUs: shared by everything (LIGHTHOUSE_PIN=${pinSetting})`,
    );
    console.info(`CPU slowdown ${slowdownSetting === 'calibrated' ? "calibrated: each run's own, from the host's benchmarkIndex in that run" : `${slowdownSetting}x, fixed`}`);
    console.info(`${'page'.padEnd(44)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'bp'.padStart(5)} ${'seo'.padStart(5)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(7)} ${'wall'.padStart(6)} ${'cpu'.padStart(6)}`);
    for (const r of rows) {
      console.info(
        `${r.page.slice(0, 44).padEnd(44)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)} ${String(r.seo).padStart(5)} ${r.lcpMs.toFixed(0).padStart(8)} ${r.tbtMs.toFixed(0).padStart(8)} ${r.cls.toFixed(3).padStart(7)} ${r.wallBlockingMs.toFixed(0).padStart(6)} ${r.threadBlockingMs.toFixed(0).padStart(6)}`,
      );
      console.info(`  runs' slowdown (benchmarkIndex): ${r.slowdowns.join(', ')}`);
      if (r.failed.length) console.info(`  below 100: ${r.failed.join(', ')}`);
    }
    console.info(
      "wall, cpu: the trace's main-thread tasks from the first paint on, each counting its wall time (as Lighthouse takes it) or its thread's CPU time times the slowdown beyond 50 ms (median of the runs; not Lighthouse's window)",
    );
  } finally {
    browser.kill();
    bare.close();
    await server.stop();
  }
}

await main();
