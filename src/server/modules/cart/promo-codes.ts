import type { Queryable } from '../../db/client';
import { normalizeCode } from '../../../shared/codes';
import { selectActivePromoCode, type PromoCode } from './promo-code-store';

export type { PromoCode };

/** The code when it exists and runs now; null otherwise. */
export function findActivePromoCode(db: Queryable, code: string): Promise<PromoCode | null> {
  return selectActivePromoCode(db, normalizeCode(code));
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
