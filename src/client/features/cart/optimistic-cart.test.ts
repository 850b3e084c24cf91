import { describe, expect, it } from 'vitest';
import { testCart, testLine, testPrice } from './cart-test-kit';
import { optimisticCart, pendingCode, pendingSkus } from './optimistic-cart';
import type { CartIntent, LinePreview, OutboxEntry } from './cart-store';

let seq = 0;
const entry = (intent: CartIntent, preview: LinePreview | null = null): OutboxEntry => ({
  key: `key-${++seq}`,
  seq,
  intent,
  preview,
  queuedAt: 0,
  tries: 0,
  serverFailures: 0,
  nextAttemptAt: 0,
});

const preview: LinePreview = {
  product: { productId: 90, name: 'Game 9', alias: 'game-9', canonicalUrl: '/p/game-9', images: null, brand: { brandId: 1, name: 'Sega' } },
  sku: { skuId: 9, stock: { __typename: 'Stock', inStock: true, oversellable: false, totalStock: 3, static: false, incoming: null, status: 'FEW_LEFT' } },
  unitPrice: testPrice(100),
};

describe('the cart the shopper sees while changes wait', () => {
  it('is the server cart when nothing waits', () => {
    const server = testCart('c', [testLine(1, 1)]);
    expect(optimisticCart(server, [], 'sv')).toBe(server);
    expect(optimisticCart(null, [], 'sv')).toBeNull();
  });

  it('lays adds, new quantities and removals on the server cart in order, and moves goods and total by them', () => {
    const server = testCart('c', [testLine(1, 1, 200), testLine(2, 2, 50)]);
    const entries = [entry({ kind: 'add', skuId: 1, quantity: 2 }), entry({ kind: 'set', skuId: 2, quantity: 0 }), entry({ kind: 'add', skuId: 9, quantity: 1 }, preview)];
    const cart = optimisticCart(server, entries, 'sv')!;
    expect(cart.items.map((l) => [l.skuId, l.quantity])).toEqual([
      [1, 3],
      [9, 1],
    ]);
    expect(cart.items[0]!.totalPrice.sellingPriceIncVat).toBe(600);
    expect(cart.items[1]!.product.name).toBe('Game 9');
    expect(cart.summary.subTotal.sellingPriceIncVat).toBe(700);
    // The server's total (0 in the test cart) moves by what the goods moved: 700 - 300.
    expect(cart.summary.total.sellingPriceIncVat).toBe(400);
    expect(cart.summary.subTotal.sellingPriceIncVatFormatted.replace(/\s/g, ' ')).toBe('700 kr');
    expect(cart.warnings).toEqual([]);
  });

  it('starts from an empty cart for a shopper without one, and knows which lines and codes wait', () => {
    const entries = [entry({ kind: 'add', skuId: 9, quantity: 2 }, preview), entry({ kind: 'promo', code: 'RETRO10' }), entry({ kind: 'add', skuId: 5, quantity: 1 })];
    const cart = optimisticCart(null, entries, 'en')!;
    expect(cart.id).toBe('');
    // A line added without a picture of it shows once the server answers.
    expect(cart.items.map((l) => [l.skuId, l.quantity])).toEqual([[9, 2]]);
    expect([...pendingSkus(entries)]).toEqual([9, 5]);
    expect(pendingCode(entries, 'promo')).toBe('RETRO10');
    expect(pendingCode(entries, 'giftCard')).toBeNull();
  });
});
