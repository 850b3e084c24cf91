import { describe, expect, it } from 'vitest';
import type { PriceFieldsFragment, StockFieldsFragment } from '../graphql/generated/operations';
import { liveProduct } from './live-catalog';

const stock = (totalStock: number): StockFieldsFragment => ({ __typename: 'Stock', inStock: totalStock > 0, oversellable: false, totalStock, static: false, incoming: null, status: totalStock >= 5 ? 'IN_STOCK' : totalStock > 0 ? 'FEW_LEFT' : 'OUT_OF_STOCK' });
const price = (incVat: number) => ({ sellingPriceIncVat: incVat }) as PriceFieldsFragment;

describe('the live catalog', () => {
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
