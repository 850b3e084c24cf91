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

/**
 * Marks the SKU's pending requests as answered and answers them: one statement, so of two instances hearing
 * the same stock change only one takes each request.
 */
export async function takePendingRequests(tx: Queryable, skuId: number): Promise<{ email: string; languageId: LanguageId }[]> {
  const rows = await tx.query<{ email: string; language_id: LanguageId }>(
    'UPDATE back_in_stock_requests SET notified_at = now() WHERE sku_id = $1 AND notified_at IS NULL RETURNING email, language_id',
    [skuId],
  );
  return rows.map((r) => ({ email: r.email, languageId: r.language_id }));
}

/** The SKUs someone is still waiting for, with their products. */
export async function selectWaitedForSkus(db: Queryable): Promise<{ skuId: number; productId: number }[]> {
  const rows = await db.query<{ sku_id: number; product_id: number }>(
    `SELECT DISTINCT r.sku_id, s.product_id FROM back_in_stock_requests r JOIN skus s ON s.sku_id = r.sku_id
     WHERE r.notified_at IS NULL ORDER BY r.sku_id`,
  );
  return rows.map((r) => ({ skuId: r.sku_id, productId: r.product_id }));
}
