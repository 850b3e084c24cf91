/**
 * Checkout: the form saved per cart, carriers and totals for it, and placing the order (stock, gift card, store
 * credit, the order record and the emptied cart in one transaction, then the payment).
 */
export { placeOrder } from './place-order';
export type { CheckoutModel } from './models';
export { emptyCheckout, mergeCheckout } from './fields';
export { checkoutTexts } from './messages';
export { customerFieldErrors, type CustomerFields } from './validation';
