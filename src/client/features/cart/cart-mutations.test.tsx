// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ref } from 'valtio';
import { IntlProvider } from '../../i18n/intl';
import { catalogs } from '../../i18n/intl-test-kit';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopProvider } from '../../lib/shop-context';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { CartDocument } from '../../graphql/generated/documents/Cart';
import { createCache } from '../../lib/apollo';
import { defaultPersistedState } from '../../lib/persisted-state';
import { cartReportsSent } from '../analytics';
import { testCart, testLine } from './cart-test-kit';
import { useAddToCart } from './use-add-to-cart';
import { useUpdateCartItem } from './use-update-cart-item';
import { stopCartOutbox } from './outbox/runtime';
import { cartState, outboxState, setOutboxEntries, setSettledEntries } from './cart-store';

const channel = { channelId: '1|se', languageId: 'sv' } as const;

/** An Apollo client whose server answers every cart mutation with the next given cart. */
function shopWith(answers: CartFieldsFragment[], gtmId: string | null = 'GTM-TEST1') {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push(operation.variables);
        const field = operation.operationName === 'AddToCart' ? 'addToCart' : 'updateCartItem';
        observer.next({ data: { [field]: answers.shift() } });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ cache: createCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <IntlProvider locale="sv-SE" messages={catalogs.sv}>
        <ShopProvider value={{ variant: 'games', gtmId, demo: false, demoNoticeClosed: false, origin: 'http://shop.test', persisted: defaultPersistedState(), cookieConsent: true }}>{children}</ShopProvider>
      </IntlProvider>
    </ApolloProvider>
  );
  return { client, wrapper, sent };
}

/** What was pushed once every report asked for has gone out (their code loads at the first). */
const events = async () => {
  await cartReportsSent();
  return (window.dataLayer ?? []).filter((entry) => 'event' in entry);
};

describe('cart mutations report to the tag manager what the server changed', () => {
  beforeEach(async () => {
    stopCartOutbox();
    // Each case starts with an empty outbox, as a fresh device would.
    await clear(createStore('retro-cart', 'outbox'));
    setOutboxEntries([]);
    setSettledEntries([]);
    outboxState.serverCart = null;
    delete window.dataLayer;
    cartState.id = '';
    document.cookie = 'ralph-cart=; max-age=0; path=/';
  });
  afterEach(() => {
    cleanup();
    stopCartOutbox();
  });

  it('the first add starts a cart and reports the units the answer holds', async () => {
    const { wrapper } = shopWith([testCart('cart-1', [testLine(1, 1)])]);
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(1));
    expect(await events()).toEqual([
      { event: 'Add to Cart', ecommerce: { currencyCode: 'SEK', add: { products: [expect.objectContaining({ id: 'ART-1', quantity: 1, price: 199 })] } } },
    ]);
    expect(cartState.id).toBe('cart-1');
  });

  it('an add the stock refused reports nothing', async () => {
    const { client, wrapper } = shopWith([testCart('cart-1', [testLine(1, 3)])]);
    cartState.id = 'cart-1';
    client.writeQuery({ query: CartDocument, variables: { id: 'cart-1', ...channel }, data: { __typename: 'Query', getCart: testCart('cart-1', [testLine(1, 3)]) } });
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(1));
    expect(await events()).toEqual([]);
  });

  it('lowering and removing lines report Remove from Cart with the units taken out, against the cached cart', async () => {
    const { client, wrapper, sent } = shopWith([testCart('cart-1', [testLine(1, 1), testLine(2, 1)]), testCart('cart-1', [testLine(1, 1)])]);
    cartState.id = 'cart-1';
    client.writeQuery({ query: CartDocument, variables: { id: 'cart-1', ...channel }, data: { __typename: 'Query', getCart: testCart('cart-1', [testLine(1, 3), testLine(2, 1)]) } });
    const { result } = renderHook(() => useUpdateCartItem(), { wrapper });
    await act(() => result.current.setQuantity(1, 1));
    await act(() => result.current.setQuantity(2, 0));
    expect(sent.map((v) => v.item)).toEqual([
      { skuId: 1, quantity: 1 },
      { skuId: 2, quantity: 0 },
    ]);
    expect(await events()).toEqual([
      { event: 'Remove from Cart', ecommerce: { currencyCode: 'SEK', remove: { products: [expect.objectContaining({ id: 'ART-1', quantity: 2 })] } } },
      { event: 'Remove from Cart', ecommerce: { currencyCode: 'SEK', remove: { products: [expect.objectContaining({ id: 'ART-2', quantity: 1 })] } } },
    ]);
    // The answer replaced the cached cart the panel shows.
    expect(client.readQuery({ query: CartDocument, variables: { id: 'cart-1', ...channel } })?.getCart.items.map((i) => i.skuId)).toEqual([1]);
  });

  it('a change made offline is reported once, when made, and not again when it is replayed', async () => {
    const { client, wrapper, sent } = shopWith([testCart('cart-1', [testLine(1, 3)]), testCart('cart-1', [testLine(1, 3), testLine(2, 1)])]);
    cartState.id = 'cart-1';
    document.cookie = 'ralph-cart=cart-1; path=/';
    client.writeQuery({ query: CartDocument, variables: { id: 'cart-1', ...channel }, data: { __typename: 'Query', getCart: testCart('cart-1', [testLine(1, 1), testLine(2, 1)]) } });
    outboxState.serverCart = ref({ cart: testCart('cart-1', [testLine(1, 1), testLine(2, 1)]), languageId: 'sv', asOf: 1, receivedAt: 1 });
    let online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    try {
      const { result } = renderHook(() => ({ add: useAddToCart(), update: useUpdateCartItem() }), { wrapper });
      await act(() => result.current.add.add(1, 2));
      await act(() => result.current.update.setQuantity(2, 0));
      const made = [
        { event: 'Add to Cart', ecommerce: { currencyCode: 'SEK', add: { products: [expect.objectContaining({ id: 'ART-1', quantity: 2 })] } } },
        { event: 'Remove from Cart', ecommerce: { currencyCode: 'SEK', remove: { products: [expect.objectContaining({ id: 'ART-2', quantity: 1 })] } } },
      ];
      expect(await events()).toEqual(made);
      expect(sent).toEqual([]);

      online = true;
      window.dispatchEvent(new Event('online'));
      await act(async () => {
        for (let turns = 0; outboxState.entries.length > 0 && turns < 500; turns++) await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(sent).toHaveLength(2);
      expect(outboxState.entries).toEqual([]);
      expect(await events()).toEqual(made);
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
  });

  it('pushes nothing without a container id', async () => {
    const { wrapper } = shopWith([testCart('cart-1', [testLine(1, 1)])], null);
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(1));
    await cartReportsSent();
    expect(window.dataLayer).toBeUndefined();
  });
});
