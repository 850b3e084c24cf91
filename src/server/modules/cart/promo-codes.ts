import type { Queryable } from '../../db/client';

/** A discount code (table promo_codes): a percentage or a fixed amount off the goods, maybe from a minimum. */
export interface PromoCode {
  code: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  minOrderMinor: number;
}

export const MAX_PROMO_CODE_LENGTH = 64;

/** Codes are case-insensitive and forgiving about the spaces a paste brings along. */
export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** The code when it exists and runs now; null otherwise. */
export async function findActivePromoCode(db: Queryable, code: string): Promise<PromoCode | null> {
  const [row] = await db.query<{ code: string; type: 'PERCENT' | 'FIXED'; value: number; min_order_minor: number }>(
    `SELECT code, type, value, min_order_minor FROM promo_codes
     WHERE code = $1 AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())`,
    [normalizePromoCode(code)],
  );
  return row ? { code: row.code, type: row.type, value: row.value, minOrderMinor: row.min_order_minor } : null;
}

/** Requirements are checked against the goods after campaigns, before the code's own discount. */
export function meetsRequirements(code: PromoCode, goodsMinor: number): boolean {
  return goodsMinor >= code.minOrderMinor;
}

/** Never more than the goods cost: a code cannot make an order negative or pay for shipping. */
export function promoDiscountMinor(code: PromoCode, goodsMinor: number): number {
  const discount = code.type === 'PERCENT' ? Math.round((goodsMinor * code.value) / 100) : code.value;
  return Math.max(0, Math.min(discount, goodsMinor));
}
