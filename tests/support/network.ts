import type { Browser, BrowserContext, CDPSession, Page, Route, WebSocketRoute } from '@playwright/test';

/**
 * Network conditions for browser tests and benches: offline (the service worker's own requests too), throttled
 * presets, a flaky network, lie-fi, a captive portal and the shop's server down. Chromium only (the throttling
 * speaks the DevTools protocol); everything else is Playwright routing, which reaches the service worker's fetches
 * in Chromium, and (once routeSockets() ran) Playwright's WebSocket routing. Tests usually take these through the
 * `network` option of tests/support/network-fixture.ts; specs that switch mid-test may call them directly.
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

type Emulation = ReturnType<typeof conditions>;

/** What one context's helpers hold, so each can be undone without undoing the others. */
interface ContextState {
  offline?: (route: Route) => Promise<void>;
  flaky?: { url: Parameters<BrowserContext['route']>[0]; handler: (route: Route) => Promise<void>; window: FlakyWindow };
  serverDown?: { url: string; handler: (route: Route) => Promise<void> };
  lieFi?: { handler: (route: Route) => void; held: Set<Route> };
  captivePortal?: (route: Route) => Promise<void>;
  throttle?: Throttling;
  sockets?: SocketRouter;
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
 * `navigator.onLine` turns false so the page hears `offline`. With routeSockets(), open WebSockets drop and new
 * ones fail. Undo with online().
 */
export async function offline(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (!state.offline) {
    state.offline = (route) => route.abort('internetdisconnected');
    await context.route('**/*', state.offline);
  }
  await context.setOffline(true);
  state.sockets?.update();
}

/**
 * Back online after offline(): the page hears `online`; a throttle, flaky(), lieFi(), captivePortal() or
 * serverDown() set apart stays.
 */
export async function online(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  const wasOffline = Boolean(state.offline);
  await context.setOffline(false);
  if (state.offline) await context.unroute('**/*', state.offline);
  state.offline = undefined;
  // Playwright switches back by sending "no throttling" to every page and worker, which ends a throttle too.
  if (wasOffline) await state.throttle?.reapply();
  state.sockets?.update();
}

export interface FlakyOptions {
  /** The share of requests that fail while the link is up, 0…1. */
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
  /**
   * With downMs: the link drops on a schedule, up for upMs, then down for downMs, and so on from the call. While it
   * is down every matching request fails as a lost connection and (with routeSockets()) WebSockets drop and new ones
   * fail; `navigator.onLine` stays true, as it does on a phone whose signal comes and goes.
   */
  upMs?: number;
  downMs?: number;
}

export interface FlakyStats {
  readonly seen: number;
  readonly dropped: number;
  /** The URLs dropped, in order. */
  readonly droppedUrls: readonly string[];
  /** Whether the link is in a down window now (always false without a schedule). */
  readonly down: boolean;
  /** Down windows begun so far. */
  readonly downWindows: number;
}

interface FlakyWindow {
  down: boolean;
  count: number;
  timer?: ReturnType<typeof setTimeout>;
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
 * matching request while the link is up gets the nth decision, so the same seed and the same order of requests
 * fail the same ones. With upMs/downMs the link also drops and recovers on that schedule. Returns live counts (read
 * them after the page has done its requests). Undo with steady().
 */
export async function flaky(context: BrowserContext, options: FlakyOptions): Promise<FlakyStats> {
  if (!(options.dropShare >= 0 && options.dropShare <= 1)) throw new Error(`dropShare must be within 0…1, not ${options.dropShare}`);
  const scheduled = options.downMs !== undefined;
  if (scheduled && !(options.downMs! > 0 && (options.upMs ?? 0) > 0)) throw new Error('a flaky schedule needs upMs and downMs above 0');
  await steady(context);
  const state = stateOf(context);
  const next = seeded(options.seed);
  const window: FlakyWindow = { down: false, count: 0 };
  const stats = {
    seen: 0,
    dropped: 0,
    droppedUrls: [] as string[],
    get down() {
      return window.down;
    },
    get downWindows() {
      return window.count;
    },
  };
  const handler = async (route: Route) => {
    stats.seen += 1;
    const lost = window.down || next() < options.dropShare;
    if (!lost) return route.fallback();
    stats.dropped += 1;
    stats.droppedUrls.push(route.request().url());
    if (window.down) return route.abort('internetdisconnected');
    if (options.lose === 'response') await route.fetch().catch(() => undefined);
    return route.abort('connectionreset');
  };
  if (scheduled) {
    const turn = (down: boolean) => {
      window.down = down;
      if (down) window.count += 1;
      state.sockets?.update();
      window.timer = setTimeout(() => turn(!down), down ? options.downMs : options.upMs);
      window.timer.unref?.();
    };
    window.timer = setTimeout(() => turn(true), options.upMs);
    window.timer.unref?.();
  }
  const url = options.url ?? '**/*';
  state.flaky = { url, handler, window };
  await context.route(url, handler);
  return stats;
}

/** Ends flaky(), its schedule included. */
export async function steady(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (state.flaky) {
    clearTimeout(state.flaky.window.timer);
    await context.unroute(state.flaky.url, state.flaky.handler);
  }
  state.flaky = undefined;
  state.sockets?.update();
}

/**
 * Lie-fi: the phone shows a connection and `navigator.onLine` is true, but nothing comes back (a saturated cell, a
 * dead upstream). Every request is accepted and then never answered, the service worker's included, so it hangs
 * until the page's own timeout gives up; it never reaches the server, as a request lost in a dead link does not.
 * With routeSockets(), open WebSockets go silent both ways and new ones stay connecting. Undo with endLieFi():
 * what was still waiting then fails as timed out.
 */
export async function lieFi(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (!state.lieFi) {
    const held = new Set<Route>();
    // Left unhandled on purpose: Playwright keeps the request paused until endLieFi() settles it.
    const handler = (route: Route) => void held.add(route);
    state.lieFi = { handler, held };
    await context.route('**/*', handler);
  }
  state.sockets?.update();
}

/** Ends lieFi(). */
export async function endLieFi(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  const lie = state.lieFi;
  state.lieFi = undefined;
  if (lie) {
    await context.unroute('**/*', lie.handler);
    await Promise.all([...lie.held].map((route) => route.abort('timedout').catch(() => undefined)));
  }
  state.sockets?.update();
}

/** What the captive portal answers by default: a hotel Wi-Fi's login page. */
export const CAPTIVE_PORTAL_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Hotel Wi-Fi</title><h1>Welcome to Hotel Wi-Fi</h1>' +
  '<form method="post"><label>Room number <input name="room"></label> <button>Connect</button></form></html>';

/**
 * A captive portal, as on hotel or train Wi-Fi before logging in: the network is up (`navigator.onLine` true) but
 * every request, to the shop or anywhere, the service worker's included, is answered 200 text/html with the
 * portal's login page, whatever was asked for (JSON from /graphql, a script, an image). With routeSockets(),
 * WebSockets fail (the portal answers their upgrade with HTML). Undo with endCaptivePortal().
 */
export async function captivePortal(context: BrowserContext, options: { html?: string } = {}): Promise<void> {
  await endCaptivePortal(context);
  const state = stateOf(context);
  const body = options.html ?? CAPTIVE_PORTAL_HTML;
  state.captivePortal = (route) => route.fulfill({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }, body });
  await context.route('**/*', state.captivePortal);
  state.sockets?.update();
}

/** Ends captivePortal(). */
export async function endCaptivePortal(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (state.captivePortal) await context.unroute('**/*', state.captivePortal);
  state.captivePortal = undefined;
  state.sockets?.update();
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
 * `mode` says, and with routeSockets() WebSockets drop and new ones fail. Undo with serverUp(). (To restart the
 * server under open connections, as the browser sees it, use tests/support/tcp-proxy.ts.)
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
  stateOf(context).sockets?.update();
}

/** Ends serverDown(). */
export async function serverUp(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (state.serverDown) await context.unroute(state.serverDown.url, state.serverDown.handler);
  state.serverDown = undefined;
  state.sockets?.update();
}

/** Ends every condition these helpers set on the context (the WebSocket routing stays, passing everything). */
export async function clearNetwork(context: BrowserContext): Promise<void> {
  await online(context);
  await unthrottle(context);
  await steady(context);
  await endLieFi(context);
  await endCaptivePortal(context);
  await serverUp(context);
}

/**
 * What a WebSocket meets under the context's conditions: 'pass' (messages flow), 'refuse' (open sockets drop, new
 * ones fail: no network, a down window, a portal, the server gone) or 'silent' (lie-fi: nothing flows, new sockets
 * never finish connecting).
 */
function socketPolicy(state: ContextState): 'pass' | 'refuse' | 'silent' {
  if (state.offline || state.captivePortal || state.serverDown || state.flaky?.window.down) return 'refuse';
  if (state.lieFi) return 'silent';
  return 'pass';
}

/** Close codes a page may pass on to the server (WebSocket.close() refuses the others, 1006 among them). */
const sendableClose = (code: number | undefined, reason: string | undefined) =>
  code === 1000 || (code !== undefined && code >= 3000 && code <= 4999) ? { code, reason } : {};

/** An abnormal closure, as a socket whose connection died sees it. */
const DROPPED = { code: 1006, reason: '' };

class SocketRouter {
  private readonly open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  private readonly waiting = new Set<() => void>();

