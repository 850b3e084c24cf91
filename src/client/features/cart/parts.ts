// The pieces the checkout shows the cart with, and the live updates' way into the cart's one owner. A surface of
// their own, not index.ts: the header imports index.ts, so everything it re-exports rides in the first route's JS;
// these load with the checkout page, the opened cart panel and the live updates instead.
export { CartLines } from './CartLines';
export { GiftCardForm, PromoCodeForm } from './CartCodeForm';
export { PromoCodeShippingNote } from './PromoCodeShippingNote';
export { offerLiveCart, readCartAgain } from './outbox/runtime';
export type { KeptCart } from './cart-store';
