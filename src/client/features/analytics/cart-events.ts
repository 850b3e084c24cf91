import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { reportCartLine } from './personalisation-cart';

type CartLine = CartFieldsFragment['items'][number];

/** The part of a cart the events are computed from. */
export type CartSnapshot = Pick<CartFieldsFragment, 'items'>;

export interface EcommerceProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  variant: string;
  price: number;
  quantity: number;
}

export type CartEvent =
  | { event: 'Add to Cart'; ecommerce: { currencyCode: 'SEK'; add: { products: EcommerceProduct[] } } }
  | { event: 'Remove from Cart'; ecommerce: { currencyCode: 'SEK'; remove: { products: EcommerceProduct[] } } };

function productOf(line: CartLine, quantity: number): EcommerceProduct {
  return {
    id: line.sku.articleNumber,
    name: line.product.name,
    brand: line.product.brand?.name ?? '',
    category: line.product.primaryCategory?.name ?? '',
    variant: line.sku.name,
    // The shopper's price per unit (campaign price when one runs), including VAT like the shop's prices.
    price: line.unitPrice.sellingPriceIncVat,
    quantity,
  };
}

/**
 * The tag manager's 'Add to Cart' or 'Remove from Cart' event for one SKU between the cart before a change and the server's
 * answer, or null when its quantity did not move. The delta is what the server applied, so a quantity the
 * stock capped is reported as capped. Only the SKU the shopper touched counts: lines the server itself
 * removed or lowered in the same answer are not the shopper's doing.
 */
export function cartChangeEvent(before: CartSnapshot | null, after: CartSnapshot, skuId: number): CartEvent | null {
  const old = before?.items.find((l) => l.skuId === skuId);
  const now = after.items.find((l) => l.skuId === skuId);
  const delta = (now?.quantity ?? 0) - (old?.quantity ?? 0);
  if (delta > 0 && now) {
    return { event: 'Add to Cart', ecommerce: { currencyCode: 'SEK', add: { products: [productOf(now, delta)] } } };
  }
  const line = now ?? old;
  if (delta < 0 && line) {
    return { event: 'Remove from Cart', ecommerce: { currencyCode: 'SEK', remove: { products: [productOf(line, -delta)] } } };
  }
  return null;
}

/** Pushes the event when a container is configured; the ecommerce object is cleared first so GTM's merged
 * data model never carries an earlier add into a later remove. */
export function pushCartEvent(gtmId: string | null, event: CartEvent | null): void {
  if (!gtmId || !event || typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
}

/** A confirmed cart change of one SKU to the tag manager and the personalisation service (use-cart-events.ts). */
export function reportCartChange(gtmId: string | null, before: CartSnapshot | null, after: CartSnapshot, skuId: number): void {
  pushCartEvent(gtmId, cartChangeEvent(before, after, skuId));
  reportCartLine(before, after, skuId);
}
