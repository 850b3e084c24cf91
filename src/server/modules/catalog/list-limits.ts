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

export const clampLimit = (limit: number | null | undefined, fallback: number, max: number) =>
  Math.min(max, Math.max(1, limit ?? fallback));
