import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';

/** A carrier's delivery option (table shipping_methods), named in one language. Money in öre inc VAT. */
export interface ShippingMethod {
  shippingMethodId: string;
  carrier: string;
  name: string;
  description: string;
  feeMinor: number;
  /** Goods total (after campaigns and the promo code) from which this method ships free; null: never free. */
  freeFromMinor: number | null;
  /** ISO codes of the countries it delivers to. */
  countries: string[];
}

interface ShippingMethodRow {
  shipping_method_id: string;
  carrier: string;
  name: string;
  description: string;
  fee_minor: number;
  free_from_minor: number | null;
  countries: string[];
}

const toShippingMethod = (r: ShippingMethodRow): ShippingMethod => ({
  shippingMethodId: r.shipping_method_id,
  carrier: r.carrier,
  name: r.name,
  description: r.description,
  feeMinor: r.fee_minor,
  freeFromMinor: r.free_from_minor,
  countries: r.countries,
});

const columns = 'm.shipping_method_id, m.carrier, t.name, t.description, m.fee_minor, m.free_from_minor, m.countries';
const named = 'shipping_methods m JOIN shipping_method_translations t ON t.shipping_method_id = m.shipping_method_id AND t.language_id = $1';

/** The methods offered now, in the shop's order. */
export async function activeShippingMethods(db: Queryable, languageId: LanguageId): Promise<ShippingMethod[]> {
  const rows = await db.query<ShippingMethodRow>(`SELECT ${columns} FROM ${named} WHERE m.active ORDER BY m.sort_order, m.shipping_method_id`, [languageId]);
  return rows.map(toShippingMethod);
}

/** One method, also one no longer offered (an order names the method it was placed with). */
export async function findShippingMethod(db: Queryable, shippingMethodId: string, languageId: LanguageId): Promise<ShippingMethod | null> {
  const [row] = await db.query<ShippingMethodRow>(`SELECT ${columns} FROM ${named} WHERE m.shipping_method_id = $2`, [languageId, shippingMethodId]);
  return row ? toShippingMethod(row) : null;
}
