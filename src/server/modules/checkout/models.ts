import type { Checkout, PaymentMethod } from '../../generated/api-types';
import type { CartModel } from '../cart';
import type { OrderCustomer } from '../order';

/** The checkout form as stored: trimmed strings, null for anything not filled in. */
export interface CheckoutFields extends OrderCustomer {
  newsletterConsent: boolean;
  shippingMethodId: string | null;
  paymentMethod: PaymentMethod | null;
  acceptedPurchaseTerms: boolean;
  /** The signed-in customer's store credit pays what the gift card leaves (ignored for a guest). */
  useStoreCredit: boolean;
}

export type CheckoutModel = Omit<Checkout, 'cart'> & { cart: CartModel };
