/**
 * Recent search terms in browser storage (key `recentSearches`; a repeated term
 * moves to the front, a new one goes first, at most 5). Terms compare case-insensitively and keep the
 * spelling of the latest search. Only call the storage functions from effects and event handlers.
 */
export const RECENT_SEARCHES_KEY = 'recentSearches';
export const MAX_RECENT_SEARCHES = 5;

const sameTerm = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The list with `term` first; blank terms leave it as it is. */
export function addRecentSearch(list: readonly string[], term: string): string[] {
  const clean = term.trim();
  if (!clean) return list.slice(0, MAX_RECENT_SEARCHES);
  return [clean, ...list.filter((t) => !sameTerm(t, clean))].slice(0, MAX_RECENT_SEARCHES);
}

/** Whatever is stored (another version's format, hand edits, garbage) becomes a clean list or none. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  // Oldest first through addRecentSearch, so the stored order (most recent first) survives de-duplication.
  return value
    .filter((t): t is string => typeof t === 'string')
    .reduceRight<string[]>((list, term) => addRecentSearch(list, term), []);
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where the browser refuses it (privacy modes, disabled storage). */
function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readRecentSearches(storage: StorageLike | null = browserStorage()): string[] {
  try {
    return parseRecentSearches(storage?.getItem(RECENT_SEARCHES_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Saves the term and returns the new list; a full or refused storage only loses the memory, not the search. */
export function saveRecentSearch(term: string, storage: StorageLike | null = browserStorage()): string[] {
  const next = addRecentSearch(readRecentSearches(storage), term);
  try {
    storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Quota exceeded or storage disabled: the list still updates for this page.
  }
  return next;
}

export function clearRecentSearches(storage: StorageLike | null = browserStorage()): void {
  try {
    storage?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Nothing to clear where storage is refused.
  }
}
