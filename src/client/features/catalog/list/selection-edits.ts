import { FIRST_PAGE, MAX_PAGES_AT_ONCE, type ListSelection, type PriceRange, type SortRules, type ValueDimension } from './selection';

/*
 * What the list's first render does not need of its selection (selection.ts): reading one from a URL, which the
 * loader does, and the filters' changes to it (the filter panel and the chips). One module, so that the loader and
 * the two parts share one chunk. Reading is lenient: anything malformed falls back to the default instead of failing
 * the page.
 */

const MAX_VALUES = 50;
const MAX_SKU_LENGTH = 100;
const MAX_PRICE = 10_000_000;

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

/** Any change of filter starts the list over from its first page. */
export function toggled(selection: ListSelection, dimension: ValueDimension, value: number | string): ListSelection {
  const values = selection[dimension] as (number | string)[];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return { ...selection, [dimension]: next, ...FIRST_PAGE };
}

export function withPrice(selection: ListSelection, price: PriceRange | null): ListSelection {
  const empty = !price || (price.min === null && price.max === null);
  return { ...selection, price: empty ? null : price, ...FIRST_PAGE };
}

export function withoutFilters(selection: ListSelection): ListSelection {
  return { ...selection, categories: [], brands: [], campaigns: [], skus: [], price: null, ...FIRST_PAGE };
}
