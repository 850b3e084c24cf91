import { describe, expect, it } from 'vitest';
import type { CheckoutFieldsFragment } from '../../graphql/generated/operations';
import { formFromCheckout, toCheckoutInput, zipLooksComplete } from './checkout-form';

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
