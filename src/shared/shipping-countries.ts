/**
 * The countries the carriers deliver to, in the order the checkout lists them (Sweden, the default, first), each
 * with the shape of its postcodes: the one table the checkout form and the server's validation both read.
 */
export const SHIPPING_COUNTRIES = [
  { code: 'SE', zip: /^\d{5}$/ },
  { code: 'NO', zip: /^\d{4}$/ },
  { code: 'DK', zip: /^\d{4}$/ },
  { code: 'FI', zip: /^\d{5}$/ },
] as const;

export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number]['code'];

export const DEFAULT_SHIPPING_COUNTRY: ShippingCountry = 'SE';

export const shippingCountryCodes: readonly ShippingCountry[] = SHIPPING_COUNTRIES.map((c) => c.code);

export function isShippingCountry(country: string): country is ShippingCountry {
  return SHIPPING_COUNTRIES.some((c) => c.code === country);
}

/** Whether the postcode has the country's shape; spaces are ignored ('111 22'). False for a country not shipped to. */
export function isValidZip(country: string, zip: string): boolean {
  return SHIPPING_COUNTRIES.find((c) => c.code === country)?.zip.test(zip.replace(/\s/g, '')) ?? false;
}
