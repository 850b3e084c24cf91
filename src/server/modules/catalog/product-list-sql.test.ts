import { describe, expect, it } from 'vitest';
import { prefixTsQuery, swappedSpellings } from './product-list-sql';

describe('search words', () => {
  it('spells a word with each pair of neighbouring letters swapped, once each', () => {
    expect(swappedSpellings('zleda')).toEqual(['lzeda', 'zelda', 'zldea', 'zlead']);
    // Swapping two equal letters spells the word itself again.
    expect(swappedSpellings('mass')).toEqual(['amss', 'msas']);
    // Short words would mostly swap into the beginnings of other words.
    expect(swappedSpellings('nes')).toEqual([]);
  });

  it('makes prefix terms of letters and digits only and whole-word swaps, a decomposed é staying one letter', () => {
    expect(prefixTsQuery('Zel 64!')).toBe('zel:* & 64:*');
    expect(prefixTsQuery('Poke\u0301')).toBe('(poké:* | opké | pkoé | poék)');
    expect(prefixTsQuery("'):* | !")).toBe('');
  });
});

describe('search synonyms', () => {
  it("adds the shop's synonyms of a whole word as prefix terms, and weights to every term when asked", () => {
    expect(prefixTsQuery('sladd', 'games')).toBe('(sladd:* | lsadd | saldd | sldad | kabel:* | kablar:* | länkkabel:* | laddkabel:* | komponentkabel:* | cable:*)');
    expect(prefixTsQuery('sladd', 'games', 'a')).toBe(
      '(sladd:*a | lsadd:a | saldd:a | sldad:a | kabel:*a | kablar:*a | länkkabel:*a | laddkabel:*a | komponentkabel:*a | cable:*a)',
    );
    expect(prefixTsQuery('lakrits', 'candy')).toContain('licorice:*');
    // Each shop has its own list, and a part of a word ('slad') is no synonym.
    expect(prefixTsQuery('lakrits', 'games')).not.toContain('licorice');
    expect(prefixTsQuery('slad', 'games')).not.toContain('kabel');
    expect(prefixTsQuery('sladd')).not.toContain('kabel');
  });
});
