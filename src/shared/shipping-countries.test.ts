import { describe, expect, it } from 'vitest';
import { isShippingCountry, isValidZip, shippingCountryCodes } from './shipping-countries';

describe('shipping countries', () => {
  it('lists the Nordic countries the carriers deliver to, Sweden first', () => {
    expect(shippingCountryCodes).toEqual(['SE', 'NO', 'DK', 'FI']);
    expect(isShippingCountry('NO')).toBe(true);
    expect(isShippingCountry('DE')).toBe(false);
  });

  it('checks a postcode against its country, ignoring spaces', () => {
    expect(isValidZip('SE', '111 22')).toBe(true);
    expect(isValidZip('FI', '00100')).toBe(true);
    expect(isValidZip('SE', '111 2')).toBe(false);
    expect(isValidZip('NO', '0150')).toBe(true);
    expect(isValidZip('DK', '21000')).toBe(false);
    expect(isValidZip('SE', '1112a')).toBe(false);
    expect(isValidZip('DE', '10115')).toBe(false);
  });
});
