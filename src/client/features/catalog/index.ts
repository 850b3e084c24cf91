/** What other features may use of the catalog: the product grid. */
export { ProductGrid } from './ProductCard';
