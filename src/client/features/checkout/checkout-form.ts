import { isValidZip, shippingCountryCodes } from '../../../shared/shipping-countries';
import type { CheckoutFieldsFragment, CheckoutInput, CustomerType, PaymentMethod, UserFieldsFragment } from '../../graphql/generated/operations';

/** The form as the shopper edits it: text fields hold '' rather than null, so inputs stay controlled. */
export interface CheckoutForm {
  customerType: CustomerType;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  careOf: string;
  streetAddress: string;
  addressLine2: string;
  zip: string;
  city: string;
  country: string;
  personalIdNumber: string;
  organisationIdNumber: string;
  companyName: string;
  orderMessage: string;
  entryCode: string;
  newsletterConsent: boolean;
  shippingMethodId: string;
  paymentMethod: PaymentMethod | '';
  acceptedPurchaseTerms: boolean;
  /** A signed-in customer's store credit pays what the gift card leaves (on by default; ignored for a guest). */
  useStoreCredit: boolean;
}

export type CheckoutField = keyof CheckoutForm;

export type TextField = {
  [K in CheckoutField]: CheckoutForm[K] extends string ? (K extends 'customerType' | 'paymentMethod' ? never : K) : never;
}[CheckoutField];

/** Countries the carriers deliver to, Sweden (the default) first: the same table the server validates with. */
export const COUNTRIES = shippingCountryCodes;

/**
 * The methods a shopper chooses from. GIFT_CARD and STORE_CREDIT are not: the server records them when the card
 * and the credit pay it all.
 */
export const PAYMENT_METHODS: readonly Exclude<PaymentMethod, 'GIFT_CARD' | 'STORE_CREDIT'>[] = ['CARD', 'INVOICE', 'INSTALMENT', 'PAY_LATER'];

export function formFromCheckout(saved: CheckoutFieldsFragment): CheckoutForm {
  return {
    customerType: saved.customerType,
    email: saved.email ?? '',
    firstName: saved.firstName ?? '',
    lastName: saved.lastName ?? '',
    phoneNumber: saved.phoneNumber ?? '',
    careOf: saved.careOf ?? '',
    streetAddress: saved.streetAddress ?? '',
    addressLine2: saved.addressLine2 ?? '',
    zip: saved.zip ?? '',
    city: saved.city ?? '',
    country: saved.country,
    personalIdNumber: saved.personalIdNumber ?? '',
    organisationIdNumber: saved.organisationIdNumber ?? '',
    companyName: saved.companyName ?? '',
    orderMessage: saved.orderMessage ?? '',
    entryCode: saved.entryCode ?? '',
    newsletterConsent: saved.newsletterConsent,
    shippingMethodId: saved.shippingMethodId ?? '',
    paymentMethod: saved.paymentMethod ?? '',
    acceptedPurchaseTerms: saved.acceptedPurchaseTerms,
    useStoreCredit: saved.useStoreCredit,
  };
}

/** Details a signed-in customer saved under Mina sidor that the checkout asks for again. */
export type SavedCustomerDetails = Pick<
  UserFieldsFragment,
  'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'careOf' | 'streetAddress' | 'addressLine2' | 'zip' | 'city' | 'country' | 'personalIdNumber' | 'organisationIdNumber' | 'companyName'
>;

const PERSONAL_FIELDS = ['email', 'firstName', 'lastName', 'phoneNumber', 'personalIdNumber', 'organisationIdNumber', 'companyName'] as const;
const ADDRESS_FIELDS = ['careOf', 'streetAddress', 'addressLine2', 'zip', 'city'] as const;

/**
 * The form with the customer's saved details in the fields still empty: what the shopper typed in this checkout
 * always wins. The address comes as a whole or not at all (only into a form with no address field filled in),
 * so a parcel never goes to one address's street in another's city.
 */
export function prefillFromCustomer(form: CheckoutForm, customer: SavedCustomerDetails): CheckoutForm {
  const next = { ...form };
  for (const field of PERSONAL_FIELDS) {
    if (next[field].trim() === '') next[field] = customer[field] ?? '';
  }
  const noAddress = ADDRESS_FIELDS.every((field) => next[field].trim() === '');
  if (noAddress && customer.streetAddress) {
    for (const field of ADDRESS_FIELDS) next[field] = customer[field] ?? '';
    next.country = customer.country;
  }
  return next;
}

/**
 * The whole form for createOrUpdateCheckout and placeOrder. Fields of the other customer type are sent empty,
 * so a person's order never carries a company left over from switching back and forth.
 */
export function toCheckoutInput(form: CheckoutForm): CheckoutInput {
  const organisation = form.customerType === 'ORGANIZATION';
  return {
    ...form,
    companyName: organisation ? form.companyName : '',
    organisationIdNumber: organisation ? form.organisationIdNumber : '',
    personalIdNumber: organisation ? '' : form.personalIdNumber,
    shippingMethodId: form.shippingMethodId || null,
    paymentMethod: form.paymentMethod || null,
  };
}

/** Enough of a postcode to ask for carriers while the shopper is still in the field: the country's whole shape. */
export const zipLooksComplete = isValidZip;
