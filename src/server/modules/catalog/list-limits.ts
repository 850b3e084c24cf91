/**
 * How many items each catalog list answers at most. The resolvers clamp to these, and the GraphQL cost limit
 * (graphql/limits/list-sizes.ts) multiplies by them, so a query's estimated cost bounds its real work.
 */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** The product page shows 8; more than a row or two of related products serves no page. */
export const DEFAULT_RELATED_PRODUCTS = 8;
export const MAX_RELATED_PRODUCTS = 24;

export const DEFAULT_SEARCH_SUGGESTIONS = 10;
export const MAX_SEARCH_SUGGESTIONS = 10;

/**
 * How much one list filter may ask for. Each parameter filter is one more correlated subquery, and planning many
 * of them took PGlite 18 s for 200 (the whole process waits meanwhile); id and name lists are one array each but
 * still bounded. The shop's own pages stay far below: a few facets chosen, at most 500 favorites.
 */
export const MAX_FILTER_PARAMETERS = 20;
export const MAX_FILTER_PARAMETER_VALUES = 50;
export const MAX_FILTER_IDS = 500;
export const MAX_FILTER_SKU_NAMES = 100;
/** Deep pages still sort every match; no one pages 10 000 products into a list. */
export const MAX_LIST_OFFSET = 10_000;

export const clampLimit = (limit: number | null | undefined, fallback: number, max: number) =>
  Math.min(max, Math.max(1, limit ?? fallback));
