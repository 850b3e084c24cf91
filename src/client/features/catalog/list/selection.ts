import type { ProductSort } from '../../../graphql/generated/operations';

/**
 * The shopper's choices on a product list, kept in the URL query so reload, sharing and back/forward give
 * the same list:
 *   categories=1,2 brands=3 campaigns=4 skus=Komplett,Begagnad price=100-500 sort=LOWEST_PRICE from=1 page=3
 * `page` is the last page shown and `from` the first (when they differ): "load more" twice from the start is
 * `from=1&page=3`, a deep link to page 3 is `page=3`. This module holds what the list's first render needs
 * (writing a selection into a URL); reading one (lenient: anything malformed falls back to the default instead of
 * failing the page) and the filters' changes are in selection-edits.ts, the API input in selection-query.ts.
 */
export interface ListSelection {
  categories: number[];
  brands: number[];
  campaigns: number[];
  skus: string[];
  price: PriceRange | null;
  sort: ProductSort;
  from: number;
  page: number;
}

export interface PriceRange {
  min: number | null;
  max: number | null;
}

export type IdDimension = 'categories' | 'brands' | 'campaigns';
export type ValueDimension = IdDimension | 'skus';

/** Which sorts a list offers; RELEVANCE only where there is search text to be relevant to. */
export interface SortRules {
  defaultSort: ProductSort;
  sorts: readonly ProductSort[];
}

export const PAGE_SIZE = 24;
/** Most pages one URL may ask for at once (480 products), so a hand-made URL cannot ask for thousands. */
export const MAX_PAGES_AT_ONCE = 20;

export const LIST_SORT_RULES: SortRules = { defaultSort: 'LATEST', sorts: ['LATEST', 'BESTSELLERS', 'LOWEST_PRICE', 'HIGHEST_PRICE'] };
export const SEARCH_SORT_RULES: SortRules = { defaultSort: 'RELEVANCE', sorts: ['RELEVANCE', ...LIST_SORT_RULES.sorts] };

/** Parameter names in the order they are written, so equal selections give equal URLs. */
export const SELECTION_PARAMS = ['categories', 'brands', 'campaigns', 'skus', 'price', 'sort', 'from', 'page'] as const;

export function formatPrice(price: PriceRange): string {
  return `${price.min ?? ''}-${price.max ?? ''}`;
}

/** The query parameters of a selection, leaving out every default so the plain list has a plain URL. */
export function selectionParams(selection: ListSelection, rules: SortRules): [string, string][] {
  const out: [string, string][] = [];
  const numbers = (values: number[]) => [...values].sort((a, b) => a - b).join(',');
  if (selection.categories.length) out.push(['categories', numbers(selection.categories)]);
  if (selection.brands.length) out.push(['brands', numbers(selection.brands)]);
  if (selection.campaigns.length) out.push(['campaigns', numbers(selection.campaigns)]);
  if (selection.skus.length) out.push(['skus', [...selection.skus].sort().join(',')]);
  if (selection.price) out.push(['price', formatPrice(selection.price)]);
  if (selection.sort !== rules.defaultSort) out.push(['sort', selection.sort]);
  if (selection.from !== selection.page) out.push(['from', String(selection.from)]);
  if (selection.page > 1) out.push(['page', String(selection.page)]);
  return out;
}

/**
 * The search part of a list URL: the parameters that define the list itself (`q`, `productIds`, …) stay as
 * they are, the selection's are rewritten.
 */
export function listSearch(current: URLSearchParams, selection: ListSelection, rules: SortRules): string {
  const next = new URLSearchParams();
  for (const [name, value] of current) {
    if (!(SELECTION_PARAMS as readonly string[]).includes(name)) next.append(name, value);
  }
  for (const [name, value] of selectionParams(selection, rules)) next.append(name, value);
  // Commas are legal in a query and far easier to read than %2C.
  const text = next.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

/** Where a change of filter or sort takes the list: back to its first page. */
export const FIRST_PAGE = { from: 1, page: 1 } as const;

export function withSort(selection: ListSelection, sort: ProductSort): ListSelection {
  return { ...selection, sort, ...FIRST_PAGE };
}

export function activeFilterCount(selection: ListSelection): number {
  return selection.categories.length + selection.brands.length + selection.campaigns.length + selection.skus.length + (selection.price ? 1 : 0);
}
