import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes. False on the server and during hydration (the server
 * renders for a desktop), then the browser's answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
