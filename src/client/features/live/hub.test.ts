import { describe, expect, it } from 'vitest';
import { addedProducts, WatchHub, type WatchSet } from './hub';

const sv = { channelId: '1|se', languageId: 'sv' };
const en = { channelId: '2|en', languageId: 'en' };

describe("the leader's union of the tabs' watch sets", () => {
  it('holds every SKU, product and cart any open tab shows, each once, and forgets a tab that is gone', () => {
    const hub = new WatchHub();
    const page: WatchSet = { ...sv, cart: 'c1', products: [{ productId: 2, skuIds: [21, 22], summary: true }, { productId: 1, skuIds: [11], summary: true }] };
    const cartTab: WatchSet = { ...sv, cart: 'c1', products: [{ productId: 3, skuIds: [31], summary: false }, { productId: 2, skuIds: [22], summary: false }] };
    hub.put('a', page);
    hub.put('b', cartTab);
    const union = hub.union();
    expect(union.skuIds).toEqual([11, 21, 22, 31]);
    expect(union.productIds).toEqual([1, 2, 3]);
    expect(union.carts).toEqual([{ id: 'c1', ...sv }]);
    expect(union.channels).toEqual([{ ...sv, productIds: [1, 2, 3] }]);
    // Only a product of several SKUs whose own stock is shown needs its sum read again.
    expect([...union.summed]).toEqual([2]);

    hub.drop('a');
    expect(hub.union().skuIds).toEqual([22, 31]);
    expect(hub.union().summed.size).toBe(0);
    // A tab's new set replaces its old one.
    hub.put('b', { ...sv, cart: '', products: [] });
    expect(hub.union()).toMatchObject({ skuIds: [], productIds: [], carts: [], channels: [] });
  });

  it('keeps a cart and the products once per language the tabs show them in (texts and prices are per language)', () => {
    const hub = new WatchHub();
    hub.put('a', { ...sv, cart: 'c1', products: [{ productId: 1, skuIds: [11], summary: true }] });
    hub.put('b', { ...en, cart: 'c1', products: [{ productId: 1, skuIds: [11], summary: true }, { productId: 4, skuIds: [41], summary: true }] });
    const union = hub.union();
    expect(union.carts).toEqual([{ id: 'c1', ...en }, { id: 'c1', ...sv }]);
    expect(union.channels).toEqual([
      { ...sv, productIds: [1] },
      { ...en, productIds: [1, 4] },
    ]);
  });

  it('names the products shown since the last union: they are read once (their subscription came after their data)', () => {
    const hub = new WatchHub();
    hub.put('a', { ...sv, cart: '', products: [{ productId: 1, skuIds: [11], summary: true }] });
    const before = hub.union();
    hub.put('b', { ...sv, cart: '', products: [{ productId: 1, skuIds: [11], summary: true }, { productId: 5, skuIds: [51], summary: true }] });
    expect(addedProducts(before, hub.union())).toEqual([5]);
  });
});
