import type { Queryable } from '../../db/client';
/** A discount code (table promo_codes): a percentage or a fixed amount off the goods, maybe from a minimum. */
export interface PromoCode {
  code: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  minOrderMinor: number;
}

/** The code when it exists and runs now. */
export async function selectActivePromoCode(db: Queryable, code: string): Promise<PromoCode | null> {
  const [row] = await db.query<{ code: string; type: 'PERCENT' | 'FIXED'; value: number; min_order_minor: number }>(
    `SELECT code, type, value, min_order_minor FROM promo_codes
     WHERE code = $1 AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())`,
    [code],
  );
  return row ? { code: row.code, type: row.type, value: row.value, minOrderMinor: row.min_order_minor } : null;
}
