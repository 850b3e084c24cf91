/**
 * npm run bench:api: the `products` query (24 per page, mixed filters) from concurrent clients against a
 * 100 000-product catalog, through the whole stack (Fastify + Yoga + resolvers) and through a bare handler
 * running the same SQL, one after the other on the same database. Prints requests/s and latency percentiles, each
 * list shape's p50/p95/errors, and a search-quality table (query → first three hits).
 *
 * On PGlite by default; on PostgreSQL when DATABASE_URL is set (that database keeps the catalog: an empty one is
 * seeded first). BENCH_PRODUCTS (100000), BENCH_SECONDS (15), BENCH_CONCURRENCY (8), BENCH_DATA_DIR (a kept
 * PGlite catalog to reuse), BENCH_BARE=0 skips the bare handler, BENCH_NODE_ARGS (node flags for the server, e.g. a CPU profile), BENCH_QUALITY_ONLY=1 prints only the table
 * (BENCH_PRODUCTS=640 gives the demo catalog's).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/server';
import { stop, waitFor } from './server-process';
import { percentile } from './load';

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), `storefront-bench-${products}`);
const databaseUrl = process.env.DATABASE_URL ?? '';
// BENCH_NODE_ARGS: extra node flags for the server under test, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
// One address sends every request: the per-address limit would measure itself.
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '10000000' };

/** What a search must find first: query → the start of the first hit's name (the demo catalog's products). */
const QUALITY_QUERIES = [
  'mario', 'zelda', 'pokemon', 'kart', 'sega', 'nintendo', 'playstation', 'gameboy', 'game boy', 'playstation 2',
  'nintendo 64 kontroll', 'super mari', 'zleda', 'pokmeon', 'mraio kart', 'legnd', 'sladd', 'controller',
  'the legend of zelda ocarina of time',
];

const PRODUCTS_QUERY = `query Products($filter: FilterInputType) { products(filter: $filter, channelId: "1|se", languageId: "sv") {
  count products { productId name alias canonicalUrl images
    unitPrice { isDiscounted sellingPriceIncVatFormatted regularPriceIncVatFormatted sellingPriceExVatFormatted discountPercentage }
    brand { name alias canonicalUrl } stock { inStock totalStock status } } } }`;

interface Shape {
  shape: string;
  filter: object;
}

type Stats = ReturnType<typeof summary>;

function summary(latencies: number[], errors: number, duration: number) {
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

async function drive(url: string, filters: Shape[], duration = seconds) {
  const latencies: number[] = [];
  const byShape = new Map<string, { latencies: number[]; errors: number }>();
  let errors = 0;
  const end = Date.now() + duration * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const { shape, filter } = filters[next++ % filters.length]!;
        const mine = byShape.get(shape) ?? { latencies: [], errors: 0 };
        byShape.set(shape, mine);
        const started = performance.now();
        let failed: boolean;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: PRODUCTS_QUERY, variables: { filter } }),
          });
          const body = (await res.json()) as { errors?: unknown; data?: { products?: { products?: unknown[] } } };
          failed = !res.ok || Boolean(body.errors) || !body.data?.products?.products;
        } catch {
          failed = true;
        }
        const ms = performance.now() - started;
        latencies.push(ms);
        mine.latencies.push(ms);
        if (failed) {
          errors++;
          mine.errors++;
        }
      }
    }),
  );
  const shapes = new Map([...byShape].map(([shape, r]) => [shape, summary(r.latencies, r.errors, duration)]));
  return { ...summary(latencies, errors, duration), shapes };
}

