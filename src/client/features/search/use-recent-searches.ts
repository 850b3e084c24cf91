import { useEffect, useSyncExternalStore } from 'react';
import { clearRecentSearches, readRecentSearches, RECENT_SEARCHES_KEY, saveRecentSearch } from './recent-searches';

/*
 * One in-memory copy of the list shared by every search bar of the tab. Storage is read in an effect and
 * written in handlers; the render only sees this copy, which is empty on the server and during hydration.
 */
const EMPTY: readonly string[] = [];
let current: readonly string[] = EMPTY;
const listeners = new Set<() => void>();

function publish(list: readonly string[]): void {
  // Every search bar re-renders synchronously on a change (an external store's rule), right after hydration
  // too: the same list again is no change.
  if (list.length === current.length && list.every((term, index) => term === current[index])) return;
  current = list;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentSearches(): readonly string[] {
  const list = useSyncExternalStore(
    subscribe,
    () => current,
    () => EMPTY,
  );
  useEffect(() => {
    publish(readRecentSearches());
    // Another tab searched or cleared: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === RECENT_SEARCHES_KEY || event.key === null) publish(readRecentSearches());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return list;
}

/** For event handlers: saves a searched term (blank terms are ignored). */
export function rememberSearch(term: string): void {
  if (!term.trim()) return;
  publish(saveRecentSearch(term));
}

export function forgetRecentSearches(): void {
  clearRecentSearches();
  publish(EMPTY);
}
