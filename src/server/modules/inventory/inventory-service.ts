import type { Db, Queryable, Transaction } from '../../db/client';
import { publishAfterCommit, type Outbox, type PubSub, type StockChangedEvent } from '../../pubsub';
import { addStock, findSkuStock, lockSkuRows, subtractStock, updateStock, type SkuStock } from './inventory-store';
import { stockOf } from './stock-status';

/** The stock writes of one transaction. Every change is told to stockChanged subscribers once it is committed. */
export interface StockLedger {
  /**
   * Locks the SKUs' rows in sku_id order. Every writer of stock (placing an order, cancelling one, the admin)
   * locks before it reads or writes, in the same order, so two orders sharing SKUs wait for each other instead of
   * deadlocking. An order's cart row is locked before its SKUs, and a gift card after them.
   */
  lock(skuIds: readonly number[]): Promise<void>;
  /**
   * Takes sold units off the shelf. Static SKUs are not counted; an oversellable SKU stops at 0 (the units beyond
   * are the line's backorder); anything else was checked against the locked stock before this runs.
   */
  take(skuId: number, quantity: number): Promise<void>;
  /** Puts units back on the shelf (a cancelled order's, less what was backordered and so never taken). */
  putBack(skuId: number, quantity: number): Promise<void>;
  /** Sets the stock (staff counted the shelf); the change as told to subscribers, null for an unknown SKU. */
  set(skuId: number, stock: number): Promise<StockChangedEvent | null>;
}

const eventOf = (sku: SkuStock): StockChangedEvent => ({ skuId: sku.skuId, productId: sku.productId, stock: stockOf([sku]) });

/**
 * Runs `work` in one transaction with a ledger for its stock writes, and publishes the stock changes it made once
 * the transaction has committed: subscribers never hear of a change that was rolled back. This is the one place
 * stockChanged events are published from. `outbox` takes the transaction's other events (a cart it emptied or
 * refilled), published with them.
 */
export async function changeStock<T>(db: Db, pubsub: PubSub, work: (tx: Transaction, stock: StockLedger, outbox: Outbox) => Promise<T>): Promise<T> {
  return publishAfterCommit(db, pubsub, (tx, outbox) => {
    const record = (sku: SkuStock | null) => {
      const event = sku && eventOf(sku);
      if (event) outbox.stockChanged(event);
      return event;
    };
    return work(
      tx,
      {
        lock: (skuIds) => lockSkuRows(tx, [...new Set(skuIds)].sort((a, b) => a - b)),
        take: async (skuId, quantity) => void record(await subtractStock(tx, skuId, quantity)),
        putBack: async (skuId, quantity) => void (quantity > 0 && record(await addStock(tx, skuId, quantity))),
        set: async (skuId, stock) => record(await updateStock(tx, skuId, stock)),
      },
      outbox,
    );
  });
}

export type SkuAvailability = 'unknown' | 'in-stock' | 'out-of-stock';

/** Whether the SKU can be had from the shelf now (a static SKU always can); 'unknown' when there is no such SKU. */
export async function skuAvailability(db: Queryable, skuId: number): Promise<SkuAvailability> {
  const sku = await findSkuStock(db, skuId);
  if (!sku) return 'unknown';
  return stockOf([sku]).inStock ? 'in-stock' : 'out-of-stock';
}
