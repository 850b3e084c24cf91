/** What the browser says of the link (Network Information API; Chromium only, so every field may be missing). */
export interface ConnectionHints {
  effectiveType?: string;
  saveData?: boolean;
  /** The browser's estimate of the bandwidth, in Mbit/s (0 or missing when it has none). */
  downlink?: number;
}

/**
 * Under this many Mbit/s the link counts as 2G whatever effectiveType says. Chrome derives effectiveType from
 * the round trip (2g only from 1400 ms), so a 250 kbps link with 300 ms (DevTools' "regular 2G", and many real
 * EDGE links) reads as 3g; its downlink estimate reads about 0.25.
 */
export const SLOW_LINK_MBPS = 0.5;

/** How long prefetching waits for an idle moment before it runs anyway. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/**
 * Whether to fetch what the shopper may need next. Not on a 2G link (the bytes would slow what they asked for),
 * whether the browser says 2g or its bandwidth estimate does, nor when they asked to save data; a browser that says
 * nothing gets the prefetch.
 */
export function shouldPrefetch(connection: ConnectionHints | undefined): boolean {
  return !costly(connection);
}

/**
 * A connection where fetching anything the shopper did not ask for costs them: data saving on, or 2G (as the
 * browser says or as its bandwidth estimate does). The one rule for prefetching and for storing pages and data
 * for offline use ahead of time; a browser that says nothing is not costly.
 */
export function isCostlyConnection(): boolean {
  return costly(browserConnection());
}

function costly(connection: ConnectionHints | undefined): boolean {
  if (!connection) return false;
  if (connection.saveData) return true;
  if (connection.downlink !== undefined && connection.downlink > 0 && connection.downlink < SLOW_LINK_MBPS) return true;
  return connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g';
}

type IdleDeadline = { timeRemaining(): number; didTimeout?: boolean };
type IdleEnv = {
  connection?: ConnectionHints;
  requestIdleCallback?: (cb: (deadline?: IdleDeadline) => void, options: { timeout: number }) => unknown;
  now?: () => number;
};

/**
 * Runs `prefetch` once the page is idle (at the latest after PREFETCH_IDLE_TIMEOUT_MS), unless the connection rules
 * it out. Browsers without requestIdleCallback (Safari) wait for the same timeout.
 */
export function prefetchWhenIdle(prefetch: () => void, env: IdleEnv = browserEnv()): boolean {
  if (!shouldPrefetch(env.connection)) return false;
  if (env.requestIdleCallback) env.requestIdleCallback(() => prefetch(), { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(prefetch, PREFETCH_IDLE_TIMEOUT_MS);
  return true;
}

/** The longest one slice of idle work keeps the main thread: a cheap phone runs it several times slower. */
export const IDLE_SLICE_MS = 4;

/**
 * prefetchWhenIdle for a list: `work` runs for each item in idle moments, as many items a slice as fit in
 * IDLE_SLICE_MS (or in the browser's shorter idle period; one at least), so a long list never becomes one long
 * task. Each slice waits for an idle moment, at most PREFETCH_IDLE_TIMEOUT_MS, and one whose wait timed out gets a
 * whole IDLE_SLICE_MS; without requestIdleCallback only the first waits that long and the next ones follow at once.
 */
export function prefetchEachWhenIdle<T>(items: readonly T[], work: (item: T) => void, env: IdleEnv = browserEnv()): boolean {
  if (!shouldPrefetch(env.connection)) return false;
  const now = env.now ?? (() => performance.now());
  let next = 0;
  const slice = (deadline?: IdleDeadline) => {
    const budget = deadline && !deadline.didTimeout ? Math.min(IDLE_SLICE_MS, deadline.timeRemaining()) : IDLE_SLICE_MS;
    const until = now() + budget;
    do work(items[next++]!);
    while (next < items.length && now() < until);
    if (next < items.length) schedule(0);
  };
  const schedule = (wait: number) =>
    env.requestIdleCallback ? env.requestIdleCallback(slice, { timeout: PREFETCH_IDLE_TIMEOUT_MS }) : setTimeout(slice, wait);
  if (items.length) schedule(PREFETCH_IDLE_TIMEOUT_MS);
  return true;
}

const browserConnection = () => (navigator as Navigator & { connection?: ConnectionHints }).connection;

function browserEnv() {
  return {
    connection: browserConnection(),
    requestIdleCallback: typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback.bind(window) : undefined,
  };
}