  constructor(private readonly policy: () => 'pass' | 'refuse' | 'silent') {}

  readonly handle = async (ws: WebSocketRoute): Promise<void> => {
    let closedByPage = false;
    ws.onClose(() => (closedByPage = true));
    let waited = false;
    // Held in the handler, the page's socket stays CONNECTING: Playwright opens an unconnected route only after it.
    while (this.policy() === 'silent' && !closedByPage) {
      waited = true;
      await new Promise<void>((resolve) => this.waiting.add(resolve));
    }
    if (closedByPage) return;
    // A socket whose upgrade went unanswered fails once the lie ends, as it would time out.
    if (waited || this.policy() === 'refuse') return ws.close(DROPPED);
    const server = ws.connectToServer();
    const socket = { page: ws, server };
    this.open.add(socket);
    ws.onMessage((message) => {
      if (this.policy() === 'pass') server.send(message);
    });
    server.onMessage((message) => {
      if (this.policy() === 'pass') ws.send(message);
    });
    ws.onClose((code, reason) => {
      this.open.delete(socket);
      void server.close(sendableClose(code, reason));
    });
    server.onClose((code, reason) => {
      this.open.delete(socket);
      void ws.close({ code: code ?? DROPPED.code, reason: reason ?? '' });
    });
  };

