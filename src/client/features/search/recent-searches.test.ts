import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  MAX_RECENT_SEARCHES,
  parseRecentSearches,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  saveRecentSearch,
} from './recent-searches';

/** A Storage stand-in over a Map, optionally refusing every write like a full or disabled storage. */
function memoryStorage(initial: Record<string, string> = {}, { refuseWrites = false } = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuseWrites) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('addRecentSearch', () => {
  it('puts a new term first', () => {
    expect(addRecentSearch(['mario', 'nes'], 'zelda')).toEqual(['zelda', 'mario', 'nes']);
  });

  it('moves a repeated term to the front without duplicating it', () => {
    expect(addRecentSearch(['mario', 'zelda', 'nes'], 'zelda')).toEqual(['zelda', 'mario', 'nes']);
  });

  it('matches case-insensitively and keeps the latest spelling', () => {
    expect(addRecentSearch(['mario', 'Zelda'], 'ZELDA')).toEqual(['ZELDA', 'mario']);
    expect(addRecentSearch(['pokémon'], 'Pokémon')).toEqual(['Pokémon']);
  });

  it('keeps at most five, dropping the oldest', () => {
    let list: string[] = [];
    for (const term of ['a', 'b', 'c', 'd', 'e', 'f']) list = addRecentSearch(list, term);
    expect(MAX_RECENT_SEARCHES).toBe(5);
    expect(list).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('trims the term and ignores blank ones', () => {
    expect(addRecentSearch(['mario'], '  zelda  ')).toEqual(['zelda', 'mario']);
    expect(addRecentSearch(['mario'], '')).toEqual(['mario']);
    expect(addRecentSearch(['mario'], '   ')).toEqual(['mario']);
  });
});

describe('parseRecentSearches', () => {
  it('reads a stored list in its order', () => {
    expect(parseRecentSearches('["zelda","mario"]')).toEqual(['zelda', 'mario']);
  });

  it('tolerates corrupt or foreign values', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('')).toEqual([]);
    expect(parseRecentSearches('{not json')).toEqual([]);
    expect(parseRecentSearches('"zelda"')).toEqual([]);
    expect(parseRecentSearches('{"0":"zelda"}')).toEqual([]);
    expect(parseRecentSearches('null')).toEqual([]);
  });

  it('cleans a list that breaks the rules: non-strings, blanks, duplicates, too many', () => {
    expect(parseRecentSearches(JSON.stringify(['zelda', 42, null, ' ', 'ZELDA', 'mario', 'a', 'b', 'c', 'd']))).toEqual([
      'zelda',
      'mario',
      'a',
      'b',
      'c',
    ]);
  });
});

describe('browser storage under the key recentSearches', () => {
  it('saves most recent first and reads it back', () => {
    const storage = memoryStorage();
    saveRecentSearch('mario', storage);
    expect(saveRecentSearch('zelda', storage)).toEqual(['zelda', 'mario']);
    expect(JSON.parse(storage.data.get(RECENT_SEARCHES_KEY) ?? '')).toEqual(['zelda', 'mario']);
    expect(readRecentSearches(storage)).toEqual(['zelda', 'mario']);
  });

  it('does not save an empty term', () => {
    const storage = memoryStorage();
    saveRecentSearch('   ', storage);
    expect(readRecentSearches(storage)).toEqual([]);
  });

  it('overwrites a corrupt stored value on the next save', () => {
    const storage = memoryStorage({ [RECENT_SEARCHES_KEY]: '[[[' });
    expect(readRecentSearches(storage)).toEqual([]);
    expect(saveRecentSearch('nes', storage)).toEqual(['nes']);
    expect(storage.data.get(RECENT_SEARCHES_KEY)).toBe('["nes"]');
  });

  it('still answers the new list when the storage refuses to write', () => {
    const storage = memoryStorage({ [RECENT_SEARCHES_KEY]: '["mario"]' }, { refuseWrites: true });
    expect(saveRecentSearch('zelda', storage)).toEqual(['zelda', 'mario']);
    expect(readRecentSearches(storage)).toEqual(['mario']);
  });

  it('works without any storage at all', () => {
    expect(readRecentSearches(null)).toEqual([]);
    expect(saveRecentSearch('zelda', null)).toEqual(['zelda']);
    expect(() => clearRecentSearches(null)).not.toThrow();
  });

  it('clears the list', () => {
    const storage = memoryStorage({ [RECENT_SEARCHES_KEY]: '["mario"]' });
    clearRecentSearches(storage);
    expect(readRecentSearches(storage)).toEqual([]);
  });
});
