import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { exVatMinor, formatMoney, toMajor } from '../../../shared/money';
import type { ShippingOption } from '../../graphql/generated/resolvers-types';
import { SHIPPING_VAT_RATE } from '../cart/summary';

/** Countries the carriers deliver to, with the shape of their postcodes (spaces are ignored). */
const zipPatterns: Record<string, RegExp> = {
  SE: /^\d{5}$/,
  FI: /^\d{5}$/,
  NO: /^\d{4}$/,
  DK: /^\d{4}$/,
};

export const isSupportedCountry = (country: string) => country in zipPatterns;

export function isValidZip(country: string, zip: string): boolean {
  return zipPatterns[country]?.test(zip.replace(/\s/g, '')) ?? false;
}

export interface ShippingMethod {
  shippingMethodId: string;
  carrier: string;
  name: string;
  description: string;
  feeMinor: number;
  freeFromMinor: number | null;
  countries: string[];
}

export async function loadShippingMethods(db: Queryable, languageId: LanguageId): Promise<ShippingMethod[]> {
  const rows = await db.query<{
    shipping_method_id: string;
    carrier: string;
    name: string;
    description: string;
    fee_minor: number;
    free_from_minor: number | null;
    countries: string[];
  }>(
    `SELECT shipping_method_id, carrier, CASE WHEN $1 = 'en' THEN name_en ELSE name_sv END AS name,
       CASE WHEN $1 = 'en' THEN description_en ELSE description_sv END AS description, fee_minor, free_from_minor, countries
     FROM shipping_methods WHERE active ORDER BY sort_order, shipping_method_id`,
    [languageId],
  );
  return rows.map((r) => ({
    shippingMethodId: r.shipping_method_id,
    carrier: r.carrier,
    name: r.name,
    description: r.description,
    feeMinor: r.fee_minor,
    freeFromMinor: r.free_from_minor,
    countries: r.countries,
  }));
}

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

/** Carriers for a country and zip; none until the zip has the country's shape. */
export function shippingOptionsFor(
  methods: readonly ShippingMethod[],
  where: { country: string; zip: string | null; selected: string | null },
  basis: ShippingBasis,
  languageId: LanguageId,
): ShippingOption[] {
  if (!where.zip || !isValidZip(where.country, where.zip)) return [];
  return methods
    .filter((m) => m.countries.includes(where.country))
    .map((m) => {
      const fee = feeFor(m, basis);
      const left = fee === 0 || m.freeFromMinor === null ? 0 : Math.max(0, m.freeFromMinor - basis.goodsMinor);
      return {
        shippingMethodId: m.shippingMethodId,
        carrier: m.carrier,
        name: m.name,
        description: m.description,
        feeIncVat: toMajor(fee),
        feeExVat: toMajor(exVatMinor(fee, SHIPPING_VAT_RATE)),
        feeIncVatFormatted: formatMoney(fee, languageId),
        freeFromIncVat: m.freeFromMinor === null ? null : toMajor(m.freeFromMinor),
        amountLeftToFreeShipping: toMajor(left),
        amountLeftToFreeShippingFormatted: formatMoney(left, languageId),
        isSelected: m.shippingMethodId === where.selected,
      };
    });
}
