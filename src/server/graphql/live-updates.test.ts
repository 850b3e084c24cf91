import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, SqlParam, Transaction } from '../db/client';
import { createCustomerTokens } from '../modules/auth';
import { cartCalls, createSku } from '../modules/cart/cart-test-kit';
import { checkoutCalls, VALID_PERSON } from '../modules/checkout/checkout-test-kit';
import { ADMIN, adminToken, call, dataOf, logOut, signIn, signUp, type SignedUp } from '../modules/customer/customer-test-kit';
import { refreshPrices } from '../db/prepare';
import { startPriceRefresh } from '../price-refresh';
import { createTestApp, createTestAppPair, type TestApp } from '../testing/app';
import { openWritableTestDb, testDbKinds } from '../testing/db';
import { nextOf, openSocket, subscribe, within, type GraphQLSocket, type Message } from '../testing/graphql-socket';

const CART_FIELDS = 'id items { skuId quantity } warnings { code message skuId } summary { total { sellingPriceIncVat } }';
const CART_SUBSCRIPTION = `subscription ($id: String!, $languageId: String) { cartChanged(id: $id, languageId: $languageId) { ${CART_FIELDS} } }`;

interface CartEvent {
  id: string;
  items: { skuId: number; quantity: number }[];
  warnings: { code: string; message: string; skuId: number | null }[];
}

const cartOfEvent = (message: Message) => {
  const payload = message.payload as { data?: { cartChanged: CartEvent }; errors?: unknown[] };
  if (payload.errors) throw new Error(`errors: ${JSON.stringify(payload.errors)}`);
  return payload.data!.cartChanged;
};
const errorCodes = (message: Message) => ((message.payload as { errors?: { extensions?: { code?: string } }[] }).errors ?? []).map((e) => e.extensions?.code);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The first event of a subscription the server has taken: graphql-ws does not acknowledge a subscribe, so `poke`
 * (a publish that changes nothing) is repeated until an event comes.
 */
async function firstEvent(socket: GraphQLSocket, id: string, poke: () => unknown): Promise<Message> {
  const event = nextOf(socket, id);
  for (let i = 0; i < 200; i++) {
    poke();
    const got = await within(event, 50);
    if (got) return got;
  }
  throw new Error(`no event for ${id}`);
}

