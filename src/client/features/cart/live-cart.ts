import type { KeptCart } from './cart-store';

/**
 * The live updates' way into the cart's one owner (features/live): through the outbox's runtime, loaded when first
 * needed, so the pages that show the cart's parts (the checkout) do not carry it in their first JS.
 */
const outbox = () => import('./outbox/runtime');

/** A cart a socket event or the leading tab brought, offered by the one rule (outbox/runtime.ts `offerLive`). */
export async function offerLiveCart(kept: KeptCart, tell: boolean): Promise<void> {
  await (await outbox()).offerLiveCart(kept, tell);
}

/** The cart read again by this tab's getCart path; null without a cart runtime or an answer. */
export async function readCartAgain(): Promise<KeptCart | null> {
  return (await outbox()).readCartAgain();
}
