import type { PersonalisationSettings } from '../../../shared/telemetry';

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

/**
 * Where events go now and the rate for cart amounts; null while off or without the shopper's consent. The cart's
 * events are computed apart (personalisation-cart.ts), with the code that reports a cart change after it happened.
 */
export function personalisationTarget(): { sink: PersonalisationSink; eurPerSek: number } | null {
  return sink === noPersonalisation || !consented ? null : { sink, eurPerSek };
}

export function reportCustomerEvent(type: 'login' | 'register' | 'logout'): void {
  if (consented) sink.send({ type });
}
