// What the rest of the client may use of the cart: the header's mini cart and panel, adding to it, and the cart
// id the checkout saves against. The pieces the checkout shows the cart with are in parts.ts.
export { CartPanel } from './CartPanel';
export { MiniCart } from './MiniCart';
export { useAddToCart } from './use-add-to-cart';
export { useCart } from './use-cart';
export { cartState, claimedCart, forgetCart, loadCartId } from './cart-id';
// Where the device keeps the cart and its waiting changes (sign-out empties both; its tests look there).
export { OUTBOX_DB, outboxState } from './outbox-state';
