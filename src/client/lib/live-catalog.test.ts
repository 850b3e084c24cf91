import { afterEach, describe, expect, it } from 'vitest';
import type { PriceFieldsFragment, StockFieldsFragment } from '../graphql/generated/operations';
import { liveCatalog, liveProduct, takeNews, watchedProducts, watchProduct } from './live-catalog';

const stock = (totalStock: number): StockFieldsFragment => ({ __typename: 'Stock', inStock: totalStock > 0, oversellable: false, totalStock, static: false, incoming: null, status: totalStock >= 5 ? 'IN_STOCK' : totalStock > 0 ? 'FEW_LEFT' : 'OUT_OF_STOCK' });
const price = (incVat: number) => ({ sellingPriceIncVat: incVat }) as PriceFieldsFragment;

const unwatch: (() => void)[] = [];
afterEach(() => {
  for (const stop of unwatch.splice(0)) stop();
});

describe('the live catalog', () => {
  it('keeps news of the products shown only, newer over older, and forgets a product once nothing shows it', () => {
    unwatch.push(watchProduct(1, [11, 12]));
    const second = watchProduct(1, [11]);
    expect(watchedProducts()).toEqual([{ productId: 1, skuIds: [11, 12] }]);
    takeNews([{ productId: 1, skus: [{ skuId: 11, stock: stock(3) }] }, { productId: 9, skus: [{ skuId: 91, stock: stock(1) }] }], 100);
    expect(liveCatalog.skus.get(11)?.stock).toEqual({ value: stock(3), asOf: 100 });
    expect(liveCatalog.skus.has(91)).toBe(false);
    // A read started before the event arrived says less than it: its stock is left out, its price kept.
    takeNews([{ productId: 1, stock: stock(9), unitPrice: price(5), skus: [{ skuId: 11, stock: stock(8), price: price(5) }] }], 90);
    expect(liveCatalog.skus.get(11)).toEqual({ stock: { value: stock(3), asOf: 100 }, price: { value: price(5), asOf: 90 } });
    expect(liveCatalog.products.get(1)).toEqual({ stock: { value: stock(9), asOf: 90 }, price: { value: price(5), asOf: 90 } });
    second();
    expect(liveCatalog.skus.has(11)).toBe(true);
    unwatch.pop()!();
    expect(watchedProducts()).toEqual([]);
    expect(liveCatalog.skus.has(11)).toBe(false);
    expect(liveCatalog.products.has(1)).toBe(false);
  });

  it("lays the news on the page's product: its SKUs, its own stock and price, and a single SKU's stock as the product's", () => {
    const page = {
      productId: 1,
      stock: stock(10),
      unitPrice: price(100),
      skus: [{ skuId: 11, stock: stock(10), price: price(100) }],
    };
    expect(liveProduct(page, new Map(), new Map())).toBe(page);
    const skus = new Map([[11, { stock: { value: stock(2), asOf: 5 } }]]);
    const live = liveProduct(page, skus, new Map([[1, { price: { value: price(80), asOf: 5 }, stock: { value: stock(9), asOf: 4 } }]]));
    expect(live.stock).toEqual(stock(2));
    expect(live.unitPrice).toEqual(price(80));
    expect(live.skus[0]).toEqual({ skuId: 11, stock: stock(2), price: price(100) });
    // A card's SKUs carry no stock: none is added.
    const card = { productId: 2, stock: stock(10), unitPrice: price(100), skus: [{ skuId: 21 }, { skuId: 22 }] };
    const cardLive = liveProduct(card, new Map([[21, { stock: { value: stock(0), asOf: 5 } }]]), new Map());
    expect(cardLive).toBe(card);
  });
});
