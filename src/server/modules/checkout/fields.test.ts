import { describe, expect, it } from 'vitest';
import { emptyCheckout, fromStored } from './fields';

describe('a stored checkout read back', () => {
  it('keeps the fields of the right kind, trimmed', () => {
    expect(fromStored({ email: ' anna@example.se ', country: 'no', customerType: 'ORGANIZATION', newsletterConsent: true, paymentMethod: 'CARD' })).toEqual({
      ...emptyCheckout(),
      email: 'anna@example.se',
      country: 'NO',
      customerType: 'ORGANIZATION',
      newsletterConsent: true,
      paymentMethod: 'CARD',
    });
  });

  it('gives a field of the wrong kind (an older or damaged row) its default, and keeps the rest', () => {
    expect(fromStored({ email: 5, zip: ['111 22'], city: 'Stockholm', customerType: 'ROBOT', acceptedPurchaseTerms: 'yes', paymentMethod: 7 })).toEqual({
      ...emptyCheckout(),
      city: 'Stockholm',
    });
    expect(fromStored('not an object')).toEqual(emptyCheckout());
    expect(fromStored(null)).toEqual(emptyCheckout());
  });
});
