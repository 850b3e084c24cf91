export interface IndexedBrand {
  brandId: number;
  name: string;
  canonicalUrl: string;
  productCount: number;
}

export interface BrandLetter {
  letter: string;
  /** Element id of the letter's heading, for the jump links. */
  anchor: string;
  brands: IndexedBrand[];
}

/** Brands starting with a digit or a sign share one group, listed first as in most printed indexes. */
export const OTHER_LETTER = '#';

/**
 * Brands A–Z (A–Ö in Swedish: the locale's collation decides both the order of the letters and of the names
 * within a letter), grouped by their first letter.
 */
export function groupBrandsByLetter(brands: readonly IndexedBrand[], locale: string): BrandLetter[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const groups = new Map<string, IndexedBrand[]>();
  for (const brand of brands) {
    const first = brand.name.trim().charAt(0).toLocaleUpperCase(locale);
    const letter = /\p{L}/u.test(first) ? first : OTHER_LETTER;
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === OTHER_LETTER ? -1 : b === OTHER_LETTER ? 1 : collator.compare(a, b)))
    .map(([letter, list]) => ({
      letter,
      anchor: `brands-${letter === OTHER_LETTER ? 'other' : letter.toLocaleLowerCase(locale)}`,
      brands: [...list].sort((x, y) => collator.compare(x.name, y.name)),
    }));
}
