// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopProvider } from '../../lib/shop-context';
import { defaultPersistedState } from '../../lib/persisted-state';
import { testLine as line, type CartLine } from '../cart/cart-test-kit';
import { cartChangeEvent, pushCartEvent, type CartSnapshot } from './cart-events';
import { assumedCartBefore, cartReportsSent, useCartEvents } from './use-cart-events';

const cart = (...items: CartLine[]): CartSnapshot => ({ items });

const product = (skuId: number, quantity: number, unit = 199) => ({
  id: `ART-${skuId}`,
  name: `Game ${skuId}`,
  brand: 'Nintendo',
  category: 'NES',
  variant: 'PAL',
  price: unit,
  quantity,
});

describe('cartChangeEvent', () => {
  it('reports a new line as Add to Cart with the quantity added', () => {
    expect(cartChangeEvent(cart(), cart(line(1, 2)), 1)).toEqual({
      event: 'Add to Cart',
      ecommerce: { currencyCode: 'SEK', add: { products: [product(1, 2)] } },
    });
  });

  it('reports only the units the server added when it capped the quantity', () => {
    // Asked for 5 more, the stock allowed 2.
    const event = cartChangeEvent(cart(line(1, 3)), cart(line(1, 5)), 1);
    expect(event).toMatchObject({ event: 'Add to Cart', ecommerce: { add: { products: [{ quantity: 2 }] } } });
  });

  it('uses the campaign price of the answer', () => {
    const event = cartChangeEvent(cart(line(1, 1, 199)), cart(line(1, 2, 149)), 1);
    expect(event).toMatchObject({ ecommerce: { add: { products: [{ price: 149, quantity: 1 }] } } });
  });

  it('reports a lowered quantity as Remove from Cart with the units taken out', () => {
    expect(cartChangeEvent(cart(line(1, 4)), cart(line(1, 1)), 1)).toEqual({
      event: 'Remove from Cart',
      ecommerce: { currencyCode: 'SEK', remove: { products: [product(1, 3)] } },
    });
  });

  it('describes a removed line from the cart before, since the answer no longer has it', () => {
    expect(cartChangeEvent(cart(line(1, 2), line(2, 1)), cart(line(2, 1)), 1)).toEqual({
      event: 'Remove from Cart',
      ecommerce: { currencyCode: 'SEK', remove: { products: [product(1, 2)] } },
    });
  });

  it('reports nothing when the quantity did not change (at stock, or a refused change)', () => {
    expect(cartChangeEvent(cart(line(1, 3)), cart(line(1, 3)), 1)).toBeNull();
    expect(cartChangeEvent(cart(), cart(), 1)).toBeNull();
  });

  it('ignores lines the server changed on its own in the same answer', () => {
    // SKU 2 was removed by the server (no longer sold) while the shopper added SKU 1.
    const event = cartChangeEvent(cart(line(2, 1)), cart(line(1, 1)), 1);
    expect(event).toMatchObject({ event: 'Add to Cart', ecommerce: { add: { products: [{ id: 'ART-1', quantity: 1 }] } } });
  });

  it('guesses the cart before an add it never saw as the answer minus what was asked for', () => {
    const after = cart(line(1, 3), line(2, 1));
    expect(cartChangeEvent(assumedCartBefore(after, 1, 1), after, 1)).toMatchObject({ ecommerce: { add: { products: [{ quantity: 1 }] } } });
    // Asked for 5, got 3: never below zero.
    expect(cartChangeEvent(assumedCartBefore(after, 1, 5), after, 1)).toMatchObject({ ecommerce: { add: { products: [{ quantity: 3 }] } } });
  });
});

describe('pushing cart events', () => {
  beforeEach(() => {
    delete window.dataLayer;
  });
  afterEach(cleanup);

  const added = cartChangeEvent(cart(), cart(line(1, 1)), 1);
  const removed = cartChangeEvent(cart(line(1, 1)), cart(), 1);

  it('pushes to the data layer after clearing the previous ecommerce object', () => {
    pushCartEvent('GTM-TEST1', added);
    pushCartEvent('GTM-TEST1', removed);
    expect(window.dataLayer).toEqual([{ ecommerce: null }, added, { ecommerce: null }, removed]);
  });

  it('pushes nothing without a container id or without a change', () => {
    pushCartEvent(null, added);
    expect(window.dataLayer).toBeUndefined();
    pushCartEvent('GTM-TEST1', null);
    expect(window.dataLayer).toBeUndefined();
  });

  function shop(gtmId: string | null) {
    return ({ children }: { children: ReactNode }) => (
      <ShopProvider value={{ variant: 'games', gtmId, demo: false, demoNoticeClosed: false, origin: 'http://shop.test', persisted: defaultPersistedState(), cookieConsent: true }}>{children}</ShopProvider>
    );
  }

  it('useCartEvents reports through the configured container only, in the order of the changes', async () => {
    const off = renderHook(() => useCartEvents(), { wrapper: shop(null) });
    off.result.current(cart(), cart(line(1, 1)), 1);
    const on = renderHook(() => useCartEvents(), { wrapper: shop('GTM-TEST1') });
    on.result.current(cart(line(1, 2)), cart(line(1, 1)), 1);
    on.result.current(cart(line(1, 1)), cart(line(1, 3)), 1);
    // The events' code loads at the first change.
    await cartReportsSent();
    expect(window.dataLayer?.filter((e) => 'event' in e)).toEqual([
      { event: 'Remove from Cart', ecommerce: { currencyCode: 'SEK', remove: { products: [product(1, 1)] } } },
      { event: 'Add to Cart', ecommerce: { currencyCode: 'SEK', add: { products: [product(1, 2)] } } },
    ]);
  });
});
