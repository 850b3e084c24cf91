/** What other features may use of the catalog: the product grid, and how a stored list becomes a products filter. */
export { ProductGrid } from './ProductCard';
export { selectionFilter } from './list/sources';
