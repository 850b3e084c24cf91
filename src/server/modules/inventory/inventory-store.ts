import type { Queryable } from '../../db/client';
import type { StockFacts } from './stock-status';

/** A SKU's stock row (table skus: the stock columns only; the rest of the row is the catalog's). */
export interface SkuStock extends StockFacts {
  skuId: number;
  productId: number;
}

interface SkuStockRow {
  sku_id: number;
  product_id: number;
  stock: number;
  oversellable: boolean;
  is_static: boolean;
  incoming_date: string | null;
}

const columns = 'sku_id, product_id, stock, oversellable, is_static, incoming_date::text AS incoming_date';

const toSkuStock = (r: SkuStockRow): SkuStock => ({
  skuId: r.sku_id,
  productId: r.product_id,
  stock: r.stock,
  oversellable: r.oversellable,
  isStatic: r.is_static,
  incomingDate: r.incoming_date,
});

export async function findSkuStock(db: Queryable, skuId: number): Promise<SkuStock | null> {
  const [row] = await db.query<SkuStockRow>(`SELECT ${columns} FROM skus WHERE sku_id = $1`, [skuId]);
  return row ? toSkuStock(row) : null;
}

/** Locks the SKU rows in sku_id order (see StockLedger.lock). */
export async function lockSkuRows(tx: Queryable, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  await tx.query('SELECT sku_id FROM skus WHERE sku_id = ANY($1::int[]) ORDER BY sku_id FOR UPDATE', [[...skuIds]]);
}

/** Static SKUs are not counted; an oversellable SKU stops at 0 (the units beyond are the line's backorder). */
export async function subtractStock(tx: Queryable, skuId: number, quantity: number): Promise<SkuStock | null> {
  const [row] = await tx.query<SkuStockRow>(
    `UPDATE skus SET stock = GREATEST(stock - $2, 0) WHERE sku_id = $1 AND NOT is_static RETURNING ${columns}`,
    [skuId, quantity],
  );
  return row ? toSkuStock(row) : null;
}

export async function addStock(tx: Queryable, skuId: number, quantity: number): Promise<SkuStock | null> {
  const [row] = await tx.query<SkuStockRow>(`UPDATE skus SET stock = stock + $2 WHERE sku_id = $1 AND NOT is_static RETURNING ${columns}`, [skuId, quantity]);
  return row ? toSkuStock(row) : null;
}

export async function updateStock(tx: Queryable, skuId: number, stock: number): Promise<SkuStock | null> {
  const [row] = await tx.query<SkuStockRow>(`UPDATE skus SET stock = $2 WHERE sku_id = $1 RETURNING ${columns}`, [skuId, stock]);
  return row ? toSkuStock(row) : null;
}
