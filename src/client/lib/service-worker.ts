import { captureInstallPrompt } from './install-prompt';

/**
 * Registers /sw.js once the page has loaded and `after` has come (the page's controls work; 10 s after the load at
 * the latest, should they never), so the worker never competes with the first render: the load event comes while
 * hydration, a transition, is still under way, and registering there put the update watch's code and the worker's
 * start in its way. workbox-window and the update watch load only then. The install offer is caught at once, as it
 * may come before.
 */
export function registerServiceWorker(after: Promise<void>): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  captureInstallPrompt();
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void loaded
    .then(() => Promise.race([after, new Promise((resolve) => setTimeout(resolve, 10_000))]))
    .then(() => import('./sw-updates'))
    .then(({ startServiceWorker }) => startServiceWorker());
}
