/** What other features may use of the catalog: the product grid, and a campaign's stamp (the home page's hero). */
export { ProductGrid } from './ProductCard';
export { CampaignStamp } from './CampaignStamp';
