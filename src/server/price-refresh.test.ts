import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, SqlParam } from './db/client';
import { refreshPrices } from './db/prepare';
import { startPriceRefresh } from './price-refresh';
import { createAppPubSub } from './pubsub';
import { openWritableTestDb } from './testing/db';

describe('the price refresh', () => {
  let db: Db;
  const { pubsub, close } = createAppPubSub();
  let refreshes = 0;
  /** The database, counting the refreshes run through it (each round runs in a transaction). */
  let counted: Db;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    counted = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            ...tx,
            query<R>(text: string, params?: readonly SqlParam[]) {
              if (text.includes('refresh_product_prices')) refreshes += 1;
              return tx.query<R>(text, params);
            },
          }),
        ),
    };
  });
  afterAll(async () => {
    await close();
    await db.close();
  });
  const start = (after?: Awaited<ReturnType<typeof refreshPrices>>) =>
    startPriceRefresh({ db: counted, pubsub, intervalMs: 60_000, after, onError: (error) => expect.fail(String(error)) });

  it('refreshes at once when the start has not', async () => {
    refreshes = 0;
    const refresh = start();
    // stop() waits for a round under way.
    await refresh.stop();
    expect(refreshes).toBe(1);
  });

  it("after the start's own refresh, waits for that refresh's next boundary", async () => {
    refreshes = 0;
    const atStart = await refreshPrices(db);
    const idle = start({ ...atStart, next: null });
    await idle.stop();
    expect(refreshes).toBe(0);

    // A campaign boundary now: the round comes a moment after it.
    const soon = start({ ...atStart, next: new Date() });
    await expect.poll(() => refreshes, { timeout: 10_000 }).toBe(1);
    await soon.stop();
  });
});
