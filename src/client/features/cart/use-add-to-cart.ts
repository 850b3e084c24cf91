import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { notify, openPanel } from '../../lib/ui-state';
import { assumedCartBefore, useCartEvents } from '../analytics';
import type { LinePreview } from './cart-store';
import { forgetLineNote, noteCartWarnings } from './cart-notices';
import { useQueueCartChange } from './use-cart';

/**
 * Adds a SKU through the outbox: the change is kept in IndexedDB before anything says it is in the cart, and
 * shows in the cart at once. When the server answers in time, its warnings (stock limits, pre-order delivery)
 * go to the snackbar and a blocking one keeps the panel shut; offline the panel opens with the line marked as
 * waiting. `preview` draws the line until the server's answer does. Resolves to true unless the add was refused.
 * The tag manager hears of each add once, from this tab: what the server added when it answers in time,
 * otherwise what the shopper saw added.
 */
export function useAddToCart(): { add: (skuId: number, quantity?: number, preview?: LinePreview) => Promise<boolean>; adding: boolean } {
  const [adding, setAdding] = useState(false);
  const intl = useIntl();
  const report = useCartEvents();
  const queue = useQueueCartChange();
  const add = async (skuId: number, quantity = 1, preview?: LinePreview): Promise<boolean> => {
    setAdding(true);
    forgetLineNote(skuId);
    try {
      const { outcome } = await queue({ kind: 'add', skuId, quantity }, preview ?? null);
      const result = await outcome;
      if (result.kind === 'queued') {
        // Told once, now, as the shopper sees it (the tag manager learns of the change when it is made, not when
        // some tab replays it later, which reports nothing): the units the shown cart gained.
        if (result.after) report(result.before, result.after, skuId);
        openPanel('cart');
        return true;
      }
      if (result.kind === 'refused') {
        notify(result.message, 'error');
        return false;
      }
      const { cart, before } = result;
      report(before ?? assumedCartBefore(cart, skuId, quantity), cart, skuId);
      const blocking = cart.warnings.filter((w) => w.skuId === skuId && (w.code === 'ALREADY_AT_STOCK' || w.code === 'STOCK_LIMIT'));
      for (const warning of cart.warnings) notify(warning.message, blocking.includes(warning) ? 'error' : 'info');
      noteCartWarnings(cart.warnings);
      if (blocking.length === 0) openPanel('cart');
      return blocking.length === 0;
    } catch {
      // IndexedDB refused the write (private mode in some browsers, storage full): nothing was queued.
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
      return false;
    } finally {
      setAdding(false);
    }
  };
  return { add, adding };
}
