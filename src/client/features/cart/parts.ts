// The pieces the checkout shows the cart with. A surface of their own, not index.ts: the header imports index.ts,
// so everything it re-exports rides in the first route's JS; these load with the checkout page and the opened
// cart panel instead.
export { CartLines } from './CartLines';
export { GiftCardForm, PromoCodeForm } from './CartCodeForm';
export { PromoCodeShippingNote } from './PromoCodeShippingNote';
