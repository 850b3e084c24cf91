import { describe, expect, it } from 'vitest';
import { activeFilterCount, LIST_SORT_RULES, listSearch, MAX_PAGES_AT_ONCE, SEARCH_SORT_RULES, selectionParams, withSort, type ListSelection } from './selection';
import { parsePrice, parseSelection, toggled, withoutFilters, withPrice } from './selection-edits';
import { clampPages, selectionFilter } from './selection-query';

const parse = (query: string, rules = LIST_SORT_RULES) => parseSelection(new URLSearchParams(query), rules);
const empty: ListSelection = parse('');

describe('parseSelection', () => {
  it('gives the plain first page, sorted by the list default, for an empty query', () => {
    expect(empty).toEqual({ categories: [], brands: [], campaigns: [], skus: [], price: null, sort: 'LATEST', from: 1, page: 1 });
    expect(parse('', SEARCH_SORT_RULES).sort).toBe('RELEVANCE');
  });

  it('reads every dimension, comma separated or repeated (a plain GET form repeats names)', () => {
    const selection = parse('categories=1,2&brands=3&brands=4&campaigns=5&skus=Komplett i kartong,Begagnad&price=100-500&sort=LOWEST_PRICE&from=2&page=3');
    expect(selection).toEqual({
      categories: [1, 2],
      brands: [3, 4],
      campaigns: [5],
      skus: ['Komplett i kartong', 'Begagnad'],
      price: { min: 100, max: 500 },
      sort: 'LOWEST_PRICE',
      from: 2,
      page: 3,
    });
  });

  it('drops ids that are not positive integers and repeated ones', () => {
    expect(parse('brands=3,abc,-4,0,3,1.5,,7').brands).toEqual([3, 7]);
    expect(parse('categories=99999999999').categories).toEqual([]);
  });

  it('falls back to the default sort for an unknown one, and allows RELEVANCE only where there is search text', () => {
    expect(parse('sort=CHEAPEST').sort).toBe('LATEST');
    expect(parse('sort=RELEVANCE').sort).toBe('LATEST');
    expect(parse('sort=relevance', SEARCH_SORT_RULES).sort).toBe('RELEVANCE');
    expect(parse('sort=highest_price').sort).toBe('HIGHEST_PRICE');
  });

  it('treats a negative, zero, fractional or non-numeric page as the first page', () => {
    for (const page of ['-2', '0', '1.5', 'abc', '', '2e3']) expect(parse(`page=${page}`).page).toBe(1);
  });

  it('keeps from within 1..page and limits how many pages one URL loads', () => {
    expect(parse('page=3').from).toBe(3);
    expect(parse('from=5&page=3').from).toBe(3);
    expect(parse('from=-1&page=3').from).toBe(3);
    expect(parse('from=1&page=100').from).toBe(100 - MAX_PAGES_AT_ONCE + 1);
  });
});

describe('parsePrice', () => {
  it('reads min-max, min- and -max in kronor', () => {
    expect(parsePrice('100-500')).toEqual({ min: 100, max: 500 });
    expect(parsePrice('100-')).toEqual({ min: 100, max: null });
    expect(parsePrice('-500')).toEqual({ min: null, max: 500 });
    expect(parsePrice('99.50-100')).toEqual({ min: 99.5, max: 100 });
  });

  it('swaps a reversed range', () => {
    expect(parsePrice('500-100')).toEqual({ min: 100, max: 500 });
  });

  it('ignores anything malformed', () => {
    for (const bad of ['abc', '-', '', '100', 'abc-500', '100-abc', '1-2-3', '--5', '1e3-5', null]) expect(parsePrice(bad)).toBeNull();
  });
});