  /** Applies a change of conditions to the sockets open or waiting. */
  update(): void {
    const policy = this.policy();
    if (policy !== 'silent') {
      for (const wake of this.waiting) wake();
      this.waiting.clear();
    }
    if (policy !== 'refuse') return;
    for (const socket of this.open) {
      this.open.delete(socket);
      void socket.page.close(DROPPED);
      void socket.server.close();
    }
  }
}

/**
 * Routes the context's WebSockets through Playwright, so that offline(), a flaky down window, lieFi(),
 * captivePortal() and serverDown() reach them too (Playwright's request routing does not). Call it before the
 * pages open their sockets: Playwright routes only sockets created after this call. The page's socket still
 * connects over the browser's own network (a throttle and a TCP proxy act on it); messages pass through the test
 * process. Chromium's offline switch does not close an open socket; this does.
 */
export async function routeSockets(context: BrowserContext): Promise<void> {
  const state = stateOf(context);
  if (state.sockets) return;
  state.sockets = new SocketRouter(() => socketPolicy(state));
  await context.routeWebSocket(() => true, state.sockets.handle);
}

export interface Throttle {
  readonly preset: NetworkPreset;
  /** How many service workers of the context are throttled (each one is its own DevTools target). */
  readonly workers: number;
  /** Removes the throttling from the pages and workers it reached. */
  remove(): Promise<void>;
}

/**
 * Throttles every page of the context (open now or later) and its service workers to the preset, through the
 * DevTools protocol's Network.emulateNetworkConditions, each from its first request (see Throttling).
 */
export async function throttle(context: BrowserContext, preset: NetworkPreset): Promise<Throttle> {
  await stateOf(context).throttle?.remove();
  const throttling = new Throttling(context, preset);
  stateOf(context).throttle = throttling;
  await throttling.start();
  return throttling;
}

/** Ends throttle(), whichever preset it applied. */
export async function unthrottle(context: BrowserContext): Promise<void> {
  await stateOf(context).throttle?.remove();
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  browserContextId?: string;
}

interface PausedRequest {
  requestId: string;
  frameId?: string;
  resourceType: string;
  request: { url: string };
}

/** How long a worker gets to answer a command: a worker that is not running never does. */
const WORKER_ANSWER_MS = 5000;

/**
 * The DevTools protocol throttles per target: a page's condition does not slow its service worker's fetches (the
 * pages it fetches, its precache), and a worker Chromium starts later (a new version, a restart) has none of its
 * own. Pausing a new worker until it is throttled cannot be done from a test: Playwright auto-attaches to every
 * worker with waitForDebuggerOnStart and resumes it at once, Chromium runs a worker on the first client's
 * Runtime.runIfWaitingForDebugger, browser-level auto-attach is flat-only (and Playwright drops messages of flat
 * sessions it did not open), and a worker that is not yet running answers no commands and keeps no conditions.
 * So the gate is its requests: a browser-level Fetch interception (independent of Playwright's routing, and unlike
 * it leaving the HTTP cache on) holds every request until its page is throttled, and a worker's first request
 * until the worker, running by then, has answered Network.emulateNetworkConditions. Only the worker's own scripts
 * pass unheld: fetched before the worker runs, or while it waits on them, it could not answer.
 */
class Throttling implements Throttle {
  private readonly emulate: Emulation;
  private readonly pages = new Map<Page, Promise<CDPSession | undefined>>();
  private readonly onPage = (page: Page) => void this.throttlePage(page);
  private contextId?: string;
  private session?: CDPSession;
  private readonly targets = new Map<string, TargetInfo>();
  private readonly notTargets = new Set<string>();
  private readonly links = new Map<string, { sessionId?: string; applied?: Promise<boolean>; answered: boolean }>();
  private readonly answers = new Map<number, (answered: boolean) => void>();
  private nextId = 1;
  private removed = false;

