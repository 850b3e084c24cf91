import { describe, expect, it } from 'vitest';
import type { ProductPageQuery, StockStatus } from '../../graphql/generated/operations';
import { productJsonLd } from './product-json-ld';

type Product = NonNullable<ProductPageQuery['product']>;
type Sku = Product['skus'][number];

const price = (kronor: number): Sku['price'] => ({
  __typename: 'Price',
  isDiscounted: false,
  regularPriceIncVatFormatted: `${kronor} kr`,
  sellingPriceIncVatFormatted: `${kronor} kr`,
  regularPriceExVatFormatted: `${kronor * 0.8} kr`,
  sellingPriceExVatFormatted: `${kronor * 0.8} kr`,
  sellingPriceIncVat: kronor,
  sellingPriceExVat: kronor * 0.8,
  discountPercentage: 0,
});

const stock = (status: StockStatus, totalStock: number): Sku['stock'] => ({
  __typename: 'Stock',
  inStock: totalStock > 0,
  oversellable: status === 'OVERSELLABLE',
  totalStock,
  static: false,
  incoming: null,
  status,
});

const sku = (skuId: number, name: string, kronor: number, status: StockStatus, total: number): Sku => ({
  __typename: 'Sku',
  skuId,
  articleNumber: `RG-000001-${skuId}`,
  name,
  price: price(kronor),
  stock: stock(status, total),
});

function product(skus: Sku[]): Product {
  return {
    __typename: 'Product',
    productId: 1,
    name: 'Super </script> Kart',
    alias: 'super-kart',
    canonicalUrl: '/p/super-kart',
    images: ['p1-1.svg', 'p1-2.svg'],
    unitPrice: price(199),
    brand: { __typename: 'Brand', brandId: 1, name: 'Nintendo', alias: 'nintendo', canonicalUrl: '/b/nintendo' },
    stock: stock('IN_STOCK', 14),
    description: 'Racing.',
    specification: '',
    extraInformation: '',
    vatRate: 25,
    primaryCategory: { __typename: 'Category', categoryId: 3, name: 'SNES', canonicalUrl: '/c/snes' },
    parameters: [],
    discountCampaigns: [],
    skus,
    alternates: [],
    relatedProducts: [],
  };
}

describe('productJsonLd', () => {
  it('lists every SKU as an offer with its price and availability under an AggregateOffer', () => {
    const text = productJsonLd(
      product([
        sku(1, 'Endast kassett', 199, 'FEW_LEFT', 2),
        sku(2, 'Komplett i kartong', 399, 'OUT_OF_STOCK', 0),
        sku(3, 'Ny och inplastad', 1199, 'IN_STOCK', 12),
        sku(4, 'Begagnad', 99, 'OVERSELLABLE', 0),
      ]),
      'https://shop.example',
    );
    const data = JSON.parse(text);
    expect(data['@type']).toBe('Product');
    expect(data.image).toEqual(['https://shop.example/images/p1-1.svg', 'https://shop.example/images/p1-2.svg']);
    expect(data.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '99.00', highPrice: '1199.00', offerCount: 4, priceCurrency: 'SEK' });
    expect(data.offers.offers.map((o: { sku: string; price: string; availability: string }) => [o.sku, o.price, o.availability])).toEqual([
      ['RG-000001-1', '199.00', 'https://schema.org/LimitedAvailability'],
      ['RG-000001-2', '399.00', 'https://schema.org/OutOfStock'],
      ['RG-000001-3', '1199.00', 'https://schema.org/InStock'],
      ['RG-000001-4', '99.00', 'https://schema.org/BackOrder'],
    ]);
  });

  it('cannot close the script element it is written into', () => {
    const text = productJsonLd(product([sku(1, 'Endast kassett', 199, 'IN_STOCK', 9)]), 'https://shop.example');
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe('Super </script> Kart');
  });
});
