import type { CartSnapshot } from './cart-events';
import { personalisationTarget, type PersonalisationEvent } from './personalisation';

/** SEK to EUR, to the cent. */
export function toEur(sek: number, rate: number): number {
  return Math.round(sek * rate * 100) / 100;
}

/** The personalisation event for one SKU's change between the cart before and the server's answer, or null. */
export function cartLineEvent(before: CartSnapshot | null, after: CartSnapshot, skuId: number, rate: number): PersonalisationEvent | null {
  const old = before?.items.find((l) => l.skuId === skuId);
  const now = after.items.find((l) => l.skuId === skuId);
  const previousQuantity = old?.quantity ?? 0;
  const quantity = now?.quantity ?? 0;
  const line = now ?? old;
  if (!line || quantity === previousQuantity) return null;
  return {
    type: previousQuantity === 0 ? 'cartLineAdded' : quantity === 0 ? 'cartLineRemoved' : 'cartLineUpdated',
    articleNumber: line.sku.articleNumber,
    productId: line.product.productId,
    quantity,
    previousQuantity,
    unitPrice: { amount: toEur(line.unitPrice.sellingPriceIncVat, rate), currency: 'EUR' },
  };
}

/** A confirmed cart change of one SKU to the personalisation service, when it is on and the shopper consented. */
export function reportCartLine(before: CartSnapshot | null, after: CartSnapshot, skuId: number): void {
  const target = personalisationTarget();
  if (!target) return;
  const event = cartLineEvent(before, after, skuId, target.eurPerSek);
  if (event) target.sink.send(event);
}
