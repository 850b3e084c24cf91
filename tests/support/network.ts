import type { BrowserContext, CDPSession, Page, Route } from '@playwright/test';

/**
 * Network conditions for browser tests and benches: offline (the service worker's own requests too), throttled
 * presets, a flaky network and the shop's server down. Chromium only (the throttling speaks the DevTools
 * protocol); everything else is Playwright routing, which reaches the service worker's fetches in Chromium.
 */

/** A throttled link as Chrome DevTools defines one: bandwidth in kilobits per second, latency added per request. */
export interface NetworkPreset {
  readonly name: string;
  readonly downloadKbps: number;
  readonly uploadKbps: number;
  readonly latencyMs: number;
}

export const presets = {
  /** Chrome DevTools' "Regular 2G": what the shop must survive on a train. */
  regular2G: { name: 'regular 2G', downloadKbps: 250, uploadKbps: 50, latencyMs: 300 },
  /** Chrome DevTools' "Good 3G". */
  good3G: { name: 'good 3G', downloadKbps: 1500, uploadKbps: 750, latencyMs: 40 },
  /** Lighthouse's mobile "slow 4G" as DevTools applies it (npm run bench:lighthouse throttles the same way). */
  slow4G: { name: 'slow 4G', downloadKbps: 1474.56, uploadKbps: 675, latencyMs: 562.5 },
} as const satisfies Record<string, NetworkPreset>;

const conditions = (preset: NetworkPreset | null, offline = false) => ({
  offline,
  // 0 and -1 switch throttling off (crbug.com/456324).
  latency: preset?.latencyMs ?? 0,
  downloadThroughput: preset ? (preset.downloadKbps * 1000) / 8 : -1,
  uploadThroughput: preset ? (preset.uploadKbps * 1000) / 8 : -1,
});

/** What one context's helpers hold, so each can be undone without undoing the others. */
interface ContextState {
  offline?: (route: Route) => Promise<void>;
  flaky?: { url: Parameters<BrowserContext['route']>[0]; handler: (route: Route) => Promise<void> };
  serverDown?: { url: string; handler: (route: Route) => Promise<void> };
  throttle?: Throttle;
}
const states = new WeakMap<BrowserContext, ContextState>();
const stateOf = (context: BrowserContext) => {
  let state = states.get(context);
  if (!state) states.set(context, (state = {}));
  return state;
};

/**
 * No network at all, as in a tunnel: every request fails as a dropped connection, the service worker's own
 * fetches included (the browser's offline switch alone leaves those online in Chromium), and
 * `navigator.onLine` turns false so the page hears `offline`. Undo with online().
 */
export async function offline(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (!state.offline) {
    state.offline = (route) => route.abort('internetdisconnected');
    await context.route('**/*', state.offline);
  }
  await context.setOffline(true);
}

/** Back online after offline(): the page hears `online`; a preset, flaky() or serverDown() set apart stays. */
export async function online(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  await context.setOffline(false);
  if (state.offline) await context.unroute('**/*', state.offline);
  state.offline = undefined;
}

export interface FlakyOptions {
  /** The share of requests that fail, 0…1. */
  dropShare: number;
  /** The same seed drops the same requests of the same sequence (the 1st, 4th, … request to match). */
  seed: number;
  /** Which requests may fail (a Playwright URL glob or predicate); default all. */
  url?: string | RegExp | ((url: URL) => boolean);
  /**
   * 'request' (default): the request never reaches the server. 'response': the server does the work and the
   * answer is lost on the way back, the case an idempotency key exists for.
   */
  lose?: 'request' | 'response';
}

export interface FlakyStats {
  readonly seen: number;
  readonly dropped: number;
  /** The URLs dropped, in order. */
  readonly droppedUrls: readonly string[];
}

/** mulberry32: a tiny seeded generator, so a flaky run can be repeated exactly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A network that fails a share of requests as a connection reset, decided by a seeded sequence: the nth
 * matching request gets the nth decision, so the same seed and the same order of requests fail the same ones.
 * Returns live counts (read them after the page has done its requests). Undo with steady().
 */
export async function flaky(context: BrowserContext, options: FlakyOptions): Promise<FlakyStats> {
  if (!(options.dropShare >= 0 && options.dropShare <= 1)) throw new Error(`dropShare must be within 0…1, not ${options.dropShare}`);
  await steady(context);
  const next = seeded(options.seed);
  const stats = { seen: 0, dropped: 0, droppedUrls: [] as string[] };
  const handler = async (route: Route) => {
    stats.seen += 1;
    if (next() >= options.dropShare) return route.fallback();
    stats.dropped += 1;
    stats.droppedUrls.push(route.request().url());
    if (options.lose === 'response') await route.fetch().catch(() => undefined);
    return route.abort('connectionreset');
  };
  const url = options.url ?? '**/*';
  stateOf(context).flaky = { url, handler };
  await context.route(url, handler);
  return stats;
}

/** Ends flaky(). */
export async function steady(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (state.flaky) await context.unroute(state.flaky.url, state.flaky.handler);
  state.flaky = undefined;
}

export interface ServerDownOptions {
  /**
   * 'refused' (default): nothing listens where the shop was (its process stopped, its host gone), so the
   * connection is refused. 'unavailable': a proxy or load balancer in front of a stopped shop answers
   * 503 with Retry-After, the way most hosted deployments fail.
   */
  mode?: 'refused' | 'unavailable';
}

/**
 * The shop's server is down while the shopper's network is fine: `navigator.onLine` stays true and other
 * origins still answer; every request to the shop's origin (the page's baseURL or the given one) fails as
 * `mode` says. Undo with serverUp().
 */
