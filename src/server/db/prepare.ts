import type { Db } from './client';
import { migrate } from './migrate';
import type { ShopVariant } from '../../shared/shop';
import { isSeeded, seedCatalog } from './seed';

/**
 * What every start does: apply new migrations, and seed the demo catalog only into an empty database, so
 * a restart keeps everything (orders, carts, edits) and never seeds twice.
 */
export async function prepareDatabase(db: Db, variant: ShopVariant, options: { giftCards: boolean } = { giftCards: true }): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await migrate(db);
  // Instances starting together on an empty database: one seeds, the others wait and find it seeded.
  const seeded = await db.exclusive('demo-seed', async () => {
    if (await isSeeded(db)) return false;
    await seedCatalog(db, { variant, giftCards: options.giftCards });
    return true;
  });
  if (seeded) await updateStatistics(db);
  else await refreshPrices(db);
  return { applied, seeded };
}

/**
 * Planner statistics and the visibility map after a bulk load. PGlite has no autovacuum, and without
 * statistics the list queries on 100 000 products took 3–5 times longer (tests/bench/explain.ts).
 */
export async function updateStatistics(db: Db): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}

/** Recomputes products' lowest prices where a campaign started or ended since the last run. */
export async function refreshPrices(db: Db): Promise<void> {
  await db.query('SELECT refresh_product_prices()');
}
