import { useMutation } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { notify } from '../../lib/ui-state';
import { useChannelVariables } from '../../hooks/use-language';
import { UpdateCartItemDocument } from '../../graphql/generated/operations';
import { useCartEvents, type CartSnapshot } from '../analytics';
import { cartState } from './cart-id';
import { readCachedCart, writeCart } from './write-cart';

/**
 * Sets a line's quantity (0 removes it) for the cart panel and the checkout alike. The server's warnings
 * (stock caps, a promo code that no longer applies) go to the snackbar; the tag manager hears the change
 * the server actually made.
 */
export function useUpdateCartItem(): { setQuantity: (skuId: number, quantity: number) => Promise<boolean>; updating: boolean } {
  const [mutate, { loading }] = useMutation(UpdateCartItemDocument);
  const channel = useChannelVariables();
  const intl = useIntl();
  const report = useCartEvents();
  const setQuantity = async (skuId: number, quantity: number): Promise<boolean> => {
    // Filled in by the cache update, just before the answer overwrites it.
    const seen: { before: CartSnapshot | null } = { before: null };
    try {
      const { data } = await mutate({
        variables: { id: cartState.id, item: { skuId, quantity }, idempotencyKey: crypto.randomUUID(), ...channel },
        update: (cache, result) => {
          if (!result.data) return;
          seen.before = readCachedCart(cache, result.data.updateCartItem.id, channel);
          writeCart(cache, result.data.updateCartItem, channel);
        },
      });
      if (!data) throw new Error('No cart in the answer');
      const cart = data.updateCartItem;
      for (const warning of cart.warnings) notify(warning.message, 'info');
      // A line is only ever changed from a cart on screen, so the earlier quantity is known.
      if (seen.before) report(seen.before, cart, skuId);
      return true;
    } catch {
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
      return false;
    }
  };
  return { setQuantity, updating: loading };
}
