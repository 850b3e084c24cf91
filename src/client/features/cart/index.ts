// What the rest of the client may use of the cart: the header's mini cart and panel, adding to it, and the cart
// id the checkout saves against. The pieces the checkout shows the cart with are in parts.ts.
export { CartPanel } from './CartPanel';
export { MiniCart } from './MiniCart';
export { useAddToCart } from './use-add-to-cart';
export { useCart, useCartQueryFailure } from './use-cart';
// The one owner of the cart (id, kept cart, waiting changes); sign-out empties it and its tests look there.
export { cartState, forgetCart, forgetCartHere, loadCartId, OUTBOX_DB, outboxState, storeCartId } from './cart-store';
// The live updates' way into the cart's owner (features/live): two small functions that load the outbox's runtime
// when first called (here rather than in parts.ts, whose chunk the checkout's first JS would then carry apart).
export { offerLiveCart, readCartAgain } from './live-cart';
export type { KeptCart } from './cart-store';
