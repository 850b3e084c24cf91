import { isValidEmail } from '../../../shared/email';
import { isValidOrganisationNumber, isValidPersonalNumber } from '../../../shared/swedish-id';
import type { CheckoutInput, CheckoutValidationError, PaymentMethod } from '../../generated/api-types';
import type { CheckoutTexts } from './messages';
import type { CheckoutFields } from './models';
import { isShippingCountry, isValidZip } from '../../../shared/shipping-countries';

type Field = keyof CheckoutFields;

const limits: Partial<Record<Field, number>> = { orderMessage: 1000 };
const DEFAULT_LIMIT = 200;
const limitOf = (field: string) => limits[field as Field] ?? DEFAULT_LIMIT;

/**
 * The input's fields that are longer than their limit, as the errors the shopper sees. A save with any of them
 * is refused whole (nothing of it is stored): what is kept never exceeds the limits, however much is sent.
 */
export function overLongFields(input: CheckoutInput, t: CheckoutTexts): CheckoutValidationError[] {
  return Object.entries(input)
    .filter(([field, value]) => typeof value === 'string' && value.trim().length > limitOf(field))
    .map(([field]) => ({ field, message: t.tooLong(limitOf(field)) }));
}

/** Digits with an optional leading + and spaces, dashes or brackets between: 7 to 15 digits (E.164). */
const PHONE = /^\+?[\d\s\-()]+$/;
const isValidPhone = (value: string) => PHONE.test(value) && /^\d{7,15}$/.test(value.replace(/\D/g, ''));

/** The customer's own details: what checkout asks for and a customer account keeps. */
export type CustomerFields = Pick<
  CheckoutFields,
  | 'customerType'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phoneNumber'
  | 'careOf'
  | 'streetAddress'
  | 'addressLine2'
  | 'zip'
  | 'city'
  | 'country'
  | 'personalIdNumber'
  | 'organisationIdNumber'
  | 'companyName'
>;

/**
 * The customer's details checked against their rules: the length limit, and the form of an email, phone number,
 * personnummer, organisation number, country and its zip. One error per field (the first that applies); a field
 * left empty passes (what is required depends on the form that asks).
 */
export function customerFieldErrors(fields: CustomerFields, t: CheckoutTexts): CheckoutValidationError[] {
  const errors: CheckoutValidationError[] = [];
  const seen = new Set<string>();
  const fail = (field: keyof CustomerFields, message: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    errors.push({ field, message });
  };
  for (const [field, value] of Object.entries(fields) as [keyof CustomerFields, unknown][]) {
    if (typeof value === 'string' && value.length > limitOf(field)) fail(field, t.tooLong(limitOf(field)));
  }
  if (fields.email !== null && !isValidEmail(fields.email)) fail('email', t.email);
  if (fields.phoneNumber !== null && !isValidPhone(fields.phoneNumber)) fail('phoneNumber', t.phoneNumber);
  if (fields.personalIdNumber !== null && !isValidPersonalNumber(fields.personalIdNumber)) fail('personalIdNumber', t.personalIdNumber);
  if (fields.organisationIdNumber !== null && !isValidOrganisationNumber(fields.organisationIdNumber)) {
    fail('organisationIdNumber', t.organisationIdNumber);
  }
  if (!isShippingCountry(fields.country)) fail('country', t.country);
  else if (fields.zip !== null && !isValidZip(fields.country, fields.zip)) fail('zip', t.zip);
  return errors;
}

/** The fields the payment step waits for; the payment method and the terms belong to that step itself. */
const PAYMENT_STEP_FIELDS: ReadonlySet<string> = new Set<Field>(['paymentMethod', 'acceptedPurchaseTerms']);

/** What the gift card and the store credit do to the payment, as priced with the chosen carrier. */
export type PrepaidCover = 'NONE' | 'PART' | 'ALL';

/** The methods only the server records (an order paid in full as placed); a shopper never chooses one. */
const SERVER_METHODS: ReadonlySet<PaymentMethod> = new Set<PaymentMethod>(['GIFT_CARD', 'STORE_CREDIT']);

/**
 * Every problem with the form, one per field (the first that applies). `availableShipping` are the carriers
 * for the entered country and zip; `cover` is how much of the total the applied gift card and the store credit pay; `refused` are
 * the errors of a save that was not stored (see overLongFields), which come first.
 */
export function validateCheckout(
  fields: CheckoutFields,
  availableShipping: readonly string[],
  t: CheckoutTexts,
  cover: PrepaidCover,
  refused: readonly CheckoutValidationError[] = [],
): CheckoutValidationError[] {
  const errors: CheckoutValidationError[] = [...refused];
  const seen = new Set<string>(refused.map((e) => e.field));
  const fail = (field: Field, message: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    errors.push({ field, message });
  };
  const required: Field[] = ['email', 'firstName', 'lastName', 'phoneNumber', 'streetAddress', 'zip', 'city'];
  if (fields.customerType === 'ORGANIZATION') required.push('companyName', 'organisationIdNumber');

  for (const [field, value] of Object.entries(fields) as [Field, unknown][]) {
    if (typeof value === 'string' && value.length > limitOf(field)) fail(field, t.tooLong(limitOf(field)));
  }
  for (const field of required) if (fields[field] === null) fail(field, t.required);
  for (const error of customerFieldErrors(fields, t)) fail(error.field as Field, error.message);

  if (fields.shippingMethodId === null) fail('shippingMethodId', t.required);
  else if (!availableShipping.includes(fields.shippingMethodId)) fail('shippingMethodId', t.shippingMethodUnavailable);

  // A card and credit that pay everything leave nothing for a provider: no method is needed, and one chosen is set
  // aside (placeOrder records GIFT_CARD or STORE_CREDIT), so its rules, such as invoice's identity number, do not
  // apply either.
  if (cover !== 'ALL') {
    if (fields.paymentMethod === null) fail('paymentMethod', t.required);
    else if (SERVER_METHODS.has(fields.paymentMethod)) fail('paymentMethod', cover === 'PART' ? t.payTheRest : t.required);
    // Invoice needs an identity to bill: a person's personnummer (an organisation's number is required anyway).
    if (fields.paymentMethod === 'INVOICE' && fields.personalIdNumber === null && fields.organisationIdNumber === null) {
      fail('personalIdNumber', t.invoiceNeedsId);
    }
  }
  if (!fields.acceptedPurchaseTerms) fail('acceptedPurchaseTerms', t.purchaseTerms);
  return errors;
}

/**
 * The method an order is placed with: when the gift card and the credit pay it all (whatever was chosen),
 * STORE_CREDIT if the credit paid a part, else GIFT_CARD; otherwise the shopper's choice; null when there is none
 * to use (validateCheckout reports it).
 */
export function orderPaymentMethod(chosen: PaymentMethod | null, cover: PrepaidCover, creditMinor: number): PaymentMethod | null {
  if (cover === 'ALL') return creditMinor > 0 ? 'STORE_CREDIT' : 'GIFT_CARD';
  return chosen !== null && SERVER_METHODS.has(chosen) ? null : chosen;
}

/**
 * The payment step opens once everything before it is valid and the cart has something to pay for (also when a
 * gift card or store credit pays it all: the terms are still to be accepted there).
 */
export function isPaymentBlocked(errors: readonly CheckoutValidationError[], cartHasItems: boolean): boolean {
  return !cartHasItems || errors.some((e) => !PAYMENT_STEP_FIELDS.has(e.field));
}
