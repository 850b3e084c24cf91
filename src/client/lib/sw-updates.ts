import { Workbox } from 'workbox-window';

/** How often an open tab asks for a new version, besides at start and whenever it becomes visible again. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let waiting = false;
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
    listeners.forEach((listener) => listener());
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

export const updates = {
  waiting: () => waiting,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The shopper agreed: the waiting worker takes over, and the page reloads once it controls the page. */
  apply(): void {
    const wb = workbox;
    if (!wb || !waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    // To the registration's waiting worker: messageSW() would post to the worker workbox-window thinks is its own,
    // which for a version found by a later check (an "external" one to workbox-window) is the old, active worker.
    wb.messageSkipWaiting();
  },
};
