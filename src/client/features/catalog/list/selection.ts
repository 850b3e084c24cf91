import type { FilterInputType, ProductSort } from '../../../graphql/generated/operations';

/**
 * The shopper's choices on a product list, kept in the URL query so reload, sharing and back/forward give
 * the same list:
 *   categories=1,2 brands=3 campaigns=4 skus=Komplett,Begagnad price=100-500 sort=LOWEST_PRICE from=1 page=3
 * `page` is the last page shown and `from` the first (when they differ): "load more" twice from the start is
 * `from=1&page=3`, a deep link to page 3 is `page=3`. Parsing is lenient: anything malformed falls back to
 * the default instead of failing the page.
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
const MAX_VALUES = 50;
const MAX_SKU_LENGTH = 100;
const MAX_PRICE = 10_000_000;

export const LIST_SORT_RULES: SortRules = { defaultSort: 'LATEST', sorts: ['LATEST', 'BESTSELLERS', 'LOWEST_PRICE', 'HIGHEST_PRICE'] };
export const SEARCH_SORT_RULES: SortRules = { defaultSort: 'RELEVANCE', sorts: ['RELEVANCE', ...LIST_SORT_RULES.sorts] };

/** Parameter names in the order they are written, so equal selections give equal URLs. */
export const SELECTION_PARAMS = ['categories', 'brands', 'campaigns', 'skus', 'price', 'sort', 'from', 'page'] as const;

/** Values of a repeated or comma-separated parameter (a plain GET form repeats it, our links join it). */
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function ids(params: URLSearchParams, name: string): number[] {
  const values = listParam(params, name)
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(values)].slice(0, MAX_VALUES);
}

function skus(params: URLSearchParams): string[] {
  return [...new Set(listParam(params, 'skus').filter((v) => v.length <= MAX_SKU_LENGTH))].slice(0, MAX_VALUES);
}

function amount(text: string | undefined): number | null {
  if (!text || !/^\d{1,8}(\.\d{1,2})?$/.test(text)) return null;
  return Math.min(MAX_PRICE, Number(text));
}

/** 'min-max', 'min-' or '-max' in kronor; anything else is no price filter. */
export function parsePrice(value: string | null): PriceRange | null {
  const match = value?.trim().match(/^([^-]*)-([^-]*)$/);
  if (!match) return null;
  const [, minText, maxText] = match;
  let min = minText ? amount(minText) : null;
  let max = maxText ? amount(maxText) : null;
  if ((minText && min === null) || (maxText && max === null) || (min === null && max === null)) return null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { min, max };
}

export function formatPrice(price: PriceRange): string {
  return `${price.min ?? ''}-${price.max ?? ''}`;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function parseSelection(params: URLSearchParams, rules: SortRules): ListSelection {
  const sortParam = params.get('sort')?.trim().toUpperCase();
  const sort = rules.sorts.find((s) => s === sortParam) ?? rules.defaultSort;
  const page = positiveInt(params.get('page')) ?? 1;
  const askedFrom = positiveInt(params.get('from')) ?? page;
  const from = Math.max(Math.min(askedFrom, page), page - MAX_PAGES_AT_ONCE + 1);
  return {
    categories: ids(params, 'categories'),
    brands: ids(params, 'brands'),
    campaigns: ids(params, 'campaigns'),
    skus: skus(params),
    price: parsePrice(params.get('price')),
    sort,
    from,
    page,
  };
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

const firstPage = { from: 1, page: 1 };

/** Any change of filter or sort starts the list from its first page again. */
export function toggled(selection: ListSelection, dimension: ValueDimension, value: number | string): ListSelection {
  const values = selection[dimension] as (number | string)[];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return { ...selection, [dimension]: next, ...firstPage };
}

export function withPrice(selection: ListSelection, price: PriceRange | null): ListSelection {
  const empty = !price || (price.min === null && price.max === null);
  return { ...selection, price: empty ? null : price, ...firstPage };
}

export function withSort(selection: ListSelection, sort: ProductSort): ListSelection {
  return { ...selection, sort, ...firstPage };
}

export function withoutFilters(selection: ListSelection): ListSelection {
  return { ...selection, categories: [], brands: [], campaigns: [], skus: [], price: null, ...firstPage };
}

export function activeFilterCount(selection: ListSelection): number {
  return selection.categories.length + selection.brands.length + selection.campaigns.length + selection.skus.length + (selection.price ? 1 : 0);
}

/** Pages from..page clamped to the pages that exist (an old link may point past the end of a shorter list). */
export function clampPages(selection: ListSelection, count: number): ListSelection {
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (selection.page <= lastPage) return selection;
  const span = selection.page - selection.from;
  return { ...selection, page: lastPage, from: Math.max(1, lastPage - span) };
}

/** The filter part of the API input (no sort or paging: facets and count do not depend on them). */
export function selectionFilter(selection: ListSelection): FilterInputType {
  const filter: FilterInputType = {};
  if (selection.categories.length) filter.categoryIds = selection.categories;
  if (selection.brands.length) filter.brandIds = selection.brands;
  if (selection.campaigns.length) filter.discountCampaignIds = selection.campaigns;
  if (selection.skus.length) filter.skus = selection.skus;
  if (selection.price) {
    filter.price = {};
    if (selection.price.min !== null) filter.price.min = selection.price.min;
    if (selection.price.max !== null) filter.price.max = selection.price.max;
  }
  return filter;
}
