import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { stockOf } from '../catalog/stock';

export type SkuAvailability = 'unknown' | 'in-stock' | 'out-of-stock';

/** Whether a back-in-stock request makes sense: only for a SKU that exists and cannot be had from stock now. */
export async function skuAvailability(db: Queryable, skuId: number): Promise<SkuAvailability> {
  const [sku] = await db.query<{ stock: number; oversellable: boolean; is_static: boolean; incoming_date: string | null }>(
    'SELECT stock, oversellable, is_static, incoming_date::text AS incoming_date FROM skus WHERE sku_id = $1',
    [skuId],
  );
  if (!sku) return 'unknown';
  const stock = stockOf([{ stock: sku.stock, oversellable: sku.oversellable, isStatic: sku.is_static, incomingDate: sku.incoming_date }]);
  return stock.inStock ? 'in-stock' : 'out-of-stock';
}

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