describe.each(testDbKinds())('live updates over graphql-ws on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  let baseUrl: string;
  const carts = cartCalls(() => app);
  const checkout = checkoutCalls(() => app);
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 4);
    app = await createTestApp(db, { ...ADMIN, TRUST_PROXY: '127.0.0.1' });
    baseUrl = await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const pokeCart = (cartId: string) => () => app.pubsub.publish('cartChanged', cartId, { cartId });
  const followCart = async (cartId: string, options: { token?: string; languageId?: string } = {}) => {
    const socket = await openSocket(baseUrl, { connectionParams: options.token ? bearer(options.token) : undefined });
    subscribe(socket, 'cart', CART_SUBSCRIPTION, { id: cartId, languageId: options.languageId ?? null });
    const first = await firstEvent(socket, 'cart', pokeCart(cartId));
    return { socket, first: cartOfEvent(first), next: async () => cartOfEvent(await nextOf(socket, 'cart')) };
  };
  const asCustomer = (token: string) => ({
    add: async (cartId: string, skuId: number, quantity: number) =>
      dataOf<CartEvent>(await call(app, `mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { ${CART_FIELDS} } }`, { id: cartId, item: { skuId, quantity } }, token)),
  });

  it('tells a guest cart by its id after every cart mutation, answering it as getCart would in the subscriber language', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const other = await createSku(db, { priceMinor: 5_000, stock: 5 });
    const { id } = await carts.add('', sku.skuId, 1);
    const follower = await followCart(id, { languageId: 'en' });
    expect(follower.first.items).toEqual([{ skuId: sku.skuId, quantity: 1 }]);

    await carts.add(id, sku.skuId, 1);
    expect((await follower.next()).items).toEqual([{ skuId: sku.skuId, quantity: 2 }]);
    await carts.add(id, other.skuId, 1);
    expect((await follower.next()).items).toHaveLength(2);
    await carts.update(id, other.skuId, 0);
    expect((await follower.next()).items).toEqual([{ skuId: sku.skuId, quantity: 2 }]);
    // More than stock: the cart caps the line, and the warning is in the subscriber's language.
    await carts.update(id, sku.skuId, 9);
    const capped = await follower.next();
    expect(capped.items).toEqual([{ skuId: sku.skuId, quantity: 5 }]);
    await carts.promo(id, 'NO-SUCH-CODE');
    // A wrong code changes nothing stored: no event for it; the next change comes next.
    await carts.update(id, sku.skuId, 1);
    expect((await follower.next()).items).toEqual([{ skuId: sku.skuId, quantity: 1 }]);
    follower.socket.ws.close();
  });

  it('reads a cart once per event for all its subscribers in one language, however many follow it', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const { id } = await carts.add('', sku.skuId, 1);
    // One socket holding many subscriptions to one cart, as one address may (its subscription cap).
    const socket = await openSocket(baseUrl);
    const names = Array.from({ length: 8 }, (_, n) => `cart-${n}`);
    for (const name of names) subscribe(socket, name, CART_SUBSCRIPTION, { id, languageId: null });
    // Pokes this test can tell from the cart's own events (a resolver reads the cart, not the event).
    const poke = () => app.pubsub.publish('cartChanged', id, { cartId: id, poke: true } as { cartId: string });
    for (const name of names) await firstEvent(socket, name, poke);
    // firstEvent may have poked again while a slow read was answering. A real change comes after those pokes (in
    // order, through Redis too): once the hub has heard its event and answered all it heard, no read of an
    // earlier event is still to come.
    const drained = names.map((name) => nextOf(socket, name));
    await carts.update(id, sku.skuId, 3);
    for (const message of await Promise.all(drained)) expect(cartOfEvent(message).items).toEqual([{ skuId: sku.skuId, quantity: 3 }]);
    await vi.waitFor(() => expect(app.live.lastReceived('cartChanged', id)).not.toHaveProperty('poke'));
    await app.live.settled();
    // Transactions that touch this cart (the app's background jobs share the database).
    const transaction = db.transaction.bind(db);
    let transactions = 0;
    db.transaction = (<T,>(fn: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        let counted = false;
        const counting = new Proxy(tx, {
          get: (target, property, receiver) =>
            property === 'query'
              ? (sql: string, params?: readonly SqlParam[]) => {
                  if (!counted && params?.includes(id)) {
                    counted = true;
                    transactions += 1;
                  }
                  return target.query(sql, params);
                }
              : Reflect.get(target, property, receiver),
        });
        return fn(counting);
      })) as Db['transaction'];
    try {
      const told = names.map((name) => nextOf(socket, name));
      // A change outside any transaction (subscribers are sent only answers that changed), then its event.
      await db.query('UPDATE cart_items SET quantity = 2 WHERE cart_id = $1', [id]);
      pokeCart(id)();
      for (const message of await Promise.all(told)) expect(cartOfEvent(message).items).toEqual([{ skuId: sku.skuId, quantity: 2 }]);
      await app.live.settled();
      expect(transactions).toBe(1);
    } finally {
      db.transaction = transaction;
      socket.ws.close();
    }
  });

  it('refuses to follow an id the server never makes as a cart id', async () => {
    const socket = await openSocket(baseUrl);
    subscribe(socket, 'odd', CART_SUBSCRIPTION, { id: 'x'.repeat(10_000) });
    expect(errorCodes(await nextOf(socket, 'odd'))).toEqual(['BAD_USER_INPUT']);
    socket.ws.close();
  });

  it('tells stock running out under a line, with the warning getCart gives, and getCart still gives it after', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const { id } = await carts.add('', sku.skuId, 3);
    const follower = await followCart(id, { languageId: 'en' });
    const admin = await adminToken(app);
    dataOf(await call(app, 'mutation ($s: Int!) { setSkuStock(skuId: $s, stock: 1) { skuId } }', { s: sku.skuId }, admin));
    const event = await follower.next();
    expect(event.items).toEqual([{ skuId: sku.skuId, quantity: 1 }]);
    expect(event.warnings).toEqual([expect.objectContaining({ code: 'STOCK_CHANGED', skuId: sku.skuId, message: expect.stringContaining(sku.en) })]);
    // The event recorded nothing: the shopper's next read tells the same correction (and records it).
    const read = await carts.get(id);
    expect(read.warnings.map((w) => w.code)).toEqual(['STOCK_CHANGED']);
    expect(read.items[0]?.quantity).toBe(1);
    follower.socket.ws.close();
  });

  it('tells the cart emptied by an order placed from it, and refilled when its payment fails', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const { id } = await carts.add('', sku.skuId, 2);
    const follower = await followCart(id);
    const placed = await checkout.place(id, { ...VALID_PERSON, email: 'fail@example.se' });
    expect(placed.status).toBe('PLACED');
    expect((await follower.next()).items).toEqual([]);
    const order = await checkout.completePayment(placed.orderId!, placed.token!);
    expect(order.paymentStatus).toBe('FAILED');
    expect((await follower.next()).items).toEqual([{ skuId: sku.skuId, quantity: 2 }]);
    follower.socket.ws.close();
  });

  it("tells claimCart to both carts: the guest cart's follower finds it gone, the customer's sees the lines arrive", async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const customer = await signUp(app);
    const own = await asCustomer(customer.token).add('', sku.skuId, 1);
    const guest = await carts.add('', sku.skuId, 2);
    const guestFollower = await followCart(guest.id);
    const ownFollower = await followCart(own.id, { token: customer.token });
    dataOf(await call(app, `mutation ($id: String!) { claimCart(id: $id) { id } }`, { id: guest.id }, customer.token));
    expect(await guestFollower.next()).toMatchObject({ id: '', items: [] });
    expect((await ownFollower.next()).items).toEqual([{ skuId: sku.skuId, quantity: 3 }]);
    guestFollower.socket.ws.close();
    ownFollower.socket.ws.close();
  });

  describe("a customer's cart", () => {
    let owner: SignedUp;
    let cartId: string;
    let skuId: number;
    beforeAll(async () => {
      owner = await signUp(app);
      ({ skuId } = await createSku(db, { priceMinor: 10_000, stock: 50 }));
      cartId = (await asCustomer(owner.token).add('', skuId, 1)).id;
    });

    it('is refused (FORBIDDEN) to another customer and to a connection without a token, and followed with its own', async () => {
      const stranger = await signUp(app);
      for (const connectionParams of [bearer(stranger.token), undefined]) {
        const socket = await openSocket(baseUrl, { connectionParams });
        subscribe(socket, 'theirs', CART_SUBSCRIPTION, { id: cartId });
        expect(errorCodes(await nextOf(socket, 'theirs'))).toEqual(['FORBIDDEN']);
        socket.ws.close();
      }
      const follower = await followCart(cartId, { token: owner.token });
      await asCustomer(owner.token).add(cartId, skuId, 1);
      expect((await follower.next()).items).toEqual([{ skuId, quantity: 2 }]);
      follower.socket.ws.close();
    });

    it('closes the connection with 4401 at the next event once its session has signed out', async () => {
      const session = await signIn(app, owner);
      const follower = await followCart(cartId, { token: session });
      await logOut(app, session);
      await asCustomer(owner.token).add(cartId, skuId, 1);
      expect(await follower.socket.closed).toBe(4401);
    });
  });

  describe('the connection', () => {
    it('refuses a token that is not valid, or not a Bearer token, with 4401; no token is a guest', async () => {
      await expect(openSocket(baseUrl, { connectionParams: bearer('not-a-token') })).rejects.toThrow('closed 4401');
      await expect(openSocket(baseUrl, { connectionParams: { authorization: 'Basic abc' } })).rejects.toThrow('closed 4401');
      const signedOut = await signUp(app);
      await logOut(app, signedOut.token);
      await expect(openSocket(baseUrl, { connectionParams: bearer(signedOut.token) })).rejects.toThrow('closed 4401');
      (await openSocket(baseUrl)).ws.close();
    });

    it('closes with 4401 when the token runs out while connected', async () => {
      const customer = await signUp(app);
      const claims = JSON.parse(Buffer.from(customer.token.split('.')[1]!, 'base64url').toString()) as { sid: string };
      // The same session, in a token that runs out in a second or two (exp is in whole seconds).
      const short = await createCustomerTokens(db).issue({ customerId: customer.customerId, sessionId: claims.sid, exp: Math.floor(Date.now() / 1000) + 2, shopAs: false });
      const socket = await openSocket(baseUrl, { connectionParams: bearer(short) });
      const opened = Date.now();
      expect(await socket.closed).toBe(4401);
      expect(socket.closeReason()).toContain('expired');
      expect(Date.now() - opened).toBeLessThan(4_000);
    });
  });

  it('tells pricesChanged subscribers of the products whose prices a campaign starting changed, and only theirs', async () => {
    const sku = await createSku(db, { priceMinor: 10_000 });
    const unrelated = await createSku(db, { priceMinor: 10_000 });
    // The new products' lowest prices materialised, as the hourly refresh would have done.
    await refreshPrices(db);
    const socket = await openSocket(baseUrl);
    subscribe(socket, 'p', 'subscription ($p: [Int!]) { pricesChanged(productIds: $p) { productIds } }', { p: [sku.productId] });
    // Ready once a publish for another product and its own came through: only its own is told.
    const first = await firstEvent(socket, 'p', () => app.pubsub.publish('pricesChanged', { productIds: [unrelated.productId, sku.productId] }));
    expect(first.payload).toEqual({ data: { pricesChanged: { productIds: [sku.productId] } } });

    await db.transaction(async (tx) => {
      const [{ id } = { id: 0 }] = await tx.query<{ id: number }>('SELECT max(campaign_id) + 1 AS id FROM discount_campaigns');
      await tx.query(`INSERT INTO discount_campaigns (campaign_id, type, value, starts_at) VALUES ($1, 'PERCENT', 10, now())`, [id]);
      await tx.query('INSERT INTO product_discount_campaigns (product_id, campaign_id) VALUES ($1, $2)', [sku.productId, id]);
    });
    const refresh = startPriceRefresh({ db, pubsub: app.pubsub, intervalMs: 60_000, onError: (error) => expect.fail(String(error)) });
    try {
      expect((await nextOf(socket, 'p')).payload).toEqual({ data: { pricesChanged: { productIds: [sku.productId] } } });
    } finally {
      await refresh.stop();
      socket.ws.close();
    }
  });
});

