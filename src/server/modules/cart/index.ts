/**
 * The cart: lines priced against today's prices, stock and campaigns, promo codes and gift cards. Checkout and
 * the order module use a cart through these functions inside their own transactions; the cart's tables are
 * written only here.
 */
export type { CartModel } from './models';
export { cartSkuIds, emptyOrderedCart, lockCartForShop, lockStoredCart, readCart, reconciledCart, refillCart, type LockedCart } from './cart-service';
export { MAX_CART_LINES } from './stock-rules';
export { cartTexts } from './messages';
export { deleteStaleCartData } from './retention';
