import { describe, expect, it } from 'vitest';
import { groupBrandsByLetter, type IndexedBrand } from './brand-index';

const brand = (brandId: number, name: string): IndexedBrand => ({ brandId, name, canonicalUrl: `/b/${brandId}`, productCount: 1 });

describe('groupBrandsByLetter', () => {
  const brands = [brand(1, 'sega'), brand(2, 'Atari'), brand(3, 'Övik Games'), brand(4, '3DO'), brand(5, 'Acclaim'), brand(6, 'Ädel'), brand(7, 'Zeta')];

  it('groups by first letter, names sorted within a letter, case-insensitively', () => {
    const groups = groupBrandsByLetter(brands, 'en-US');
    const a = groups.find((g) => g.letter === 'A');
    expect(a?.brands.map((b) => b.name)).toEqual(['Acclaim', 'Atari']);
    expect(groups.find((g) => g.letter === 'S')?.brands.map((b) => b.name)).toEqual(['sega']);
  });

  it('puts brands starting with a digit first, under #', () => {
    const groups = groupBrandsByLetter(brands, 'sv-SE');
    expect(groups[0]).toMatchObject({ letter: '#', anchor: 'brands-other' });
    expect(groups[0]?.brands.map((b) => b.name)).toEqual(['3DO']);
  });

  it('orders the letters by the language: Ä and Ö after Z in Swedish', () => {
    expect(groupBrandsByLetter(brands, 'sv-SE').map((g) => g.letter)).toEqual(['#', 'A', 'S', 'Z', 'Ä', 'Ö']);
  });

  it('gives every letter a distinct anchor usable as an element id', () => {
    const anchors = groupBrandsByLetter(brands, 'sv-SE').map((g) => g.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors).toContain('brands-ö');
  });

  it('returns no groups for no brands', () => {
    expect(groupBrandsByLetter([], 'sv-SE')).toEqual([]);
  });
});
