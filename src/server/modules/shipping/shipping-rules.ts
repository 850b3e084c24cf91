import { isValidZip } from '../../../shared/shipping-countries';
import type { ShippingMethod } from './shipping-store';

/** Sweden's standard VAT rate; shipping is taxed at it. */
export const SHIPPING_VAT_RATE = 25;

export interface ShippingBasis {
  /** Goods after campaigns and the promo code, inc VAT: what free-from amounts are compared with. */
  goodsMinor: number;
  /** A running free-shipping campaign already made the cart's shipping free. */
  freeByCampaign: boolean;
}

/** What this cart pays with a carrier: nothing from its free-from amount or under a free-shipping campaign. */
export function feeFor(method: ShippingMethod, basis: ShippingBasis): number {
  if (basis.freeByCampaign) return 0;
  if (method.freeFromMinor !== null && basis.goodsMinor >= method.freeFromMinor) return 0;
  return method.feeMinor;
}

/** A method a shopper may choose, priced for the cart (öre inc VAT). */
export interface ShippingOffer {
  method: ShippingMethod;
  feeMinor: number;
  /** What the goods lack to ship free with this method; 0 when it is free or never is. */
  leftToFreeMinor: number;
}

/** The methods for a country and zip, priced for the cart; none until the zip has the country's shape. */
export function shippingOffers(methods: readonly ShippingMethod[], where: { country: string; zip: string | null }, basis: ShippingBasis): ShippingOffer[] {
  if (!where.zip || !isValidZip(where.country, where.zip)) return [];
  return methods
    .filter((m) => m.countries.includes(where.country))
    .map((method) => {
      const feeMinor = feeFor(method, basis);
      const leftToFreeMinor = feeMinor === 0 || method.freeFromMinor === null ? 0 : Math.max(0, method.freeFromMinor - basis.goodsMinor);
      return { method, feeMinor, leftToFreeMinor };
    });
}