describe('keep-alive', () => {
  let db: Db;
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    app = await createTestApp(db, { WS_PING_INTERVAL_MS: '200', TRUST_PROXY: '127.0.0.1', WS_MAX_SOCKETS_PER_ADDRESS: '1' });
    baseUrl = await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('cuts a socket whose client stopped answering pings, and gives its slot back; one that answers stays', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const dead = await openSocket(baseUrl, { headers, ws: { autoPong: false } });
    const started = Date.now();
    // Cut without a close handshake: the client sees 1006.
    expect(await dead.closed).toBe(1006);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Its slot (the address may hold one socket) is free again.
    await expect.poll(() => openSocket(baseUrl, { headers }).then((s) => (s.ws.close(), true), () => false)).toBe(true);
    const live = await openSocket(baseUrl, { headers: { 'x-forwarded-for': '198.51.100.78' } });
    expect(await within(live.closed, 1_000)).toBeNull();
    live.ws.close();
  });
});

describe.runIf(process.env.REDIS_URL)('a cart changed through one instance, followed on another, through Redis', () => {
  let db: Db;
  let apps: Awaited<ReturnType<typeof createTestAppPair>>;
  let followedUrl: string;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    apps = await createTestAppPair(db, { REDIS_URL: process.env.REDIS_URL! });
    followedUrl = await apps.first.start();
  });
  afterAll(async () => {
    await apps.close();
    await db.close();
  });

  it('reaches the subscriber on the other instance', async () => {
    const carts = cartCalls(() => apps.second);
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const { id } = await carts.add('', sku.skuId, 1);
    const socket = await openSocket(followedUrl);
    subscribe(socket, 'cart', CART_SUBSCRIPTION, { id, languageId: null });
    await firstEvent(socket, 'cart', () => apps.second.pubsub.publish('cartChanged', id, { cartId: id }));
    await carts.add(id, sku.skuId, 2);
    expect(cartOfEvent(await nextOf(socket, 'cart')).items).toEqual([{ skuId: sku.skuId, quantity: 3 }]);
    socket.ws.close();
  });
});
