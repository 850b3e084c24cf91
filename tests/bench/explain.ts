/**
 * Times each query shape of bench:api on the bench catalog through the catalog store (page and count), and prints
 * the plan of each statement its last run ran: BENCH_DATA_DIR (PGlite), or DATABASE_URL for PostgreSQL; BENCH_RUNS; PLANS=1
 * prints whole plans.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { openDb, type Queryable, type SqlParam } from '../../src/server/db/client';
import { countProducts, listProducts } from '../../src/server/modules/catalog/catalog-store';
import type { ProductFilter } from '../../src/server/modules/catalog/models';

const db = await openDb({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'storefront-bench-100000'),
});
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const filters: Record<string, ProductFilter> = {
  latest: { sort: 'LATEST', limit: 24, offset: 1200 },
  category: { categoryIds: [3], sort: 'LOWEST_PRICE', limit: 24 },
  brand: { brandIds: [5], sort: 'BESTSELLERS', limit: 24 },
  price: { priceMinor: { min: 20_000, max: 90_000 }, sort: 'HIGHEST_PRICE', limit: 24 },
  campaign: { discountCampaignIds: [1], limit: 24, offset: 24 },
  search: { searchText: 'mario', sort: 'RELEVANCE', limit: 24 },
  typo: { searchText: 'legnd', sort: 'RELEVANCE', limit: 24 },
  // A word in almost half the catalog ('kartong').
  common: { searchText: 'kart', sort: 'RELEVANCE', limit: 24 },
  platform: { searchText: 'gameboy', sort: 'RELEVANCE', limit: 24 },
  brandword: { searchText: 'sega', sort: 'RELEVANCE', limit: 24 },
  swap: { searchText: 'zleda', sort: 'RELEVANCE', limit: 24 },
  swapaccnt: { searchText: 'pokméon', sort: 'RELEVANCE', limit: 24 },
  words: { searchText: 'the legend of zelda ocarina of time', sort: 'RELEVANCE', limit: 24 },
  // The longest search text the API takes (200 characters).
  longest: {
    searchText: 'super mario world legend of zelda ocarina of time pokemon gold silver crystal sonic the hedgehog final fantasy metal gear solid castlevania symphony of the night donkey kong country street fighter alp',
    sort: 'RELEVANCE',
    limit: 24,
  },
};

/** Runs the store's statements and keeps them, so each can be explained afterwards. */
function recording(statements: { text: string; values: readonly SqlParam[] }[]): Queryable {
  return {
    query: (text, values = []) => {
      statements.push({ text, values });
      return db.query(text, values);
    },
  };
}

console.info(`${db.kind}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; the first run, then the median of the next ${runs - 1}`);
for (const [name, filter] of Object.entries(filters)) {
  for (const kind of ['page', 'count'] as const) {
    // The median of several runs: one run on a shared machine measures its neighbours as much as the SQL.
    const times: number[] = [];
    let statements: { text: string; values: readonly SqlParam[] }[] = [];
    for (let run = 0; run < runs; run++) {
      statements = [];
      const recorder = recording(statements);
      const started = performance.now();
      if (kind === 'page') await listProducts(recorder, filter, 'sv');
      else await countProducts(recorder, filter, 'sv');
      times.push(performance.now() - started);
    }
    // The first run works out the search plan and the count; later ones may find them in the brief caches.
    const first = times[0]!;
    const later = times.slice(1).sort((a, b) => a - b);
    const ms = later.length ? later[Math.floor(later.length / 2)]! : first;
    const plans: string[] = [];
    for (const { text, values } of statements) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${text}`, values);
      plans.push(process.env.PLANS ? plan.map((r) => '   ' + r['QUERY PLAN']).join('\n') : `${plan.at(-1)?.['QUERY PLAN']}`);
    }
    console.info(`${name.padEnd(9)} ${kind.padEnd(5)} ${first.toFixed(0).padStart(6)} ms first, ${ms.toFixed(0).padStart(5)} ms then  ${statements.length} statements; ${plans.join(process.env.PLANS ? '\n' : '; ')}`);
  }
}
await db.close();
