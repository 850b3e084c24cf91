/**
 * The catalog: categories, brands, products and their SKUs, discount campaigns, list filters and search. This is
 * what other modules and the composition roots (app.ts) may use; graphql/schema.ts takes the resolvers from resolvers.ts; the store,
 * the SQL builder and the loaders' internals stay inside.
 */
export { catalogLoaders, createCatalogLoaders, type CatalogLoaders } from './loaders';
export { priceOf } from './price';
export { skuDisplayName, type SkuNaming } from './sku-display-name';
export { categoryPictureFacts, productPictureFacts, readCatalogVersion } from './catalog-store';
export type { CategoryPictureFacts, ProductPictureFacts } from './models';
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RELATED_PRODUCTS,
  DEFAULT_SEARCH_SUGGESTIONS,
  MAX_FILTER_SKU_NAMES,
  MAX_PAGE_SIZE,
  MAX_RELATED_PRODUCTS,
  MAX_SEARCH_SUGGESTIONS,
} from './list-limits';
