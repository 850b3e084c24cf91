import type { PersonalisationSettings } from '../../../shared/telemetry';
import type { CartFieldsFragment } from '../../graphql/generated/operations';

type CartSnapshot = Pick<CartFieldsFragment, 'items'>;

/**
 * Cart and customer events for a personalisation service. Cart amounts go in EUR (the service's currency),
 * converted from the shop's SEK at the configured rate.
 */
export type PersonalisationEvent =
  | {
      type: 'cartLineAdded' | 'cartLineUpdated' | 'cartLineRemoved';
      articleNumber: string;
      productId: number;
      quantity: number;
      previousQuantity: number;
      unitPrice: { amount: number; currency: 'EUR' };
    }
  | { type: 'login' | 'register' | 'logout' };

/** Where the events go. One real sink (HTTP POST); the default sends nothing. */
export interface PersonalisationSink {
  send(event: PersonalisationEvent): void;
}

export const noPersonalisation: PersonalisationSink = { send: () => undefined };

/**
 * POSTs each event as JSON, without the shop's cookies; a failure loses that event, never the shopper's action.
 * keepalive lets the logout's event leave with the page.
 */
export function httpPostSink(url: string, post: typeof fetch = (...args) => fetch(...args)): PersonalisationSink {
  return {
    send(event) {
      post(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event), credentials: 'omit', keepalive: true }).catch(
        () => undefined,
      );
    },
  };
}

let sink: PersonalisationSink = noPersonalisation;
let eurPerSek = 0;
let consented = false;

/**
 * Off (the no-op sink) unless the server configured a URL. Even then a shopper's cart and sign-ins go to another
 * service only with their cookie consent: `consent` is the stored choice, and a later one comes through
 * allowPersonalisation.
 */
export function configurePersonalisation(settings: PersonalisationSettings | null, consent: boolean, chosen?: PersonalisationSink): void {
  sink = settings ? (chosen ?? httpPostSink(settings.url)) : noPersonalisation;
  eurPerSek = settings?.eurPerSek ?? 0;
  consented = consent;
}

export function allowPersonalisation(allowed: boolean): void {
  consented = allowed;
}

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

export function reportCartLine(before: CartSnapshot | null, after: CartSnapshot, skuId: number): void {
  if (sink === noPersonalisation || !consented) return;
  const event = cartLineEvent(before, after, skuId, eurPerSek);
  if (event) sink.send(event);
}

export function reportCustomerEvent(type: 'login' | 'register' | 'logout'): void {
  if (consented) sink.send({ type });
}
