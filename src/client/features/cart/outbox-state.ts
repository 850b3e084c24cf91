import { proxy, ref } from 'valtio';
import type { CartFieldsFragment, PriceFieldsFragment, StockFieldsFragment } from '../../graphql/generated/operations';

/**
 * A cart change as the shopper meant it, replayed onto whatever the server's cart is by then: add units, set a
 * line's quantity (0 removes it), set a code ('' removes it). Never a copy of a whole cart, so changes made
 * meanwhile from another device are kept.
 */
export type CartIntent =
  | { kind: 'add'; skuId: number; quantity: number }
  | { kind: 'set'; skuId: number; quantity: number }
  | { kind: 'promo'; code: string }
  | { kind: 'giftCard'; code: string };

/** How an added line looks until the server answers, taken from the page the shopper added it from. */
export interface LinePreview {
  product: {
    productId: number;
    name: string;
    alias: string;
    canonicalUrl: string;
    images: readonly string[] | null;
    brand: { brandId: number; name: string } | null;
    primaryCategory?: { categoryId: number; name: string } | null;
  };
  sku: { skuId: number; articleNumber?: string; name?: string; stock: StockFieldsFragment };
  unitPrice: PriceFieldsFragment;
}

/** One change waiting in the outbox. Its key goes with every attempt, so the server applies it once. */
export interface OutboxEntry {
  key: string;
  /** Replay order: the order the shopper made the changes in, across tabs. */
  seq: number;
  intent: CartIntent;
  preview: LinePreview | null;
  queuedAt: number;
  /** Failed attempts of any kind (they set the backoff). */
  tries: number;
  /** Failed attempts the server answered (5xx, 429): only these count towards giving up. */
  serverFailures: number;
  /** Not retried by the timer before this (ms since the epoch); start, online and visibility retry at once. */
  nextAttemptAt: number;
}

/**
 * What the cart UI needs of the outbox, in the entry chunk: the waiting changes, the last cart the server
 * answered (so an offline reload still shows the cart) and whether the browser is online. The outbox itself
 * (IndexedDB, replay) loads after the first render and fills this in.
 */
export const outboxState = proxy({
  entries: ref([] as OutboxEntry[]),
  serverCart: null as ReturnType<typeof ref<CartFieldsFragment>> | null,
  online: true,
});

// Both are replaced whole, never changed in place: kept as plain objects (not proxied), read as they are.
export function setOutboxEntries(entries: OutboxEntry[]): void {
  outboxState.entries = ref(entries);
}

export function setServerCart(cart: CartFieldsFragment): void {
  outboxState.serverCart = ref(cart);
}
