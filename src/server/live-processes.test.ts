/**
 * Two real server processes on one PostgreSQL database and one Redis, as two instances behind a load balancer: an
 * order placed through one takes stock, and a subscriber connected to the other hears it. (subscriptions.test.ts
 * runs two app instances in one process; this runs the built server twice, as a deploy does.) Only where
 * DATABASE_URL and REDIS_URL are set. The server is built into a temporary folder first, or taken from SERVER_BUNDLE.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../tests/support/server';
import { waitFor } from '../../tests/bench/server-process';
import { VALID_PERSON } from './modules/checkout/sample-customer';
import { buildServerBundle } from './testing/server-bundle';
import { createThrowawayDatabase } from './testing/throwaway-database';

const ADMIN = { email: 'live-processes@example.com', password: 'live-processes-password' };

interface Instance {
  child: ChildProcess;
  base: string;
  output(): string;
}

/** Every process started, stopped in afterAll whatever happened. */
const instances: Instance[] = [];

async function startInstance(bundle: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const instance = { child, base, output: () => output };
  instances.push(instance);
  await waitFor(`${base}/healthz`, child).catch((error: Error) => {
    throw new Error(`${error.message}: ${output}`);
  });
  return instance;
}

/** SIGTERM, and SIGKILL for one that has not exited within 5 s. */
async function stopInstance({ child }: Instance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function graphql<T>(instance: Instance, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${instance.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors || !body.data) throw new Error(`GraphQL failed (HTTP ${res.status}): ${JSON.stringify(body.errors)}`);
  return body.data;
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('live stock across two server processes (PostgreSQL and Redis)', () => {
  let built: ReturnType<typeof buildServerBundle> | undefined;
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
  let a: Instance;
  let b: Instance;
  let subscriber: Client | undefined;

  beforeAll(async () => {
    built = process.env.SERVER_BUNDLE ? undefined : buildServerBundle();
    const bundle = process.env.SERVER_BUNDLE ?? built!.bundle;
    database = await createThrowawayDatabase(process.env.DATABASE_URL!, 'storefront_live_processes');
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      // This test's own limit counters in a Redis others may share.
      LIMITS_KEY_PREFIX: `live-processes-${randomBytes(4).toString('hex')}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENT_PROVIDER: 'test',
    };
    // One after the other: the first start migrates and seeds the database (the second would wait for it anyway).
    a = await startInstance(bundle, env);
    b = await startInstance(bundle, env);
  }, 90_000);

  afterAll(async () => {
    await subscriber?.dispose();
    await Promise.all(instances.map(stopInstance));
    await database?.drop();
    built?.remove();
  });

  it("a subscriber on B hears the stock an order placed through A took", async () => {
    const { adminLogin } = await graphql<{ adminLogin: { token: string } }>(
      a,
      'mutation ($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
      ADMIN,
    );
    const { products } = await graphql<{ products: { products: { skus: { skuId: number; stock: { static: boolean; oversellable: boolean } }[] }[] } }>(
      a,
      '{ products(filter: { limit: 50, sort: BESTSELLERS }) { products { skus { skuId stock { static oversellable } } } } }',
    );
    const skuId = products.products.flatMap((p) => p.skus).find((s) => !s.stock.static && !s.stock.oversellable)!.skuId;
    // A stock of its own, so an event another run publishes on the same Redis for this SKU is not taken for ours.
    const stock = 500 + Math.floor(Math.random() * 400);
    const setStock = () =>
      graphql(a, 'mutation ($skuId: Int!, $stock: Int!) { setSkuStock(skuId: $skuId, stock: $stock) { skuId } }', { skuId, stock }, adminLogin.token);

    const heard: number[] = [];
    let refused: unknown;
    subscriber = createClient({ url: `${b.base.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 });
    subscriber.subscribe(
      { query: 'subscription ($s: [Int!]) { stockChanged(skuIds: $s) { skuId stock { totalStock } } }', variables: { s: [skuId] } },
      {
        next: (value) => void heard.push((value.data as { stockChanged: { stock: { totalStock: number } } }).stockChanged.stock.totalStock),
        error: (error) => void (refused = error),
        complete: () => undefined,
      },
    );
    // graphql-ws does not acknowledge a subscribe: set the stock again until B's subscriber has heard it.
    await expect
      .poll(
        async () => {
          if (refused) throw new Error(`the subscription was refused: ${JSON.stringify(refused)}`);
          await setStock();
          return heard.includes(stock);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);

    const { addToCart } = await graphql<{ addToCart: { id: string } }>(
      a,
      'mutation ($item: CartItemInputType!, $key: String) { addToCart(id: "", item: $item, idempotencyKey: $key) { id } }',
      { item: { skuId, quantity: 2 }, key: randomUUID() },
    );
    const { placeOrder } = await graphql<{ placeOrder: { status: string } }>(
      a,
      'mutation ($cartId: String!, $checkout: CheckoutInput!) { placeOrder(cartId: $cartId, checkout: $checkout) { status } }',
      { cartId: addToCart.id, checkout: VALID_PERSON },
    );
    expect(placeOrder.status).toBe('PLACED');
    await expect.poll(() => heard, { timeout: 10_000 }).toContain(stock - 2);
  });
});
