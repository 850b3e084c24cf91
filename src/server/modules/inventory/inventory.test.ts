import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createAppPubSub, type PubSub, type StockChangedEvent } from '../../pubsub';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { createSku } from '../cart/cart-test-kit';
import { changeStock, skuAvailability } from './index';

const stockOf = async (db: Db, skuId: number) => (await db.query<{ stock: number }>('SELECT stock FROM skus WHERE sku_id = $1', [skuId]))[0]!.stock;

/** Every stockChanged event published from now on, as a subscriber receives them. */
function received(pubsub: PubSub) {
  const events: StockChangedEvent[] = [];
  const iterator = pubsub.subscribe('stockChanged')[Symbol.asyncIterator]();
  const pump = async (): Promise<void> => {
    const next = await iterator.next();
    if (next.done) return;
    events.push(next.value);
    return pump();
  };
  void pump();
  return { events, stop: () => iterator.return?.() };
}

describe.each(testDbKinds())('inventory on %s', (kind) => {
  let db: Db;
  let pubsub: PubSub;
  let closePubSub: () => Promise<void>;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    ({ pubsub, close: closePubSub } = createAppPubSub());
  });
  afterAll(async () => {
    await closePubSub();
    await db.close();
  });

  it('takes and puts back units, and tells subscribers each change with the stock status after it', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 6 });
    const listener = received(pubsub);
    await changeStock(db, pubsub, async (_tx, stock) => {
      await stock.lock([sku.skuId]);
      await stock.take(sku.skuId, 4);
    });
    expect(await stockOf(db, sku.skuId)).toBe(2);
    await changeStock(db, pubsub, (_tx, stock) => stock.putBack(sku.skuId, 3));
    expect(await stockOf(db, sku.skuId)).toBe(5);
    await expect.poll(() => listener.events.length).toBe(2);
    expect(listener.events.map((e) => [e.skuId, e.productId, e.stock.totalStock, e.stock.status])).toEqual([
      [sku.skuId, sku.productId, 2, 'FEW_LEFT'],
      [sku.skuId, sku.productId, 5, 'IN_STOCK'],
    ]);
    await listener.stop();
  });

  it('publishes nothing of a transaction that rolls back, and the stock stays as it was', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 6 });
    const listener = received(pubsub);
    await expect(
      changeStock(db, pubsub, async (_tx, stock) => {
        await stock.take(sku.skuId, 1);
        throw new Error('the order could not be recorded');
      }),
    ).rejects.toThrow('the order could not be recorded');
    expect(await stockOf(db, sku.skuId)).toBe(6);
    // The next committed change is the first (and only) event the subscriber hears.
    await changeStock(db, pubsub, (_tx, stock) => stock.set(sku.skuId, 9));
    await expect.poll(() => listener.events.length).toBe(1);
    expect(listener.events[0]).toMatchObject({ skuId: sku.skuId, stock: { totalStock: 9 } });
    await listener.stop();
  });

  it('stops an oversellable SKU at 0, never counts a static one, and ignores nothing put back', async () => {
    const oversellable = await createSku(db, { priceMinor: 10_000, stock: 2, oversellable: true });
    const made = await createSku(db, { priceMinor: 10_000, stock: 0, isStatic: true });
    const listener = received(pubsub);
    await changeStock(db, pubsub, async (_tx, stock) => {
      await stock.lock([made.skuId, oversellable.skuId, made.skuId]);
      await stock.take(oversellable.skuId, 5);
      await stock.take(made.skuId, 3);
      await stock.putBack(oversellable.skuId, 0);
    });
    expect(await stockOf(db, oversellable.skuId)).toBe(0);
    expect(await stockOf(db, made.skuId)).toBe(0);
    await expect.poll(() => listener.events.length).toBe(1);
    expect(listener.events[0]).toMatchObject({ skuId: oversellable.skuId, stock: { totalStock: 0, status: 'OVERSELLABLE' } });
    await listener.stop();
  });

  it('sets a counted stock and answers the change; an unknown SKU changes nothing and answers null', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 1 });
    const change = await changeStock(db, pubsub, (_tx, stock) => stock.set(sku.skuId, 12));
    expect(change).toEqual({
      skuId: sku.skuId,
      productId: sku.productId,
      stock: { inStock: true, oversellable: false, totalStock: 12, static: false, incoming: null, status: 'IN_STOCK' },
    });
    expect(await changeStock(db, pubsub, (_tx, stock) => stock.set(999_999_999, 3))).toBeNull();
  });

  it('tells whether a SKU can be had from the shelf now (static SKUs always; a sold-out oversellable one not)', async () => {
    const soldOut = await createSku(db, { priceMinor: 10_000, stock: 0 });
    const oversellable = await createSku(db, { priceMinor: 10_000, stock: 0, oversellable: true });
    const made = await createSku(db, { priceMinor: 10_000, stock: 0, isStatic: true });
    const inStock = await createSku(db, { priceMinor: 10_000, stock: 1 });
    expect(await skuAvailability(db, soldOut.skuId)).toBe('out-of-stock');
    expect(await skuAvailability(db, oversellable.skuId)).toBe('out-of-stock');
    expect(await skuAvailability(db, made.skuId)).toBe('in-stock');
    expect(await skuAvailability(db, inStock.skuId)).toBe('in-stock');
    expect(await skuAvailability(db, 999_999_999)).toBe('unknown');
  });
});