/** The first three hits of each quality query, in both languages. */
async function qualityTable(url: string) {
  console.info(`\nsearch quality, ${products} products (${engine}): query → first three hits`);
  for (const languageId of ['sv', 'en']) {
    for (const searchText of QUALITY_QUERIES) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query ($f: FilterInputType, $l: String) { products(filter: $f, languageId: $l) { count products { name } } }`,
          variables: { f: { searchText, sort: 'RELEVANCE', limit: 3 }, l: languageId },
        }),
      });
      const body = (await res.json()) as { data?: { products: { count: number; products: { name: string }[] } } };
      const found = body.data?.products;
      const hits = found ? found.products.map((p) => p.name).join(' | ') : `error ${JSON.stringify(body).slice(0, 120)}`;
      console.info(`${languageId} ${JSON.stringify(searchText).padEnd(38)} ${String(found?.count ?? '').padStart(6)}  ${hits}`);
    }
  }
}

async function main() {
  // PostgreSQL keeps its catalog in the database: seeding one that holds a catalog changes nothing.
  if (databaseUrl || !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    console.info(`Seeding ${products} products into ${dataDir} (once; kept for later runs)…`);
    const seeded = spawnSync('node', ['dist/server/main.js', 'seed', '--products', String(products)], { env, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }

  const port = await freePort();
  const stack = spawn('node', [...nodeArgs, 'dist/server/main.js'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
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
  // Mixed, deterministic: every list shape of the shop, each its own row in the table.
  const searches: Record<string, string[]> = {
    'search common words': ['mario', 'kart', 'pokemon', 'sega', 'nintendo', 'game'],
    'search typos': ['legnd', 'zleda', 'pokmeon', 'mraio kart', 'super mari', 'gameboy'],
    'search several words': ['super mario world', 'the legend of zelda ocarina of time', 'nintendo 64 kontroll', 'game boy color'],
  };
  const filters: Shape[] = Array.from({ length: 12 }, (_, i): Shape[] => [
    { shape: 'first page (latest)', filter: { sort: 'LATEST', limit: 24 } },
    { shape: 'deep page (latest)', filter: { sort: 'LATEST', limit: 24, offset: 240 + ((i * 24 * 13) % 2400) } },
    { shape: 'category', filter: { categoryIds: [pick(categories, i).categoryId], sort: 'LOWEST_PRICE', limit: 24 } },
    { shape: 'brand', filter: { brandIds: [pick(brands, i).brandId], sort: 'BESTSELLERS', limit: 24 } },
    { shape: 'price', filter: { price: { min: 100 + i * 10, max: 600 + i * 20 }, sort: 'HIGHEST_PRICE', limit: 24 } },
    { shape: 'campaign', filter: { discountCampaignIds: [campaign], limit: 24, offset: 24 } },
    ...Object.entries(searches).map(([shape, texts]) => ({ shape, filter: { searchText: texts[i % texts.length], sort: 'RELEVANCE', limit: 24 } })),
  ]).flat();

  if (process.env.BENCH_QUALITY_ONLY === '1') {
    await qualityTable(`http://127.0.0.1:${port}/graphql`);
    await stop(stack);
    return;
  }
  await drive(`http://127.0.0.1:${port}/graphql`, filters.slice(0, 12), 3); // warm-up is not counted
  const full = await drive(`http://127.0.0.1:${port}/graphql`, filters);
  await qualityTable(`http://127.0.0.1:${port}/graphql`);
  await stop(stack);

  const row = (name: string, r: Stats) =>
    `${name.padEnd(34)} ${r.rps.toFixed(1).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`;
  const header = `${''.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`;
  console.info(`\nproducts query, ${products} products, ${concurrency} concurrent clients, ${seconds} s each (${engine}, ${process.platform}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  console.info(header);
  console.info(row('Fastify + Yoga + resolvers', full));
  for (const [shape, r] of full.shapes) console.info(row(`  ${shape}`, r));
  if (process.env.BENCH_BARE === '0') return;
  const { baseline } = await bareRun(env, filters);
  console.info(row('bare node:http, same SQL', baseline));
  console.info(`stack / bare throughput: ${(full.rps / baseline.rps).toFixed(2)}`);
}

async function bareRun(env: NodeJS.ProcessEnv, filters: Shape[]) {
  const barePort = await freePort();
  // node itself (not npx) so that SIGTERM reaches the process holding the database.
  const bare = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-server.ts'], { env: { ...env, PORT: String(barePort) }, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);
  await drive(`http://127.0.0.1:${barePort}/`, filters.slice(0, 12), 3);
  const baseline = await drive(`http://127.0.0.1:${barePort}/`, filters);
  await stop(bare);
  return { baseline };
}

await main();
