import { Workbox } from 'workbox-window';
import { LOCATION_QUESTION_MESSAGE, UPDATE_DEFERRED_MESSAGE } from '../../shared/offline-caches';

/** How often an open tab asks for a new version, besides at start and whenever it becomes visible again. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
/** How often a tab whose update waits for another tab's checkout asks again. */
export const DEFERRED_RETRY_MS = 15_000;

let waiting = false;
let deferred = false;
let retry: number | undefined;
const listeners = new Set<() => void>();

/**
 * Registers /sw.js and watches for a new version: one already waiting at start, one found by the periodic or
 * the on-visible check. A new version only waits (the worker never skips waiting by itself); the shopper
 * decides when to reload (updates.apply).
 */
export function startServiceWorker(): void {
  if (workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => {
    waiting = true;
    notify();
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    // The worker decides whether it may take over by where every tab is now, not where it was loaded.
    if (event.data?.type === LOCATION_QUESTION_MESSAGE) {
      event.ports[0]?.postMessage(window.location.href);
      return;
    }
    if (event.data?.type !== UPDATE_DEFERRED_MESSAGE || deferred) return;
    deferred = true;
    notify();
    retry = window.setInterval(() => wb.messageSkipWaiting(), DEFERRED_RETRY_MS);
  });
  wb.register()
    .then(() => {
      const check = () => void wb.update().catch(() => undefined);
      window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}

const notify = () => listeners.forEach((listener) => listener());

export const updates = {
  waiting: () => waiting,
  /** The shopper agreed, but another tab is in the checkout: the new version comes once that tab has left it. */
  deferred: () => deferred,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The shopper agreed: the waiting worker takes over, and the page reloads once it controls the page. */
  apply(): void {
    const wb = workbox;
    if (!wb || !waiting || retry !== undefined) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    // To the registration's waiting worker: messageSW() would post to the worker workbox-window thinks is its own,
    // which for a version found by a later check (an "external" one to workbox-window) is the old, active worker.
    wb.messageSkipWaiting();
  },
};
