import { afterEach, describe, expect, it } from 'vitest';
import type { PriceFieldsFragment, StockFieldsFragment } from '../../graphql/generated/operations';
import { liveCatalog, showProduct } from '../../lib/live-catalog';
import { onWatchedChange, takeNews, watchedProducts } from './catalog-news';

const stock = (totalStock: number): StockFieldsFragment => ({ __typename: 'Stock', inStock: totalStock > 0, oversellable: false, totalStock, static: false, incoming: null, status: totalStock >= 5 ? 'IN_STOCK' : totalStock > 0 ? 'FEW_LEFT' : 'OUT_OF_STOCK' });
const price = (incVat: number) => ({ sellingPriceIncVat: incVat }) as PriceFieldsFragment;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop();
});

describe('the news the live updates keep of the catalog', () => {
  it('keeps news of the products shown only, newer over older, and forgets a product once nothing shows it', () => {
    const heard: number[] = [];
    cleanups.push(onWatchedChange(() => heard.push(watchedProducts().length)));
    const first = showProduct(1, [11, 12]);
    const second = showProduct(1, [11]);
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
    first();
    expect(watchedProducts()).toEqual([]);
    expect(heard).toEqual([1, 1, 0]);
    expect(liveCatalog.skus.has(11)).toBe(false);
    expect(liveCatalog.products.has(1)).toBe(false);
  });
});