describe('selectionParams and listSearch', () => {
  it('writes nothing for the default selection', () => {
    expect(selectionParams(empty, LIST_SORT_RULES)).toEqual([]);
    expect(listSearch(new URLSearchParams(), empty, LIST_SORT_RULES)).toBe('');
  });

  it('writes ids sorted, so the same choice always gives the same URL', () => {
    const a = toggled(toggled(empty, 'brands', 7), 'brands', 3);
    expect(listSearch(new URLSearchParams(), a, LIST_SORT_RULES)).toBe('?brands=3,7');
  });

  it('round-trips every dimension', () => {
    const query = 'categories=1,2&brands=3&campaigns=4&skus=Begagnad,Komplett&price=100-500&sort=LOWEST_PRICE&from=2&page=3';
    const selection = parse(query);
    expect(listSearch(new URLSearchParams(), selection, LIST_SORT_RULES)).toBe(`?${query}`);
    expect(parse(listSearch(new URLSearchParams(), selection, LIST_SORT_RULES).slice(1))).toEqual(selection);
  });

  it('leaves the sort out when it is the default of the list', () => {
    expect(selectionParams(withSort(empty, 'LATEST'), LIST_SORT_RULES)).toEqual([]);
    const search = parse('', SEARCH_SORT_RULES);
    expect(selectionParams(withSort(search, 'RELEVANCE'), SEARCH_SORT_RULES)).toEqual([]);
    expect(selectionParams(withSort(search, 'LATEST'), SEARCH_SORT_RULES)).toEqual([['sort', 'LATEST']]);
  });

  it('keeps parameters that define the list itself and replaces the old selection', () => {
    const current = new URLSearchParams('q=zelda&brands=1&page=4&utm_source=mail');
    expect(listSearch(current, toggled(parse(current.toString()), 'brands', 2), LIST_SORT_RULES)).toBe('?q=zelda&utm_source=mail&brands=1,2');
  });

  it('writes a space in a size name so it reads back the same', () => {
    const selection = toggled(empty, 'skus', 'Komplett i kartong');
    const search = listSearch(new URLSearchParams(), selection, LIST_SORT_RULES);
    expect(parse(search.slice(1)).skus).toEqual(['Komplett i kartong']);
  });
});

describe('changing the selection', () => {
  const deep = parse('brands=3&from=2&page=4');

  it('resets paging on every filter and sort change', () => {
    for (const next of [toggled(deep, 'brands', 5), toggled(deep, 'skus', 'Begagnad'), withPrice(deep, { min: 1, max: 2 }), withSort(deep, 'HIGHEST_PRICE'), withoutFilters(deep)]) {
      expect(next.from).toBe(1);
      expect(next.page).toBe(1);
    }
  });

  it('toggles a value off again', () => {
    expect(toggled(deep, 'brands', 3).brands).toEqual([]);
  });

  it('treats an empty price range as no price filter', () => {
    expect(withPrice(deep, { min: null, max: null }).price).toBeNull();
    expect(withPrice(deep, null).price).toBeNull();
  });

  it('clears every filter but keeps the sort', () => {
    const full = parse('categories=1&brands=2&campaigns=3&skus=A&price=1-2&sort=BESTSELLERS');
    expect(activeFilterCount(full)).toBe(5);
    const cleared = withoutFilters(full);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared.sort).toBe('BESTSELLERS');
  });
});

describe('clampPages', () => {
  it('moves a page past the end of the list back to its last page, keeping the range length', () => {
    expect(clampPages(parse('from=9&page=10'), 100)).toMatchObject({ from: 4, page: 5 });
    expect(clampPages(parse('page=10'), 0)).toMatchObject({ from: 1, page: 1 });
  });

  it('returns the same object when nothing needs clamping', () => {
    const selection = parse('page=2');
    expect(clampPages(selection, 48)).toBe(selection);
  });
});

describe('selectionFilter', () => {
  it('maps the selection to the API filter and leaves out empty dimensions', () => {
    expect(selectionFilter(empty)).toEqual({});
    expect(selectionFilter(parse('categories=1&brands=2&campaigns=3&skus=A&price=-500'))).toEqual({
      categoryIds: [1],
      brandIds: [2],
      discountCampaignIds: [3],
      skus: ['A'],
      price: { max: 500 },
    });
  });
});
