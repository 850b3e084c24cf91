import type { Queryable } from '../../db/client';
import type { PubSub, StockChangedEvent } from '../../pubsub';
import { stockOf } from '../catalog/stock';

interface SkuStockRow {
  sku_id: number;
  product_id: number;
  stock: number;
  oversellable: boolean;
  is_static: boolean;
  incoming_date: string | null;
}

const returning = 'RETURNING sku_id, product_id, stock, oversellable, is_static, incoming_date::text AS incoming_date';

function toEvent(r: SkuStockRow): StockChangedEvent {
  return {
    skuId: r.sku_id,
    productId: r.product_id,
    stock: stockOf([{ stock: r.stock, oversellable: r.oversellable, isStatic: r.is_static, incomingDate: r.incoming_date }]),
  };
}

/**
 * Locks SKU rows in sku_id order: every writer of stock (placing, cancelling, the admin) takes them in the same
 * order, so two orders sharing SKUs wait for each other instead of deadlocking.
 */
export async function lockSkus(tx: Queryable, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  await tx.query('SELECT sku_id FROM skus WHERE sku_id = ANY($1::int[]) ORDER BY sku_id FOR UPDATE', [[...skuIds]]);
}

/**
 * Takes sold units off stock. Static SKUs are not counted; an oversellable SKU stops at 0 (the units beyond
 * are the line's backorder), anything else was checked against stock under the lock before this runs.
 */
export async function takeStock(tx: Queryable, skuId: number, quantity: number): Promise<StockChangedEvent | null> {
  const [row] = await tx.query<SkuStockRow>(
    `UPDATE skus SET stock = GREATEST(stock - $2, 0) WHERE sku_id = $1 AND NOT is_static ${returning}`,
    [skuId, quantity],
  );
  return row ? toEvent(row) : null;
}

/** Puts units back (a cancelled order's, less what was backordered and so never taken). */
export async function returnStock(tx: Queryable, skuId: number, quantity: number): Promise<StockChangedEvent | null> {
  if (quantity <= 0) return null;
  const [row] = await tx.query<SkuStockRow>(`UPDATE skus SET stock = stock + $2 WHERE sku_id = $1 AND NOT is_static ${returning}`, [skuId, quantity]);
  return row ? toEvent(row) : null;
}

export async function setStock(tx: Queryable, skuId: number, stock: number): Promise<StockChangedEvent | null> {
  const [row] = await tx.query<SkuStockRow>(`UPDATE skus SET stock = $2 WHERE sku_id = $1 ${returning}`, [skuId, stock]);
  return row ? toEvent(row) : null;
}

/** Tells stockChanged subscribers; called after the transaction committed, so they never hear of a rollback. */
export function publishStockChanges(pubsub: PubSub, events: readonly (StockChangedEvent | null)[]): void {
  for (const event of events) if (event) pubsub.publish('stockChanged', event);
}