  constructor(
    private readonly context: BrowserContext,
    readonly preset: NetworkPreset,
  ) {
    this.emulate = conditions(preset);
  }

  get workers(): number {
    return [...this.links.values()].filter((link) => link.answered).length;
  }

  async start(): Promise<void> {
    this.context.on('page', this.onPage);
    // The browser session outlives the context: left on, its gate would hold the requests of the tests after it.
    this.context.once('close', () => void this.remove());
    await Promise.all(this.context.pages().map((page) => this.throttlePage(page)));
    const browser = this.context.browser();
    if (browser) await this.gate(browser);
  }

  /**
   * Resolves once the page's conditions are on their way (not answered): Chromium answers Network commands to a page
   * only after a navigation it has under way, which may be one this throttle holds, but applies the conditions in the
   * browser process at once, before the commands sent after them on the same connection (the gate's continue).
   */
  private throttlePage(page: Page): Promise<CDPSession | undefined> {
    let pending = this.pages.get(page);
    if (!pending) {
      pending = (async () => {
        const session = await this.context.newCDPSession(page);
        void session.send('Network.enable').catch(() => undefined);
        void session.send('Network.emulateNetworkConditions', this.emulate).catch(() => undefined);
        if (this.contextId === undefined) {
          const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: TargetInfo };
          this.contextId = targetInfo.browserContextId;
        }
        return session;
      })().catch(() => undefined);
      this.pages.set(page, pending);
    }
    return pending;
  }

  private async gate(browser: Browser): Promise<void> {
    const session = (this.session = await browser.newBrowserCDPSession());
    // Target.sendMessageToTarget answers once the message is on its way; the worker's own answer comes as an event.
    session.on('Target.receivedMessageFromTarget', ({ message }: { message: string }) => {
      const { id } = JSON.parse(message) as { id?: number };
      if (id !== undefined) this.answers.get(id)?.(true);
    });
    const know = (info: TargetInfo) => void this.targets.set(info.targetId, info);
    session.on('Target.targetCreated', ({ targetInfo }: { targetInfo: TargetInfo }) => know(targetInfo));
    session.on('Target.targetInfoChanged', ({ targetInfo }: { targetInfo: TargetInfo }) => know(targetInfo));
    session.on('Target.targetDestroyed', ({ targetId }: { targetId: string }) => {
      this.targets.delete(targetId);
      this.links.delete(targetId);
    });
    session.on('Fetch.requestPaused', (paused: PausedRequest) => void this.hold(paused));
    await session.send('Target.setDiscoverTargets', { discover: true });
    await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    await this.refreshTargets();
    // Workers running now are throttled before this returns (the caller's next request may go through them).
    const workers = await this.ourWorkers();
    await Promise.all(workers.map((worker) => this.throttleWorker(worker)));
  }

