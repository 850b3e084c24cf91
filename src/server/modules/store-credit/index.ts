/*
 * Store credit: a signed-in customer's balance (booked by an admin) that pays part or all of an order. Checkout
 * shows what it would cover, placeOrder locks the balance last (after the cart, the SKUs and the gift card) and
 * draws from it, and a failed payment or a cancellation gives the draw back; each change is one movement.
 */
export {
  bookCredit,
  creditBalanceOf,
  creditCoverMinor,
  creditMovements,
  drawCredit,
  lockCreditBalance,
  MAX_CREDIT_MOVEMENT_MINOR,
  returnCreditDraw,
  type CreditMovement,
} from './store-credit';
