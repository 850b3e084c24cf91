import type { ProductPageQuery, StockStatus } from '../../graphql/generated/operations';
import { scriptJson } from '../../../shared/script-json';

type Product = NonNullable<ProductPageQuery['product']>;

const SCHEMA = 'https://schema.org/';

/** schema.org availability for each stock state the shop shows. */
const AVAILABILITY: Record<StockStatus, string> = {
  IN_STOCK: `${SCHEMA}InStock`,
  STATIC: `${SCHEMA}InStock`,
  FEW_LEFT: `${SCHEMA}LimitedAvailability`,
  OVERSELLABLE: `${SCHEMA}BackOrder`,
  INCOMING: `${SCHEMA}OutOfStock`,
  OUT_OF_STOCK: `${SCHEMA}OutOfStock`,
};

/**
 * Product structured data with one Offer per SKU under an AggregateOffer, prices including VAT as shoppers
 * pay them. The result goes into a <script> element (scriptJson: the text cannot close it early).
 */
export function productJsonLd(product: Product, origin: string): string {
  const url = `${origin}${product.canonicalUrl}`;
  const offers = product.skus.map((sku) => ({
    '@type': 'Offer',
    sku: sku.articleNumber,
    name: sku.name,
    url,
    priceCurrency: 'SEK',
    price: sku.price.sellingPriceIncVat.toFixed(2),
    availability: AVAILABILITY[sku.stock.status],
  }));
  const prices = product.skus.map((sku) => sku.price.sellingPriceIncVat);
  const lowest = prices.length ? Math.min(...prices) : product.unitPrice.sellingPriceIncVat;
  const highest = prices.length ? Math.max(...prices) : product.unitPrice.sellingPriceIncVat;
  return scriptJson({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.skus[0]?.articleNumber,
    image: product.images?.map((file) => `${origin}/images/${file}`),
    description: product.description,
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    category: product.primaryCategory?.name,
    offers: {
      '@type': 'AggregateOffer',
      url,
      priceCurrency: 'SEK',
      lowPrice: lowest.toFixed(2),
      highPrice: highest.toFixed(2),
      offerCount: offers.length,
      offers,
    },
  });
}
