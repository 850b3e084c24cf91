// What the rest of the client may use of the cart: the header's mini cart and panel, the pieces the checkout
// shows the cart with, adding to it, and the cart id the checkout saves against.
export { CartPanel } from './CartPanel';
export { MiniCart } from './MiniCart';
export { CartLines } from './CartLines';
export { GiftCardForm, PromoCodeForm } from './CartCodeForm';
export { PromoCodeShippingNote } from './PromoCodeShippingNote';
export { useAddToCart } from './use-add-to-cart';
export { useCart } from './use-cart';
export { cartState, claimedCart, forgetCart, loadCartId } from './cart-id';
