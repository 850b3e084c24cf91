import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';

/**
 * Records the request once per SKU and address (any letter case). Asking again re-arms a request that was
 * already answered and keeps the language of the latest ask.
 */
export async function saveBackInStockRequest(db: Queryable, request: { skuId: number; email: string; languageId: LanguageId }): Promise<void> {
  await db.query(
    `INSERT INTO back_in_stock_requests (sku_id, email, language_id) VALUES ($1, $2, $3)
     ON CONFLICT (sku_id, lower(email)) DO UPDATE SET notified_at = NULL, language_id = EXCLUDED.language_id`,
    [request.skuId, request.email, request.languageId],
  );
}

/** Removes every back-in-stock request of this address (any letter case). */
export async function deleteBackInStockRequestsOf(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM back_in_stock_requests WHERE lower(email) = lower($1)', [email.trim()]);
}
