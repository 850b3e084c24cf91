import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Controls that do
 * nothing without JavaScript (add to cart, sign-up buttons) stay disabled until then instead of ignoring a tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