export async function serverDown(context: BrowserContext, origin: string, options: ServerDownOptions = {}): Promise<void> {
  await serverUp(context);
  const url = `${new URL(origin).origin}/**`;
  const handler =
    options.mode === 'unavailable'
      ? (route: Route) =>
          route.fulfill({ status: 503, headers: { 'Retry-After': '30', 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>503 Service Unavailable</title><h1>503 Service Unavailable</h1>' })
      : (route: Route) => route.abort('connectionrefused');
  stateOf(context).serverDown = { url, handler };
  await context.route(url, handler);
}

/** Ends serverDown(). */
export async function serverUp(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (state.serverDown) await context.unroute(state.serverDown.url, state.serverDown.handler);
  state.serverDown = undefined;
}

export interface Throttle {
  readonly preset: NetworkPreset;
  /** Whether the service workers of the context are throttled too (each one is its own DevTools target). */
  readonly workers: number;
  /** Removes the throttling from the pages and workers it reached. */
  remove(): Promise<void>;
}

/**
 * Throttles every page of the context (open now or later) and its service workers to the preset, through the
 * DevTools protocol's Network.emulateNetworkConditions. The condition is per DevTools target: the page's
 * throttling does not slow the fetches its service worker makes (pages it answers from the network, its
 * precache), so the workers get the same condition through a browser-level session. A worker that starts after
 * this call is throttled when it appears; the requests it makes in its first moments may run unthrottled.
 */
export async function throttle(context: BrowserContext, preset: NetworkPreset): Promise<Throttle> {
  await stateOf(context).throttle?.remove();
  const emulate = conditions(preset);
  const pageSessions: CDPSession[] = [];
  const throttlePage = async (page: Page) => {
    const session = await context.newCDPSession(page);
    pageSessions.push(session);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', emulate);
  };
  const onPage = (page: Page) => void throttlePage(page).catch(() => undefined);
  context.on('page', onPage);
  await Promise.all(context.pages().map(throttlePage));

  const workers = await throttleWorkers(context, emulate);
  const result: Throttle = {
    preset,
    get workers() {
      return workers.count();
    },
    async remove() {
      context.off('page', onPage);
      await workers.remove();
      await Promise.all(pageSessions.map((s) => s.send('Network.emulateNetworkConditions', conditions(null)).then(() => s.detach()).catch(() => undefined)));
      if (stateOf(context).throttle === result) stateOf(context).throttle = undefined;
    },
  };
  stateOf(context).throttle = result;
  return result;
}

/** Ends throttle(), whichever preset it applied. */
export async function unthrottle(context: BrowserContext): Promise<void> {
  await stateOf(context).throttle?.remove();
}

interface TargetInfo {
  targetId: string;
  type: string;
  browserContextId?: string;
}

/**
 * Service-worker targets of the context, throttled through a browser session. Playwright's CDPSession only talks
 * to its own target, so the worker's session is the protocol's nested (non-flat) kind:
 * Target.sendMessageToTarget carries the worker's commands.
 */
async function throttleWorkers(context: BrowserContext, emulate: ReturnType<typeof conditions>) {
  const browser = context.browser();
  const page = context.pages()[0];
  if (!browser || !page) return { count: () => 0, remove: async () => undefined };
  const probe = await context.newCDPSession(page);
  const { targetInfo } = (await probe.send('Target.getTargetInfo')) as { targetInfo: TargetInfo };
  await probe.detach();
  const session = await browser.newBrowserCDPSession();
  const attached = new Map<string, string>(); // targetId → sessionId
  let nextId = 1;
  // Target.sendMessageToTarget answers once the message is on its way; the worker's own answer comes as an event.
  // Waiting for it means the worker is throttled before the caller's next request (a reload right after throttle()
  // was once answered by a worker that had not applied the conditions yet).
  const answers = new Map<number, () => void>();
  session.on('Target.receivedMessageFromTarget', ({ message }: { message: string }) => {
    const { id } = JSON.parse(message) as { id?: number };
    if (id !== undefined) answers.get(id)?.();
  });
  const send = async (sessionId: string, method: string, params: object) => {
    const id = nextId++;
    const answered = new Promise<void>((resolve) => {
      answers.set(id, resolve);
      // A worker that stops meanwhile never answers: go on rather than hang.
      setTimeout(resolve, 5000);
    }).finally(() => answers.delete(id));
    await session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    await answered;
  };
  const attach = async (info: TargetInfo) => {
    if (info.type !== 'service_worker' || info.browserContextId !== targetInfo.browserContextId || attached.has(info.targetId)) return;
    attached.set(info.targetId, '');
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: info.targetId, flatten: false });
    attached.set(info.targetId, sessionId);
    await send(sessionId, 'Network.enable', {});
    await send(sessionId, 'Network.emulateNetworkConditions', emulate);
  };
  session.on('Target.targetCreated', ({ targetInfo: info }) => void attach(info as TargetInfo).catch(() => undefined));
  session.on('Target.targetDestroyed', ({ targetId }) => void attached.delete(targetId));
  await session.send('Target.setDiscoverTargets', { discover: true });
  const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  await Promise.all(targetInfos.map((info) => attach(info).catch(() => undefined)));
  return {
    count: () => [...attached.values()].filter(Boolean).length,
    async remove() {
      await Promise.all([...attached.values()].filter(Boolean).map((id) => send(id, 'Network.emulateNetworkConditions', conditions(null)).catch(() => undefined)));
      await session.detach().catch(() => undefined);
    },
  };
}
