import { describe, expect, it } from 'vitest';
import { distinctCategoryLabels, facetGroups, missingSelections, type ApiFacets } from './facets';
import { LIST_SORT_RULES } from './selection';
import { parseSelection } from './selection-edits';

const value = (id: string, label: string, count: number) => ({ __typename: 'FacetValue' as const, id, label, count });
const facets: ApiFacets = {
  __typename: 'ProductFacets',
  categories: [value('1', 'Spel', 40), value('2', 'Nintendo', 25), value('3', 'Sega', 15)],
  brands: [value('10', 'Nintendo', 20), value('11', 'Sega', 5)],
  discountCampaigns: [],
  skus: [value('Begagnad', 'Begagnad', 30)],
  price: { __typename: 'PriceRange', min: 99, max: 2999 },
};
const select = (query: string) => parseSelection(new URLSearchParams(query), LIST_SORT_RULES);
const noOptions = { hidden: [], categoryScope: null, labels: {} };

describe('facetGroups', () => {
  it('lists each dimension with its counts and ticks, leaving out empty dimensions', () => {
    const groups = facetGroups(facets, select('brands=11&skus=Begagnad'), noOptions);
    expect(groups.map((g) => g.dimension)).toEqual(['categories', 'brands', 'skus']);
    expect(groups[1]?.options).toEqual([
      { value: 10, label: 'Nintendo', count: 20, selected: false },
      { value: 11, label: 'Sega', count: 5, selected: true },
    ]);
    expect(groups[2]?.options[0]).toEqual({ value: 'Begagnad', label: 'Begagnad', count: 30, selected: true });
  });

  it('hides the dimension a list is defined by and scopes categories to a category page', () => {
    const groups = facetGroups(facets, select(''), { hidden: ['brands'], categoryScope: new Set([2, 3]), labels: {} });
    expect(groups.map((g) => g.dimension)).toEqual(['categories', 'skus']);
    expect(groups[0]?.options.map((o) => o.value)).toEqual([2, 3]);
  });

  it('keeps a ticked value whose count fell to zero, named from the labels, so it can be unticked', () => {
    const selection = select('brands=12,13&skus=Ny');
    expect(missingSelections(facets, selection)).toEqual(['brands', 'skus']);
    const groups = facetGroups(facets, selection, { ...noOptions, labels: { brands: new Map([[12, 'Atari']]) } });
    const brands = groups.find((g) => g.dimension === 'brands')?.options ?? [];
    expect(brands.filter((o) => o.selected)).toEqual([
      { value: 12, label: 'Atari', count: 0, selected: true },
      { value: 13, label: '#13', count: 0, selected: true },
    ]);
    expect(groups.find((g) => g.dimension === 'skus')?.options).toContainEqual({ value: 'Ny', label: 'Ny', count: 0, selected: true });
  });

  it('reports nothing missing when every ticked value is listed', () => {
    expect(missingSelections(facets, select('brands=10&categories=1'))).toEqual([]);
  });
});

describe('distinctCategoryLabels', () => {
  const tree = [
    { categoryId: 1, parentCategoryId: null, name: 'Spel' },
    { categoryId: 2, parentCategoryId: 1, name: 'Nintendo' },
    { categoryId: 3, parentCategoryId: 2, name: 'Game Boy' },
    { categoryId: 4, parentCategoryId: null, name: 'Konsoler' },
    { categoryId: 5, parentCategoryId: 4, name: 'Nintendo' },
    { categoryId: 6, parentCategoryId: 5, name: 'Game Boy' },
    { categoryId: 7, parentCategoryId: 2, name: 'NES' },
    { categoryId: 8, parentCategoryId: 1, name: 'Sega' },
    { categoryId: 9, parentCategoryId: 8, name: 'Mix' },
    { categoryId: 10, parentCategoryId: 2, name: 'Mix' },
  ];
  const option = (value: number, label: string) => ({ value, label, count: 1, selected: false });

  it('adds the top-level category to names that repeat, and leaves unique ones alone', () => {
    const labels = distinctCategoryLabels([option(3, 'Game Boy'), option(6, 'Game Boy'), option(7, 'NES')], tree).map((o) => o.label);
    expect(labels).toEqual(['Game Boy (Spel)', 'Game Boy (Konsoler)', 'NES']);
  });

  it('falls back to the whole path when the top-level category does not tell them apart', () => {
    const labels = distinctCategoryLabels([option(9, 'Mix'), option(10, 'Mix')], tree).map((o) => o.label);
    expect(labels).toEqual(['Spel › Sega › Mix', 'Spel › Nintendo › Mix']);
  });
});
