import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { notify } from '../../lib/ui-state';
import { useCartEvents } from '../analytics';
import { forgetLineNote, noteCartWarnings } from './cart-notices';
import { useQueueCartChange } from './use-cart';

/**
 * Sets a line's quantity (0 removes it) for the cart panel and the checkout alike, through the outbox: the
 * line shows the new quantity at once, offline too. The server's warnings (stock caps, a promo code that no
 * longer applies) go to the snackbar; the tag manager hears the change the server actually made when it answers
 * in time, otherwise (offline, slow) the change the shopper saw made, once either way.
 */
export function useUpdateCartItem(): { setQuantity: (skuId: number, quantity: number) => Promise<boolean>; updating: boolean } {
  const [updating, setUpdating] = useState(false);
  const intl = useIntl();
  const report = useCartEvents();
  const queue = useQueueCartChange();
  const setQuantity = async (skuId: number, quantity: number): Promise<boolean> => {
    setUpdating(true);
    forgetLineNote(skuId);
    try {
      const { outcome } = await queue({ kind: 'set', skuId, quantity });
      const result = await outcome;
      if (result.kind === 'queued') {
        // Told once, now, from the carts the shopper saw: a replay later (in any tab) reports nothing.
        if (result.after) report(result.before, result.after, skuId);
        return true;
      }
      if (result.kind === 'refused') {
        notify(result.message, 'error');
        return false;
      }
      for (const warning of result.cart.warnings) notify(warning.message, 'info');
      noteCartWarnings(result.cart.warnings);
      // A line is only ever changed from a cart on screen, so the earlier quantity is known.
      if (result.before) report(result.before, result.cart, skuId);
      return true;
    } catch {
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
      return false;
    } finally {
      setUpdating(false);
    }
  };
  return { setQuantity, updating };
}
