/** A checkout form that passes every rule and pays with the test provider: for tests and the checkout bench. */
export const VALID_PERSON = {
  customerType: 'PERSON',
  email: 'anna@example.se',
  firstName: 'Anna',
  lastName: 'Svensson',
  phoneNumber: '070-123 45 67',
  streetAddress: 'Storgatan 1',
  zip: '111 22',
  city: 'Stockholm',
  country: 'SE',
  shippingMethodId: 'postnord-ombud',
  paymentMethod: 'CARD',
  acceptedPurchaseTerms: true,
} as const;
