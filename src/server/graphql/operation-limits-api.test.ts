import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../db/client';
import { countingDb } from '../testing/counting-db';
import { createTestApp, gql } from '../testing/app';
import { openTestDb, testDbKinds } from '../testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** The attacker's query: relatedProducts(limit: 100) six levels deep, within the depth limit of 8. */
const sixLevels = (() => {
  let selection = 'name';
  for (let level = 0; level < 6; level++) selection = `relatedProducts(limit: 100) { name ${selection} }`;
  return `{ products(filter: { limit: 1 }) { count } product(alias: "x") { ${selection} } }`;
})();

describe.each(testDbKinds())('operation limits over the API on %s', (kind) => {
  let db: Db;
  let counted: ReturnType<typeof countingDb>;
  let app: App;
  let address: string;
  beforeAll(async () => {
    db = await openTestDb(kind);
    counted = countingDb(db);
    app = await createTestApp(counted.db);
    address = await app.start();
    // The app's own start-up reads (on PostgreSQL, the shared test database may hold another file's back-in-stock
    // requests, whose SKUs it reads) are no query's: counting starts after them.
    await app.settled();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('refuses relatedProducts nested six levels deep over POST and GET before running any query', async () => {
    counted.statements.length = 0;
    const post = await gql(app, sixLevels);
    expect(post.body.data).toBeUndefined();
    expect(post.body.errors?.map((e) => e.extensions?.code)).toContain('LIST_NESTED_TOO_DEEPLY');
    const get = await app.fastify.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(sixLevels)}` });
    const body = get.json() as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((e) => e.extensions?.code)).toContain('LIST_NESTED_TOO_DEEPLY');
    expect(counted.statements).toEqual([]);
  });

  // The socket serves subscriptions only (websocket.ts), validated through the same envelop as HTTP: whichever
  // refuses it first, the query never runs there.
  it('refuses the same query over the websocket', async () => {
    const client = createClient({ url: `${address.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    counted.statements.length = 0;
    try {
      const result = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: sixLevels }, { next: resolve, error: resolve, complete: () => undefined });
      });
      expect(JSON.stringify(result)).toMatch(/LIST_NESTED_TOO_DEEPLY|OPERATION_NOT_ALLOWED/);
      expect(counted.statements).toEqual([]);
    } finally {
      await client.dispose();
    }
  });

  it('refuses a wide query with large limits by its cost', async () => {
    const wide = Array.from({ length: 10 }, (_, i) => `p${i}: products(filter: { limit: 100, offset: ${i} }) { products {
      productId name alias canonicalUrl images brand { brandId name alias canonicalUrl }
      unitPrice { isDiscounted sellingPriceIncVatFormatted regularPriceIncVatFormatted sellingPriceIncVat discountPercentage }
      stock { inStock totalStock status incoming } skus { skuId } } }`);
    const { body } = await gql(app, `{ ${wide.join(' ')} }`);
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((e) => e.extensions?.code)).toContain('OPERATION_TOO_COSTLY');
  });

  it('loads the related products and the parameters of every line of a cart in one query each', async () => {
    const list = await gql<{ products: { products: { skus: { skuId: number; stock: { inStock: boolean } }[] }[] } }>(
      app,
      '{ products(filter: { limit: 30, sort: BESTSELLERS }) { products { skus { skuId stock { inStock } } } } }',
    );
    const skuIds = list.body.data!.products.products
      .map((p) => p.skus.find((s) => s.stock.inStock)?.skuId)
      .filter((id) => id !== undefined)
      .slice(0, 5);
    expect(skuIds).toHaveLength(5);
    let cartId = (await gql<{ getCart: { id: string } }>(app, '{ getCart(id: "new") { id } }')).body.data!.getCart.id;
    for (const skuId of skuIds) {
      const added = await gql<{ addToCart: { id: string } }>(app, 'mutation ($id: String!, $s: Int!) { addToCart(id: $id, item: { skuId: $s, quantity: 1 }) { id } }', { id: cartId, s: skuId });
      cartId = added.body.data!.addToCart.id;
    }
    const cart = (related: string) => gql<{ getCart: { items: { product: { relatedProducts?: unknown[] } }[] } }>(
      app,
      `query ($id: String!) { getCart(id: $id) { items { product { name ${related} } } } }`,
      { id: cartId },
    );
    counted.statements.length = 0;
    const without = await cart('');
    expect(without.body.errors).toBeUndefined();
    const plain = counted.statements.length;
    for (const extra of ['relatedProducts(limit: 3) { name }', 'parameters { name value }']) {
      counted.statements.length = 0;
      const withExtra = await cart(extra);
      expect(withExtra.body.errors).toBeUndefined();
      expect(withExtra.body.data!.getCart.items).toHaveLength(5);
      expect(counted.statements.length - plain, extra).toBe(1);
    }
    const related = (await cart('relatedProducts(limit: 3) { name }')).body.data!.getCart.items;
    expect(related.every((i) => i.product.relatedProducts!.length > 0 && i.product.relatedProducts!.length <= 3)).toBe(true);
  });

  it('answers introspection with an error', async () => {
    const { body } = await gql(app, '{ __schema { queryType { name } } }');
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((e) => e.extensions?.code)).toContain('INTROSPECTION_DISABLED');
  });
});

describe.each(testDbKinds())('the operation deadline on %s', (kind) => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await openTestDb(kind);
    // Already passed when the operation starts: every query it would run is refused.
    app = await createTestApp(db, {}, { operationDeadlineMs: -1 });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('stops an operation past its deadline with a clear error, and /healthz still answers', async () => {
    const { body } = await gql(app, '{ products { count } }');
    expect(body.errors?.[0]?.message).toMatch(/took too long/);
    expect(body.errors?.[0]?.extensions?.code).toBe('OPERATION_TIMEOUT');
    const health = await app.fastify.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('never stops a mutation halfway: a cart change (or a placed order) runs to its end', async () => {
    const [sku] = await db.query<{ sku_id: number }>('SELECT sku_id FROM skus WHERE stock > 5 ORDER BY sku_id LIMIT 1');
    const { body } = await gql<{ addToCart: { items: { quantity: number }[] } }>(
      app,
      'mutation ($item: CartItemInputType!) { addToCart(id: "", item: $item) { items { quantity } } }',
      { item: { skuId: sku!.sku_id, quantity: 1 } },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.addToCart.items).toEqual([{ quantity: 1 }]);
  });
});
