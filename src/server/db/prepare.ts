import type { Db, Queryable } from './client';
import { migrate } from './migrate';
import type { ShopVariant } from '../../shared/shop';
import { addHomePageIfMissing, isSeeded, seedCatalog } from './seed';

/**
 * What every start does: apply new migrations, and seed the demo catalog only into an empty database, so
 * a restart keeps everything (orders, carts, edits) and never seeds twice.
 */
export async function prepareDatabase(
  db: Db,
  variant: ShopVariant,
  options: { giftCards: boolean } = { giftCards: true },
): Promise<{ applied: string[]; seeded: boolean; prices: PriceRefresh | null }> {
  const applied = await migrate(db);
  // Instances starting together on an empty database: one seeds, the others wait and find it seeded.
  const seeded = await db.exclusive('demo-seed', async () => {
    if (await isSeeded(db)) {
      await addHomePageIfMissing(db, variant);
      return false;
    }
    await seedCatalog(db, { variant, giftCards: options.giftCards });
    return true;
  });
  if (seeded) await updateStatistics(db);
  // A campaign may have started or ended while the shop was down. (The seed's prices are fresh.)
  const prices = seeded ? null : await refreshPrices(db);
  return { applied, seeded, prices };
}

/**
 * Planner statistics and the visibility map after a bulk load. PGlite has no autovacuum, and without
 * statistics the list queries on 100 000 products took 3–5 times longer (tests/bench/explain.ts).
 */
export async function updateStatistics(db: Db): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}

export interface PriceRefresh {
  /** The database's time of this refresh: the next one looks for campaigns that started or ended after it. */
  at: Date;
  /**
   * Products whose selling prices changed: those whose lowest prices the refresh changed, and those of every
   * campaign that started or ended after `since` (a campaign can change a SKU's price but not its product's lowest).
   */
  productIds: number[];
  /** The next start or end of a campaign, if any: prices change then. */
  next: Date | null;
}

/**
 * Recomputes products' lowest prices where a campaign started or ended since the last run, and says which
 * products' prices changed. Run it in a transaction (the times it compares are that transaction's now()).
 */
export async function refreshPrices(db: Queryable, since: Date | null = null): Promise<PriceRefresh> {
  const [{ at } = { at: new Date() }] = await db.query<{ at: Date }>('SELECT now() AS at');
  const lowest = await db.query<{ product_id: number }>('SELECT refresh_product_prices() AS product_id');
  const campaigns = since
    ? await db.query<{ product_id: number }>(
        `SELECT DISTINCT pdc.product_id FROM product_discount_campaigns pdc
         JOIN discount_campaigns c ON c.campaign_id = pdc.campaign_id
         WHERE (c.starts_at > $1 AND c.starts_at <= $2) OR (c.ends_at > $1 AND c.ends_at <= $2)`,
        [since, at],
      )
    : [];
  const [{ next = null } = {}] = await db.query<{ next: Date | null }>(
    `SELECT min(t) AS next FROM (
       SELECT starts_at AS t FROM discount_campaigns WHERE starts_at > $1
       UNION ALL SELECT ends_at FROM discount_campaigns WHERE ends_at > $1) boundaries`,
    [at],
  );
  const productIds = [...new Set([...lowest, ...campaigns].map((r) => r.product_id))].sort((a, b) => a - b);
  return { at: new Date(at), productIds, next: next && new Date(next) };
}
