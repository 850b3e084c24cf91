/** Times each query shape of bench:api on the bench catalog, to find the slow SQL (BENCH_DATA_DIR, BENCH_RUNS). */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src/server/db/client';
import { productCountSql, productPageSql } from '../../src/server/modules/catalog/catalog-store';
import type { ProductFilter } from '../../src/server/modules/catalog/models';

const db = await openDb({ dataDir: process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'storefront-bench-100000') });
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const filters: Record<string, ProductFilter> = {
  latest: { sort: 'LATEST', limit: 24, offset: 1200 },
  category: { categoryIds: [3], sort: 'LOWEST_PRICE', limit: 24 },
  brand: { brandIds: [5], sort: 'BESTSELLERS', limit: 24 },
  price: { priceMinor: { min: 20_000, max: 90_000 }, sort: 'HIGHEST_PRICE', limit: 24 },
  campaign: { discountCampaignIds: [1], limit: 24, offset: 24 },
  search: { searchText: 'mario', sort: 'RELEVANCE', limit: 24 },
  typo: { searchText: 'legnd', sort: 'RELEVANCE', limit: 24 },
  // A word in almost half the catalog ('kartong'): every hit is ranked, and trigram rechecks run on as many.
  common: { searchText: 'kart', sort: 'RELEVANCE', limit: 24 },
  swap: { searchText: 'zleda', sort: 'RELEVANCE', limit: 24 },
  swapaccnt: { searchText: 'pokméon', sort: 'RELEVANCE', limit: 24 },
  words: { searchText: 'the legend of zelda ocarina of time', sort: 'RELEVANCE', limit: 24 },
  // The longest search text the API takes (200 characters): every word brings its swapped spellings.
  longest: {
    searchText: 'super mario world legend of zelda ocarina of time pokemon gold silver crystal sonic the hedgehog final fantasy metal gear solid castlevania symphony of the night donkey kong country street fighter alp',
    sort: 'RELEVANCE',
    limit: 24,
  },
};
for (const [name, filter] of Object.entries(filters)) {
  for (const kind of ['page', 'count'] as const) {
    const { text, values } = kind === 'page' ? productPageSql(filter, 'sv') : productCountSql(filter, 'sv');
    // The median of several runs: one run on a shared machine measures its neighbours as much as the SQL.
    const times: number[] = [];
    let plan: { 'QUERY PLAN': string }[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${text}`, values);
      times.push(performance.now() - started);
    }
    const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    console.info(`${name.padEnd(9)} ${kind.padEnd(5)} ${ms.toFixed(0).padStart(6)} ms  ${plan.at(-1)?.['QUERY PLAN']}`);
    if (process.env.PLANS) console.info(plan.map((r) => '   ' + r['QUERY PLAN']).join('\n'));
  }
}
await db.close();
