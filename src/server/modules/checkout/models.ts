import type { Checkout, CustomerType, PaymentMethod } from '../../graphql/generated/resolvers-types';
import type { CartModel } from '../cart';

/** The checkout form as stored: trimmed strings, null for anything not filled in. */
export interface CheckoutFields {
  customerType: CustomerType;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  careOf: string | null;
  streetAddress: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  personalIdNumber: string | null;
  organisationIdNumber: string | null;
  companyName: string | null;
  orderMessage: string | null;
  entryCode: string | null;
  newsletterConsent: boolean;
  shippingMethodId: string | null;
  paymentMethod: PaymentMethod | null;
  acceptedPurchaseTerms: boolean;
}

export type CheckoutModel = Omit<Checkout, 'cart'> & { cart: CartModel };
