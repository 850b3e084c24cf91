import { useMutation } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { notify, openPanel } from '../../lib/ui-state';
import { useChannelVariables } from '../../hooks/use-language';
import { AddToCartDocument } from '../../graphql/generated/operations';
import { assumedCartBefore, useCartEvents, type CartSnapshot } from '../analytics';
import { cartState, loadCartId, storeCartId } from './cart-id';
import { readCachedCart, writeCart } from './write-cart';

/**
 * Adds a SKU and shows the outcome: the server's warnings (stock limits, pre-order delivery) as snackbar
 * messages, otherwise the cart panel. Resolves to true when the cart changed without a blocking warning.
 */
export function useAddToCart(): { add: (skuId: number, quantity?: number) => Promise<boolean>; adding: boolean } {
  const [mutate, { loading }] = useMutation(AddToCartDocument);
  const channel = useChannelVariables();
  const intl = useIntl();
  const report = useCartEvents();
  const add = async (skuId: number, quantity = 1): Promise<boolean> => {
    // Filled in by the cache update, just before the answer overwrites it.
    const seen: { before: CartSnapshot | null } = { before: null };
    try {
      const { data } = await mutate({
        variables: { id: cartState.id || loadCartId(), item: { skuId, quantity }, idempotencyKey: crypto.randomUUID(), ...channel },
        update: (cache, result) => {
          if (!result.data) return;
          seen.before = readCachedCart(cache, result.data.addToCart.id, channel);
          writeCart(cache, result.data.addToCart, channel);
        },
      });
      if (!data) throw new Error('No cart in the answer');
      const cart = data.addToCart;
      storeCartId(cart.id);
      report(seen.before ?? assumedCartBefore(cart, skuId, quantity), cart, skuId);
      const blocking = cart.warnings.filter((w) => w.skuId === skuId && (w.code === 'ALREADY_AT_STOCK' || w.code === 'STOCK_LIMIT'));
      for (const warning of cart.warnings) notify(warning.message, blocking.includes(warning) ? 'error' : 'info');
      if (blocking.length === 0) openPanel('cart');
      return blocking.length === 0;
    } catch {
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
      return false;
    }
  };
  return { add, adding: loading };
}
