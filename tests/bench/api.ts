/**
 * npm run bench:api: the `products` query (24 per page, mixed filters) from concurrent clients against a
 * 100 000-product catalog, through the whole stack (Fastify + Yoga + resolvers) and through a bare handler
 * running the same SQL, one after the other on the same database. Prints requests/s and latency percentiles.
 *
 * BENCH_PRODUCTS (100000), BENCH_SECONDS (15), BENCH_CONCURRENCY (8), BENCH_DATA_DIR (a kept catalog to reuse).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/server';
import { stop, waitFor } from './server-process';
import { percentile } from './load';

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), `storefront-bench-${products}`);
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' };

const PRODUCTS_QUERY = `query Products($filter: FilterInputType) { products(filter: $filter, channelId: "1|se", languageId: "sv") {
  count products { productId name alias canonicalUrl images
    unitPrice { isDiscounted sellingPriceIncVatFormatted regularPriceIncVatFormatted sellingPriceExVatFormatted discountPercentage }
    brand { name alias canonicalUrl } stock { inStock totalStock status } } } }`;

async function drive(url: string, filters: object[], duration = seconds) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + duration * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const filter = filters[next++ % filters.length];
        const started = performance.now();
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: PRODUCTS_QUERY, variables: { filter } }),
          });
          const body = (await res.json()) as { errors?: unknown; data?: { products?: { products?: unknown[] } } };
          if (!res.ok || body.errors || !body.data?.products?.products) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

async function main() {
  if (!existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    console.info(`Seeding ${products} products into ${dataDir} (once; kept for later runs)…`);
    const seeded = spawnSync('node', ['dist/server/main.js', 'seed', '--products', String(products)], { env, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }

  const port = await freePort();
  const stack = spawn('node', ['dist/server/main.js'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(`http://127.0.0.1:${port}/healthz`, stack);
  const ids = (await (
    await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ categories { categoryId } brands { brandId } discountCampaigns { discountCampaignId type } }' }),
    })
  ).json()) as { data: { categories: { categoryId: number }[]; brands: { brandId: number }[]; discountCampaigns: { discountCampaignId: number; type: string }[] } };
  const { categories, brands, discountCampaigns } = ids.data;
  const campaign = discountCampaigns.find((c) => c.type === 'PERCENT')?.discountCampaignId ?? 1;
  const pick = <T,>(list: T[], i: number) => list[(i * 7919) % list.length]!;
  // Mixed, deterministic: plain pages deep into the list, category + sort, brand, price range, campaign, search.
  const filters = Array.from({ length: 60 }, (_, i) => {
    switch (i % 6) {
      case 0:
        return { sort: 'LATEST', limit: 24, offset: (i * 24 * 13) % 2400 };
      case 1:
        return { categoryIds: [pick(categories, i).categoryId], sort: 'LOWEST_PRICE', limit: 24 };
      case 2:
        return { brandIds: [pick(brands, i).brandId], sort: 'BESTSELLERS', limit: 24 };
      case 3:
        return { price: { min: 100 + i * 10, max: 600 + i * 20 }, sort: 'HIGHEST_PRICE', limit: 24 };
      case 4:
        return { discountCampaignIds: [campaign], limit: 24, offset: 24 };
      default:
        return { searchText: ['mario', 'zelda', 'sonic', 'pokemon', 'legnd', 'kart'][i % 6], sort: 'RELEVANCE', limit: 24 };
    }
  });

  await drive(`http://127.0.0.1:${port}/graphql`, filters.slice(0, 12), 3); // warm-up is not counted
  const full = await drive(`http://127.0.0.1:${port}/graphql`, filters);
  await stop(stack);

  const barePort = await freePort();
  // node itself (not npx) so that SIGTERM reaches the process holding the database.
  const bare = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-server.ts'], { env: { ...env, PORT: String(barePort) }, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);
  await drive(`http://127.0.0.1:${barePort}/`, filters.slice(0, 12), 3);
  const baseline = await drive(`http://127.0.0.1:${barePort}/`, filters);
  await stop(bare);

  const row = (name: string, r: typeof full) =>
    `${name.padEnd(34)} ${r.rps.toFixed(1).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`;
  console.info(`\nproducts query, ${products} products, ${concurrency} concurrent clients, ${seconds} s each (PGlite, ${process.platform})`);
  console.info(`${''.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  console.info(row('Fastify + Yoga + resolvers', full));
  console.info(row('bare node:http, same SQL', baseline));
  console.info(`stack / bare throughput: ${(full.rps / baseline.rps).toFixed(2)}`);
}

await main();
