// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ref } from 'valtio';
import { describe, expect, it } from 'vitest';
import type { PriceFieldsFragment, StockFieldsFragment } from '../graphql/generated/operations';
import { liveCatalog, liveProduct, useLiveProduct, type LiveEntry } from './live-catalog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

  it("keeps the page's product when the news says what the page says", () => {
    const page = { productId: 3, stock: stock(10), unitPrice: price(100), skus: [{ skuId: 31, stock: stock(10), price: price(100) }] };
    const same = liveProduct(page, new Map([[31, { stock: { value: stock(10), asOf: 5 }, price: { value: price(100), asOf: 5 } }]]), new Map([[3, { price: { value: price(100), asOf: 5 } }]]));
    expect(same).toBe(page);
  });

  it('renders a product again only when what it shows changes, not on every change of the catalog', async () => {
    const page = { productId: 4, stock: stock(10), unitPrice: price(100), skus: [{ skuId: 41, stock: stock(10), price: price(100) }] };
    const shown: (typeof page)[] = [];
    function Card() {
      shown.push(useLiveProduct(page));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(createElement(Card)));
    expect(shown).toEqual([page]);
    const take = async (skus: [number, LiveEntry][]) => {
      await act(async () => {
        liveCatalog.skus = ref(new Map(skus));
        liveCatalog.products = ref(new Map());
      });
    };
    // The first catch-up: the same stock as the page's, and news of a product not shown here.
    await take([[41, { stock: { value: stock(10), asOf: 5 } }], [99, { stock: { value: stock(1), asOf: 5 } }]]);
    expect(shown).toHaveLength(1);
    await take([[41, { stock: { value: stock(2), asOf: 6 } }]]);
    expect(shown).toHaveLength(2);
    expect(shown[1]!.stock).toEqual(stock(2));
    // The same news again, in a new catalog: nothing to draw.
    await take([[41, { stock: { value: stock(2), asOf: 7 } }], [99, { stock: { value: stock(0), asOf: 7 } }]]);
    expect(shown).toHaveLength(2);
    await take([]);
    expect(shown).toHaveLength(3);
    expect(shown[2]).toBe(page);
    await act(async () => root.unmount());
  });
});
