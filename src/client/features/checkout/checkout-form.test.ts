import { describe, expect, it } from 'vitest';
import type { CheckoutFieldsFragment } from '../../graphql/generated/operations';
import { formFromCheckout, prefillFromCustomer, toCheckoutInput, zipLooksComplete } from './checkout-form';

const saved = {
  customerType: 'PERSON',
  email: 'anna@example.se',
  firstName: null,
  lastName: null,
  phoneNumber: null,
  careOf: null,
  streetAddress: null,
  addressLine2: null,
  zip: '11122',
  city: null,
  country: 'SE',
  personalIdNumber: '811218-9876',
  organisationIdNumber: null,
  companyName: null,
  orderMessage: null,
  entryCode: null,
  newsletterConsent: false,
  shippingMethodId: null,
  paymentMethod: null,
  acceptedPurchaseTerms: false,
} as unknown as CheckoutFieldsFragment;

describe('checkout form', () => {
  it('turns the saved checkout into controlled fields and back, empty choices as null', () => {
    const form = formFromCheckout(saved);
    expect(form.firstName).toBe('');
    expect(form.email).toBe('anna@example.se');
    const input = toCheckoutInput(form);
    expect(input.shippingMethodId).toBeNull();
    expect(input.paymentMethod).toBeNull();
    expect(input.personalIdNumber).toBe('811218-9876');
  });

  it("sends only the chosen customer type's identity: switching types never leaks the other's fields", () => {
    const organisation = { ...formFromCheckout(saved), customerType: 'ORGANIZATION' as const, companyName: 'Retro AB', organisationIdNumber: '556036-0793' };
    expect(toCheckoutInput(organisation)).toMatchObject({ personalIdNumber: '', companyName: 'Retro AB', organisationIdNumber: '556036-0793' });
    expect(toCheckoutInput({ ...organisation, customerType: 'PERSON' })).toMatchObject({ personalIdNumber: '811218-9876', companyName: '', organisationIdNumber: '' });
  });

  it("asks for carriers once a postcode has its country's length", () => {
    expect(zipLooksComplete('SE', '111 2')).toBe(false);
    expect(zipLooksComplete('SE', '111 22')).toBe(true);
    expect(zipLooksComplete('NO', '0150')).toBe(true);
    expect(zipLooksComplete('SE', '1112a')).toBe(false);
  });
});

describe('prefill from the saved customer', () => {
  const customer = {
    email: 'kund@example.se',
    firstName: 'Karin',
    lastName: 'Berg',
    phoneNumber: '070-111 22 33',
    careOf: 'Lund',
    streetAddress: 'Sveavägen 2',
    addressLine2: null,
    zip: '113 50',
    city: 'Stockholm',
    country: 'NO',
    personalIdNumber: null,
    organisationIdNumber: null,
    companyName: null,
  };

  it('fills the empty fields with the saved details, the address as a whole', () => {
    const form = prefillFromCustomer(formFromCheckout({ ...saved, email: null, zip: null, personalIdNumber: null }), customer);
    expect(form).toMatchObject({ email: 'kund@example.se', firstName: 'Karin', lastName: 'Berg', phoneNumber: '070-111 22 33' });
    expect(form).toMatchObject({ careOf: 'Lund', streetAddress: 'Sveavägen 2', addressLine2: '', zip: '113 50', city: 'Stockholm', country: 'NO' });
  });

  it('keeps what the shopper typed and never mixes two addresses', () => {
    const typed = { ...formFromCheckout(saved), firstName: 'Anna', city: 'Malmö' };
    const form = prefillFromCustomer(typed, customer);
    expect(form).toMatchObject({ email: 'anna@example.se', firstName: 'Anna', lastName: 'Berg', phoneNumber: '070-111 22 33' });
    expect(form).toMatchObject({ careOf: '', streetAddress: '', zip: '11122', city: 'Malmö', country: 'SE' });
  });
});