  private async refreshTargets(): Promise<void> {
    const { targetInfos } = (await this.session!.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    for (const info of targetInfos) this.targets.set(info.targetId, info);
  }

  /**
   * The browser's id of this context, learnt from its first page (Playwright does not tell it). A worker can only be
   * this context's once one of its pages has loaded something, so undefined (no page yet) means "none of ours".
   */
  private async ourContextId(): Promise<string | undefined> {
    await Promise.all(this.pages.values());
    return this.contextId;
  }

  private async ourWorkers(): Promise<TargetInfo[]> {
    const contextId = await this.ourContextId();
    return [...this.targets.values()].filter((info) => info.type === 'service_worker' && info.browserContextId === contextId);
  }

  /** A service worker of this context that a paused request comes from (its frameId is the worker's target id). */
  private async workerOf(frameId: string | undefined): Promise<TargetInfo | undefined> {
    if (!frameId || this.notTargets.has(frameId)) return undefined;
    if (!this.targets.has(frameId)) await this.refreshTargets();
    const info = this.targets.get(frameId);
    if (!info) {
      this.notTargets.add(frameId);
      return undefined;
    }
    if (info.type !== 'service_worker') return undefined;
    return info.browserContextId === (await this.ourContextId()) ? info : undefined;
  }

  private async hold(paused: PausedRequest): Promise<void> {
    const ready = async () => {
      await Promise.all(this.pages.values());
      const worker = await this.workerOf(paused.frameId);
      if (worker && paused.request.url !== worker.url && paused.resourceType !== 'Script') await this.throttleWorker(worker);
    };
    try {
      // Bounded, so that whatever goes wrong here a request is late rather than stuck.
      if (!this.removed) await Promise.race([ready(), new Promise((resolve) => setTimeout(resolve, 2 * WORKER_ANSWER_MS).unref?.())]);
    } finally {
      await this.session?.send('Fetch.continueRequest', { requestId: paused.requestId }).catch(() => undefined);
    }
  }

  /** Sends a command to a worker over a nested session and waits for the worker's answer (false: none came). */
  private async toWorker(sessionId: string, method: string, params: object): Promise<boolean> {
    const id = this.nextId++;
    const answered = new Promise<boolean>((resolve) => {
      this.answers.set(id, resolve);
      setTimeout(() => resolve(false), WORKER_ANSWER_MS).unref?.();
    }).finally(() => this.answers.delete(id));
    // Playwright's CDPSession speaks to its own target only: the worker's session is the protocol's nested kind.
    await this.session!.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    return answered;
  }

  private throttleWorker(info: TargetInfo): Promise<boolean> {
    let link = this.links.get(info.targetId);
    if (!link) this.links.set(info.targetId, (link = { answered: false }));
    const current = link;
    current.applied ??= (async () => {
      current.sessionId ??= ((await this.session!.send('Target.attachToTarget', { targetId: info.targetId, flatten: false })) as { sessionId: string }).sessionId;
      const answered = (await this.toWorker(current.sessionId, 'Network.enable', {})) && (await this.toWorker(current.sessionId, 'Network.emulateNetworkConditions', this.emulate));
      current.answered = answered;
      if (!answered) {
        // A worker that was not running: its session is no use; a fresh one is attached at the worker's next request.
        await this.session!.send('Target.detachFromTarget', { sessionId: current.sessionId }).catch(() => undefined);
        current.sessionId = undefined;
        current.applied = undefined;
      }
      return answered;
    })().catch(() => {
      current.applied = undefined;
      return false;
    });
    return current.applied;
  }

  /** Throttles again what Playwright's offline switch reset, pages and workers. */
  async reapply(): Promise<void> {
    if (this.removed) return;
    // Not waiting for the answers, as throttlePage() does not.
    for (const session of await Promise.all(this.pages.values())) void session?.send('Network.emulateNetworkConditions', this.emulate).catch(() => undefined);
    for (const link of this.links.values()) {
      link.applied = undefined;
      link.answered = false;
    }
    if (this.session) await Promise.all((await this.ourWorkers()).map((worker) => this.throttleWorker(worker)));
  }

  async remove(): Promise<void> {
    if (this.removed) return;
    this.removed = true;
    this.context.off('page', this.onPage);
    const state = stateOf(this.context);
    if (state.throttle === this) state.throttle = undefined;
    const off = conditions(null);
    // Neither answer is waited for: a page answers only once a navigation under way has committed.
    for (const session of await Promise.all(this.pages.values())) {
      void session?.send('Network.emulateNetworkConditions', off).catch(() => undefined);
      void session?.detach().catch(() => undefined);
    }
    if (!this.session) return;
    await this.session.send('Fetch.disable').catch(() => undefined);
    await Promise.all(
      [...this.links.values()].map((link) => (link.sessionId && link.answered ? this.toWorker(link.sessionId, 'Network.emulateNetworkConditions', off) : undefined)),
    ).catch(() => undefined);
    await this.session.detach().catch(() => undefined);
  }
}
