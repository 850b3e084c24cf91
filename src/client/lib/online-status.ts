import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network (navigator.onLine with its online/offline events). The server and
 * the hydrating render always say online, so the first client render matches the HTML; the real value follows
 * right after hydration.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline, () => true);
}

/** Runs `callback` each time the browser comes back online; returns the unsubscribe. */
export function onBackOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  return () => window.removeEventListener('online', callback);
}
