import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Db } from '../db/client';
import { createTestApp, createTestAppPair } from '../testing/app';
import { openTestDb } from '../testing/db';
import { createOutbox, type PubSub, type StockChangedEvent } from '../pubsub';

type App = Awaited<ReturnType<typeof createTestApp>>;

function wsClient(address: string): Client {
  return createClient({ url: `${address.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
}

function firstEvent(client: Client, skuIds: number[]): { ready: Promise<void>; event: Promise<unknown> } {
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (resolveReady = r));
  const event = new Promise((resolve, reject) => {
    const dispose = client.subscribe(
      { query: 'subscription ($s: [Int!]) { stockChanged(skuIds: $s) { skuId productId stock { totalStock status } } }', variables: { s: skuIds } },
      {
        next: (value) => {
          dispose();
          resolve(value);
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
  // The server may receive a publish before it has processed the subscribe message, so the tests below
  // publish repeatedly (expect.poll) until the first event arrives.
  void client.on('connected', () => resolveReady());
  return { ready, event };
}

/** As a committed stock change publishes it (changeStock's outbox). */
function publishStock(pubsub: PubSub, event: StockChangedEvent) {
  const outbox = createOutbox(pubsub);
  outbox.stockChanged(event);
  outbox.publish();
}

const stock = { inStock: true, oversellable: false, totalStock: 3, static: false, incoming: null, status: 'FEW_LEFT' as const };

describe('stockChanged over graphql-ws on /graphql', () => {
  let db: Db;
  let app: App;
  let address: string;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db);
    address = await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('delivers events for the SKUs asked for, and not others', async () => {
    const client = wsClient(address);
    const { ready, event } = firstEvent(client, [42]);
    await ready;
    await expect.poll(async () => {
      publishStock(app.pubsub, { skuId: 7, productId: 1, stock });
      publishStock(app.pubsub, { skuId: 42, productId: 9, stock });
      return Promise.race([event, new Promise((r) => setTimeout(() => r(null), 50))]);
    }, { timeout: 10_000 }).toEqual({ data: { stockChanged: { skuId: 42, productId: 9, stock: { totalStock: 3, status: 'FEW_LEFT' } } } });
    await client.dispose();
  });
});

describe.runIf(process.env.REDIS_URL)('stock events across two server instances through Redis', () => {
  let db: Db;
  let apps: Awaited<ReturnType<typeof createTestAppPair>>;
  let address: string;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    apps = await createTestAppPair(db, { REDIS_URL: process.env.REDIS_URL! });
    address = await apps.first.start();
  });
  afterAll(async () => {
    await apps.close();
    await db.close();
  });

  it('a subscriber on one instance sees a change published by the other', async () => {
    const client = wsClient(address);
    const skuId = 100_000 + Math.floor(Math.random() * 100_000);
    const { ready, event } = firstEvent(client, [skuId]);
    await ready;
    await expect.poll(async () => {
      publishStock(apps.second.pubsub, { skuId, productId: 1, stock });
      return Promise.race([event, new Promise((r) => setTimeout(() => r(null), 100))]);
    }, { timeout: 10_000 }).toMatchObject({ data: { stockChanged: { skuId } } });
    await client.dispose();
  });
});
