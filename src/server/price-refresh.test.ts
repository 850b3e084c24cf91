import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { refreshPrices } from './db/prepare';
import { createSku } from './modules/cart/cart-test-kit';
import { startPriceRefresh } from './price-refresh';
import { createAppPubSub } from './pubsub';
import { countingDb } from './testing/counting-db';
import { openWritableTestDb } from './testing/db';

describe('the price refresh', () => {
  let db: Db;
  const { pubsub, close } = createAppPubSub();
  /** The database, logging what runs through it: each refresh is one statement. */
  let counted: ReturnType<typeof countingDb>;
  const refreshes = () => counted.statements.filter((text) => text.includes('refresh_product_prices')).length;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    counted = countingDb(db);
  });
  afterAll(async () => {
    await close();
    await db.close();
  });
  const start = (after?: Awaited<ReturnType<typeof refreshPrices>>) =>
    startPriceRefresh({ db: counted.db, pubsub, intervalMs: 60_000, after, onError: (error) => expect.fail(String(error)) });

  it('refreshes at once when the start has not', async () => {
    counted.statements.length = 0;
    const refresh = start();
    // stop() waits for a round under way.
    await refresh.stop();
    expect(refreshes()).toBe(1);
  });

  it("after the start's own refresh, waits for that refresh's next boundary", async () => {
    const atStart = await refreshPrices(db);
    counted.statements.length = 0;
    const idle = start({ ...atStart, next: null });
    await idle.stop();
    expect(refreshes()).toBe(0);

    // A campaign boundary now: the round comes a moment after it.
    const soon = start({ ...atStart, next: new Date() });
    await expect.poll(refreshes, { timeout: 10_000 }).toBe(1);
    await soon.stop();
  });

  it("tells of the prices a campaign starting after the start's refresh changed, counting from that refresh", async () => {
    const sku = await createSku(db, { priceMinor: 10_000 });
    const atStart = await refreshPrices(db);
    await db.transaction(async (tx) => {
      const [{ id }] = (await tx.query<{ id: number }>('SELECT coalesce(max(campaign_id), 0) + 1 AS id FROM discount_campaigns')) as [{ id: number }];
      await tx.query(`INSERT INTO discount_campaigns (campaign_id, type, value, starts_at) VALUES ($1, 'PERCENT', 10, now())`, [id]);
      await tx.query('INSERT INTO product_discount_campaigns (product_id, campaign_id) VALUES ($1, $2)', [sku.productId, id]);
    });
    // The lowest prices already in step (as another instance's round would leave them): only the campaigns that
    // started since the start's refresh can name the product now.
    await db.query('SELECT refresh_product_prices()');
    const heard = pubsub.subscribe('pricesChanged')[Symbol.asyncIterator]();
    const told = heard.next();
    const refresh = start({ ...atStart, next: new Date() });
    try {
      expect((await told).value).toEqual({ productIds: [sku.productId] });
    } finally {
      await refresh.stop();
      await heard.return?.();
    }
  });
});
