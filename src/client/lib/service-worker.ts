import { captureInstallPrompt } from './install-prompt';

/**
 * Registers /sw.js after the page has loaded, so the worker never competes with first render; workbox-window
 * and the update watch load only then. The install offer is caught at once, as it may come before.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  captureInstallPrompt();
  const register = () => void import('./sw-updates').then(({ startServiceWorker }) => startServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
