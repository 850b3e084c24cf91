import { isValidEmail } from '../../../shared/email';
import { isValidOrganisationNumber, isValidPersonalNumber } from '../../../shared/swedish-id';
import type { CheckoutValidationError } from '../../graphql/generated/resolvers-types';
import type { CheckoutTexts } from './messages';
import type { CheckoutFields } from './models';
import { isSupportedCountry, isValidZip } from './shipping';

type Field = keyof CheckoutFields;

const limits: Partial<Record<Field, number>> = { orderMessage: 1000 };
const DEFAULT_LIMIT = 200;

/** Digits with an optional leading + and spaces, dashes or brackets between: 7 to 15 digits (E.164). */
const PHONE = /^\+?[\d\s\-()]+$/;
const isValidPhone = (value: string) => PHONE.test(value) && /^\d{7,15}$/.test(value.replace(/\D/g, ''));

/** The fields the payment step waits for; the payment method and the terms belong to that step itself. */
const PAYMENT_STEP_FIELDS: ReadonlySet<string> = new Set<Field>(['paymentMethod', 'acceptedPurchaseTerms']);

/**
 * Every problem with the form, one per field (the first that applies). `availableShipping` are the carriers
 * for the entered country and zip.
 */
export function validateCheckout(fields: CheckoutFields, availableShipping: readonly string[], t: CheckoutTexts): CheckoutValidationError[] {
  const errors: CheckoutValidationError[] = [];
  const seen = new Set<string>();
  const fail = (field: Field, message: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    errors.push({ field, message });
  };
  const required: Field[] = ['email', 'firstName', 'lastName', 'phoneNumber', 'streetAddress', 'zip', 'city'];
  if (fields.customerType === 'ORGANIZATION') required.push('companyName', 'organisationIdNumber');

  for (const [field, value] of Object.entries(fields) as [Field, unknown][]) {
    if (typeof value === 'string' && value.length > (limits[field] ?? DEFAULT_LIMIT)) fail(field, t.tooLong(limits[field] ?? DEFAULT_LIMIT));
  }
  for (const field of required) if (fields[field] === null) fail(field, t.required);

  if (fields.email !== null && !isValidEmail(fields.email)) fail('email', t.email);
  if (fields.phoneNumber !== null && !isValidPhone(fields.phoneNumber)) fail('phoneNumber', t.phoneNumber);
  if (fields.personalIdNumber !== null && !isValidPersonalNumber(fields.personalIdNumber)) fail('personalIdNumber', t.personalIdNumber);
  if (fields.organisationIdNumber !== null && !isValidOrganisationNumber(fields.organisationIdNumber)) {
    fail('organisationIdNumber', t.organisationIdNumber);
  }
  if (!isSupportedCountry(fields.country)) fail('country', t.country);
  else if (fields.zip !== null && !isValidZip(fields.country, fields.zip)) fail('zip', t.zip);

  if (fields.shippingMethodId === null) fail('shippingMethodId', t.required);
  else if (!availableShipping.includes(fields.shippingMethodId)) fail('shippingMethodId', t.shippingMethodUnavailable);

  if (fields.paymentMethod === null) fail('paymentMethod', t.required);
  // Invoice needs an identity to bill: a person's personnummer (an organisation's number is required anyway).
  if (fields.paymentMethod === 'INVOICE' && fields.personalIdNumber === null && fields.organisationIdNumber === null) {
    fail('personalIdNumber', t.invoiceNeedsId);
  }
  if (!fields.acceptedPurchaseTerms) fail('acceptedPurchaseTerms', t.purchaseTerms);
  return errors;
}

/** The payment step opens once everything before it is valid and the cart has something to pay for. */
export function isPaymentBlocked(errors: readonly CheckoutValidationError[], cartHasItems: boolean): boolean {
  return !cartHasItems || errors.some((e) => !PAYMENT_STEP_FIELDS.has(e.field));
}
