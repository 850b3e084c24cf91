import { z } from 'zod';
import type { CheckoutInput } from '../../generated/api-types';
import type { CheckoutFields } from './models';

export const DEFAULT_COUNTRY = 'SE';

export const emptyCheckout = (): CheckoutFields => ({
  customerType: 'PERSON',
  email: null,
  firstName: null,
  lastName: null,
  phoneNumber: null,
  careOf: null,
  streetAddress: null,
  addressLine2: null,
  zip: null,
  city: null,
  country: DEFAULT_COUNTRY,
  personalIdNumber: null,
  organisationIdNumber: null,
  companyName: null,
  orderMessage: null,
  entryCode: null,
  newsletterConsent: false,
  shippingMethodId: null,
  paymentMethod: null,
  acceptedPurchaseTerms: false,
  // A customer given credit expects it to be used; the checkout shows it and lets them keep it instead.
  useStoreCredit: true,
});

const textFields = [
  'email',
  'firstName',
  'lastName',
  'phoneNumber',
  'careOf',
  'streetAddress',
  'addressLine2',
  'zip',
  'city',
  'personalIdNumber',
  'organisationIdNumber',
  'companyName',
  'orderMessage',
  'entryCode',
  'shippingMethodId',
] as const;

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A stored value of the wrong kind reads as absent, so the field takes its default. */
const stored = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

const storedCheckout = z.object({
  ...Object.fromEntries(textFields.map((field) => [field, stored(z.string())])),
  customerType: stored(z.enum(['PERSON', 'ORGANIZATION'])),
  country: stored(z.string()),
  newsletterConsent: stored(z.boolean()),
  paymentMethod: stored(z.enum(['CARD', 'INVOICE', 'INSTALMENT', 'PAY_LATER', 'GIFT_CARD', 'STORE_CREDIT'])),
  acceptedPurchaseTerms: stored(z.boolean()),
  useStoreCredit: stored(z.boolean()),
}) satisfies z.ZodType<CheckoutInput>;

/** Stored JSON back to fields; anything missing or of the wrong kind (older rows) takes the default. */
export function fromStored(json: unknown): CheckoutFields {
  const parsed = storedCheckout.safeParse(json);
  return parsed.success ? mergeCheckout(emptyCheckout(), parsed.data) : emptyCheckout();
}

/** The input over what was saved: a field left out keeps its value, null clears it. */
export function mergeCheckout(saved: CheckoutFields, input: CheckoutInput): CheckoutFields {
  const next: CheckoutFields = { ...saved };
  for (const key of textFields) {
    if (input[key] !== undefined) next[key] = text(input[key]);
  }
  if (input.customerType !== undefined) next.customerType = input.customerType ?? 'PERSON';
  if (input.country !== undefined) next.country = text(input.country)?.toUpperCase() ?? DEFAULT_COUNTRY;
  if (input.newsletterConsent !== undefined) next.newsletterConsent = input.newsletterConsent ?? false;
  if (input.paymentMethod !== undefined) next.paymentMethod = input.paymentMethod ?? null;
  if (input.acceptedPurchaseTerms !== undefined) next.acceptedPurchaseTerms = input.acceptedPurchaseTerms ?? false;
  if (input.useStoreCredit !== undefined) next.useStoreCredit = input.useStoreCredit ?? true;
  return next;
}
