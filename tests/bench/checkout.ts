/**
 * npm run bench:checkout: placeOrder under concurrency, through the real server (the production build on a fresh
 * DATA_DIR, or on DATABASE_URL when set). First BENCH_ORDERS carts are filled over GraphQL (addToCart, then
 * createOrUpdateCheckout with a valid form); that part is not timed. Then every cart places its order, at most
 * BENCH_CONCURRENCY at a time, and the run prints orders/s, placeOrder latency percentiles and the outcomes.
 *
 * BENCH_ORDERS (200), BENCH_CONCURRENCY (20), BENCH_SKUS (20: carts spread over this many SKUs, so orders for the
 * same SKU queue on its row lock), BENCH_GIFT_CARD (unset; e.g. PRESENTKORTTEST applies that card to every cart,
 * so every order also queues on the one card row), BENCH_DATA_DIR (default: a temporary directory, removed after).
 * ADMIN_EMAIL / ADMIN_PASSWORD: the admin that raises the SKUs' stock so that every order can be placed
 * (defaults are set for the bench's own server).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { freePort } from '../support/server';
import { VALID_PERSON } from '../../src/server/modules/checkout/sample-customer';
import { stop, waitFor } from './server-process';
import { percentile, pool } from './load';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const orders = positive('BENCH_ORDERS', 200);
const concurrency = positive('BENCH_CONCURRENCY', 20);
const skuCount = positive('BENCH_SKUS', 20);
const giftCard = process.env.BENCH_GIFT_CARD?.trim() || null;
const keepDataDir = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'storefront-bench-checkout-'));
const databaseUrl = process.env.DATABASE_URL || '';
const admin = { email: process.env.ADMIN_EMAIL || 'bench-admin@example.com', password: process.env.ADMIN_PASSWORD || 'bench-admin-password' };

interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string }[];
}

/**
 * One shopper's client. Each sends its own X-Forwarded-For (the bench's server trusts loopback as a proxy), so the
 * per-address rate limit sees many shoppers, as it would in production, instead of one address sending
 * hundreds of requests a minute. The addresses are loopback ones and only ever a header: nothing is sent there.
 */
function client(url: string, shopper: number, token?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': `127.10.${(shopper >> 8) & 255}.${shopper & 255}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const body = (await res.json()) as GraphQLAnswer<T>;
    if (!res.ok || body.errors || !body.data) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
    return body.data;
  };
}

async function main() {
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PAYMENT_PROVIDER: 'test',
    // The bench stands in for a reverse proxy on loopback that passes each shopper's address on.
    TRUST_PROXY: '127.0.0.1',
  };
  console.info(`Starting the server on ${databaseUrl ? 'DATABASE_URL' : `PGlite in ${dataDir}`} (first start migrates and seeds)…`);
  const server = spawn('node', ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, server);
    const url = `http://127.0.0.1:${port}/graphql`;
    const report = await run(url);
    console.info(report);
  } finally {
    await stop(server);
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(url: string): Promise<string> {
  const anonymous = client(url, 0);
  const { adminLogin } = await anonymous<{ adminLogin: { token: string } }>(
    'mutation ($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
    admin,
  );
  const asAdmin = client(url, 0, adminLogin.token);

  // SKUs that count stock, spread over the catalog; each gets enough stock for every order that may buy it.
  const { products } = await anonymous<{ products: { products: { skus: { skuId: number; stock: { static: boolean } }[] }[] } }>(
    'query ($filter: FilterInputType) { products(filter: $filter) { products { skus { skuId stock { static } } } } }',
    { filter: { sort: 'BESTSELLERS', limit: 100 } },
  );
  const skuIds = products.products.flatMap((p) => p.skus.filter((s) => !s.stock.static).map((s) => s.skuId)).slice(0, skuCount);
  if (skuIds.length === 0) throw new Error('The catalog has no SKU that counts stock');
  const stockPerSku = Math.ceil(orders / skuIds.length) + 10;
  for (const skuId of skuIds) {
    await asAdmin('mutation ($skuId: Int!, $stock: Int!) { setSkuStock(skuId: $skuId, stock: $stock) { skuId } }', { skuId, stock: stockPerSku });
  }

  const setupStarted = performance.now();
  const cartIds: string[] = new Array<string>(orders);
  await pool(orders, concurrency, async (i) => {
    const call = client(url, i + 1);
    const { addToCart } = await call<{ addToCart: { id: string } }>(
      'mutation ($item: CartItemInputType!, $key: String) { addToCart(id: "", item: $item, idempotencyKey: $key) { id } }',
      { item: { skuId: skuIds[i % skuIds.length], quantity: 1 }, key: randomUUID() },
    );
    if (giftCard) {
      const { setCartGiftCard } = await call<{ setCartGiftCard: { warnings: { message: string }[] } }>(
        'mutation ($id: String!, $code: String!) { setCartGiftCard(id: $id, code: $code) { warnings { message } } }',
        { id: addToCart.id, code: giftCard },
      );
      if (setCartGiftCard.warnings.length > 0) throw new Error(`BENCH_GIFT_CARD ${giftCard}: ${setCartGiftCard.warnings[0]!.message}`);
    }
    const { createOrUpdateCheckout } = await call<{ createOrUpdateCheckout: { validationErrors: unknown[] } }>(
      'mutation ($cartId: String!, $checkout: CheckoutInput!) { createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) { validationErrors { field } } }',
      { cartId: addToCart.id, checkout: VALID_PERSON },
    );
    if (createOrUpdateCheckout.validationErrors.length > 0) throw new Error(`Checkout form refused: ${JSON.stringify(createOrUpdateCheckout.validationErrors)}`);
    cartIds[i] = addToCart.id;
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await pool(orders, concurrency, async (i) => {
    const call = client(url, i + 1);
    const begun = performance.now();
    let outcome: string;
    try {
      const { placeOrder } = await call<{ placeOrder: { status: string; message: string | null } }>(
        'mutation ($cartId: String!, $checkout: CheckoutInput!, $key: String) { placeOrder(cartId: $cartId, checkout: $checkout, idempotencyKey: $key) { status message } }',
        { cartId: cartIds[i], checkout: VALID_PERSON, key: randomUUID() },
      );
      outcome = placeOrder.status;
      if (placeOrder.status !== 'PLACED' && outcomes.get(placeOrder.status) === undefined) console.warn(`${placeOrder.status}: ${placeOrder.message}`);
    } catch (error) {
      outcome = 'ERROR';
      if (!outcomes.has('ERROR')) console.warn(String(error));
    }
    latencies.push(performance.now() - begun);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const lines = [
    '',
    `placeOrder: ${orders} orders, ${concurrency} concurrent, ${skuIds.length} SKUs${giftCard ? `, gift card ${giftCard} on every cart` : ''} (${engine}, ${process.platform}, node ${process.versions.node})`,
    `setup (addToCart${giftCard ? ' + setCartGiftCard' : ''} + createOrUpdateCheckout): ${setupSeconds.toFixed(1)} s`,
    `throughput: ${(orders / seconds).toFixed(1)} orders/s (${seconds.toFixed(2)} s wall)`,
    `latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.at(-1)!.toFixed(1)}`,
    `outcomes: ${[...outcomes.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  ];
  return lines.join('\n');
}

await main();
