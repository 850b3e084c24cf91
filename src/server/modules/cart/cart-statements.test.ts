import { randomUUID } from 'node:crypto';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddToCartDocument } from '../../../client/graphql/generated/documents/AddToCart';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/app';
import { countingDb } from '../../testing/counting-db';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { call, dataOf, signUp } from '../customer/customer-test-kit';
import { createSku, type FixtureSku } from './cart-test-kit';

/*
 * What one addToCart costs the database: every statement of the request (the session check, the cart's own
 * transaction with its BEGIN and COMMIT, the product and SKU fields the shop's own AddToCart document asks for).
 * The bounds are today's counts: a change that adds a statement to the busiest mutation of the shop fails here.
 */
const ADD_TO_CART = print(AddToCartDocument);

/**
 * The most statements each case may take (today's counts). Before the cart store was cut down they were 14, 14,
 * 14, 17 and 15. Three of each are the catalog's loaders after the cart's transaction (product, SKUs, brand), and
 * a signed-in request first checks its session.
 */
const BOUND = {
  guestFirstAdd: 9,
  guestNewLine: 10,
  guestSameLine: 9,
  customerFirstAdd: 11,
  customerLaterAdd: 11,
};

interface AddedCart {
  id: string;
  items: { skuId: number; quantity: number }[];
}

describe.each(testDbKinds())('statements per addToCart on %s', (kind) => {
  let db: Db;
  let counted: ReturnType<typeof countingDb>;
  let app: TestApp;
  let first: FixtureSku;
  let second: FixtureSku;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    counted = countingDb(db);
    app = await createTestApp(counted.db);
    first = await createSku(db, { priceMinor: 29_900, stock: 10 });
    second = await createSku(db, { priceMinor: 14_900, stock: 10 });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  /** One addToCart as the shop sends it, with the statements it ran. */
  async function add(id: string, skuId: number, token?: string): Promise<{ cart: AddedCart; statements: string[] }> {
    counted.statements.length = 0;
    const variables = { id, item: { skuId, quantity: 1 }, idempotencyKey: randomUUID(), languageId: 'sv' };
    const cart = dataOf<AddedCart>(await call(app, ADD_TO_CART, variables, token));
    return { cart, statements: [...counted.statements] };
  }

  const listed = (statements: string[]) => statements.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 140)}`).join('\n');

  it("a guest's first add, a new line in their cart, and one more of a line each stay within their bound", async () => {
    const started = await add('', first.skuId);
    expect(started.cart.items).toEqual([expect.objectContaining({ skuId: first.skuId, quantity: 1 })]);
    expect(started.statements.length, listed(started.statements)).toBeLessThanOrEqual(BOUND.guestFirstAdd);

    const newLine = await add(started.cart.id, second.skuId);
    expect(newLine.cart.items.map((i) => [i.skuId, i.quantity])).toEqual([[first.skuId, 1], [second.skuId, 1]]);
    expect(newLine.statements.length, listed(newLine.statements)).toBeLessThanOrEqual(BOUND.guestNewLine);

    const sameLine = await add(started.cart.id, first.skuId);
    expect(sameLine.cart.items.map((i) => [i.skuId, i.quantity])).toEqual([[first.skuId, 2], [second.skuId, 1]]);
    expect(sameLine.statements.length, listed(sameLine.statements)).toBeLessThanOrEqual(BOUND.guestSameLine);
  });

  it("a signed-in customer's first add (their cart made now) and a later one stay within their bound", async () => {
    const customer = await signUp(app);
    const started = await add('', first.skuId, customer.token);
    expect(started.cart.items).toEqual([expect.objectContaining({ skuId: first.skuId, quantity: 1 })]);
    expect(started.statements.length, listed(started.statements)).toBeLessThanOrEqual(BOUND.customerFirstAdd);

    const later = await add(started.cart.id, second.skuId, customer.token);
    expect(later.cart.items.map((i) => [i.skuId, i.quantity])).toEqual([[first.skuId, 1], [second.skuId, 1]]);
    expect(later.statements.length, listed(later.statements)).toBeLessThanOrEqual(BOUND.customerLaterAdd);
  });

  it("puts a signed-in customer's concurrent first adds into one cart of theirs (the cart made by one, locked by the others)", async () => {
    const customer = await signUp(app);
    const answers = await Promise.all([first, second, first, second].map((sku) => add('', sku.skuId, customer.token)));
    expect(new Set(answers.map((a) => a.cart.id)).size).toBe(1);
    const [row] = await db.query<{ carts: number; units: number }>(
      'SELECT count(DISTINCT c.cart_id)::int AS carts, sum(i.quantity)::int AS units FROM carts c JOIN cart_items i ON i.cart_id = c.cart_id WHERE c.customer_id = $1',
      [customer.customerId],
    );
    expect(row).toEqual({ carts: 1, units: 4 });
  });
});
