/**
 * npm run bench:healthz: how long /healthz takes while clients send the heaviest operations the GraphQL limits
 * still allow, against the built server on PGlite (or PostgreSQL when DATABASE_URL is set), and how long the
 * server takes to exit on SIGTERM in the middle of that load. Prints latency percentiles.
 *
 * BENCH_SECONDS (15), BENCH_CONCURRENCY (4), BENCH_DATA_DIR (a kept database to reuse; the demo catalog is
 * seeded on first start), BENCH_SERVER (dist/server/main.js).
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/server';
import { waitFor } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'storefront-bench-healthz');
const server = process.env.BENCH_SERVER ?? 'dist/server/main.js';

const card = `productId name alias canonicalUrl images brand { brandId name alias canonicalUrl }
  unitPrice { isDiscounted regularPriceIncVatFormatted sellingPriceIncVatFormatted regularPriceExVatFormatted
    sellingPriceExVatFormatted sellingPriceIncVat sellingPriceExVat discountPercentage }
  stock { inStock oversellable totalStock static incoming status } skus { skuId }`;
const facets = 'facets { categories { id label count } brands { id label count } discountCampaigns { id label count } skus { id label count } price { min max } }';

/** Near the cost limit: four full product lists of 100 with their counts, the first with its facets. */
const heavyOperations = (alias: string): Record<string, string> => ({
  lists: `{ ${['LATEST', 'BESTSELLERS', 'LOWEST_PRICE', 'HIGHEST_PRICE'].map((sort, i) =>
    `l${i}: products(filter: { sort: ${sort}, limit: 100, offset: ${i * 37} }) { count ${i === 0 ? facets : ''} products { ${card} } }`).join(' ')} }`,
  search: `{ ${['mario', 'zelda', 'sonic', 'legnd'].map((text, i) =>
    `s${i}: products(filter: { searchText: "${text}", limit: 100 }) { count ${i === 0 ? facets : ''} products { ${card} } }`).join(' ')} }`,
  related: `{ ${Array.from({ length: 10 }, (_, i) => `p${i}: product(alias: ${JSON.stringify(alias)}) { ${card} relatedProducts(limit: 24) { ${card} } }`).join(' ')} }`,
});

const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return `n=${sorted.length} p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, max ${at(100).toFixed(0)} ms`;
};

async function post(url: string, query: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await res.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [server], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '1000000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
await waitFor(`${base}/healthz`, child);

const first = await post(`${base}/graphql`, '{ products(filter: { sort: BESTSELLERS, limit: 1 }) { products { alias } } }');
const alias = (first.data?.products as { products: { alias: string }[] }).products[0]!.alias;
const operations = heavyOperations(alias);

const timings: Record<string, number[]> = {};
const refused: Record<string, string> = {};
const health: number[] = [];
const end = Date.now() + seconds * 1000;
const names = Object.keys(operations);
let next = 0;

const load = Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < end) {
      const name = names[next++ % names.length]!;
      const started = performance.now();
      const body = await post(`${base}/graphql`, operations[name]!);
      if (body.errors) refused[name] = body.errors[0]!.message;
      (timings[name] ??= []).push(performance.now() - started);
    }
  }),
);
const probe = (async () => {
  while (Date.now() < end) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    if (res.status !== 200) console.warn(`/healthz answered ${res.status}`);
    health.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
})();
await Promise.all([load, probe]);

for (const [name, values] of Object.entries(timings)) console.info(`${name.padEnd(8)} ${percentiles(values)}${refused[name] ? `  REFUSED: ${refused[name]}` : ''}`);
console.info(`/healthz ${percentiles(health)} (while ${concurrency} clients sent the operations above)`);

// SIGTERM in the middle of the load: how long until the process has exited.
const stopping = Array.from({ length: concurrency }, () =>
  post(`${base}/graphql`, operations.lists!).then(
    (body) => (body.errors ? `error: ${body.errors[0]!.message}` : 'answered'),
    (error: Error) => `failed: ${error.message}`,
  ),
);
await new Promise((r) => setTimeout(r, 200));
const exited = new Promise((r) => child.once('exit', r));
const signalled = performance.now();
child.kill('SIGTERM');
await exited;
console.info(`SIGTERM to exit under load: ${(performance.now() - signalled).toFixed(0)} ms`);
console.info(`requests in flight at SIGTERM: ${(await Promise.all(stopping)).join(', ')}`);
