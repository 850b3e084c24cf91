import { useShop } from '../../lib/shop-context';
import type { CartSnapshot } from './cart-events';

/**
 * Reports a confirmed cart change of one SKU to the tag manager and the personalisation service (each when on).
 * The events' code loads at the first change rather than with the page: each report goes out a moment later, in
 * the order the changes came. A chunk that does not arrive loses the report, never the change.
 */
export function useCartEvents(): (before: CartSnapshot | null, after: CartSnapshot, skuId: number) => void {
  const { gtmId } = useShop();
  return (before, after, skuId) => {
    reported = reported.then(() => import('./cart-events')).then((events) => events.reportCartChange(gtmId, before, after, skuId)).catch(() => undefined);
  };
}

/** Every report asked for so far, in order; a failed one is skipped. */
let reported = Promise.resolve();

/** Resolves once every cart change reported so far has gone out (for tests that check what was pushed). */
export function cartReportsSent(): Promise<void> {
  return reported;
}

/**
 * When this tab never saw the cart before an add (the cart query had not answered yet), the best guess of
 * the earlier quantity is the answer's minus what was asked for, never below 0.
 */
export function assumedCartBefore(after: CartSnapshot, skuId: number, requested: number): CartSnapshot {
  return {
    items: after.items.map((line) => (line.skuId === skuId ? { ...line, quantity: Math.max(0, line.quantity - requested) } : line)),
  };
}
