import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { gql } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import type { StockChangedEvent } from '../../pubsub';
import { cartCalls, createSku, openCartApp, type TestApp } from '../cart/cart-test-kit';
import { checkoutCalls, ORDER, stockOfSku, VALID_PERSON, type OrderResult } from '../checkout/checkout-test-kit';

const ADMIN = { ADMIN_EMAIL: 'admin@retro.example', ADMIN_PASSWORD: 'correct horse battery' };

describe.each(testDbKinds())('orders and the admin API on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const cart = cartCalls(() => app);
  const checkout = checkoutCalls(() => app);
  openCartApp(
    kind,
    (openedDb, openedApp) => {
      db = openedDb;
      app = openedApp;
    },
    ADMIN
  );

  const login = (email: string, password: string, languageId = 'sv') =>
    gql<{ adminLogin: { token: string; email: string; role: string; expiresAt: string } }>(
      app,
      `mutation ($email: String!, $password: String!, $languageId: String) {
         adminLogin(email: $email, password: $password, languageId: $languageId) { token email role expiresAt } }`,
      { email, password, languageId },
    );

  async function adminToken(): Promise<string> {
    const answer = await login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    return answer.body.data!.adminLogin.token;
  }

  /** POSTs with an Authorization header, as the admin UI would. */
  async function asAdmin<T>(token: string | null, query: string, variables: Record<string, unknown>) {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { query, variables },
    });
    return res.json() as { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };
  }

  const setStatus = (token: string | null, orderId: string, status: string, languageId = 'sv') =>
    asAdmin<{ setOrderStatus: OrderResult }>(
      token,
      `mutation ($orderId: String!, $status: OrderStatus!, $languageId: String) {
         setOrderStatus(orderId: $orderId, status: $status, languageId: $languageId) { ${ORDER} } }`,
      { orderId, status, languageId },
    );

  async function placedOrder(quantity: number, stock = 10) {
    const sku = await createSku(db, { priceMinor: 10_000, stock });
    const cartId = (await cart.add('', sku.skuId, quantity)).id;
    const placed = await checkout.place(cartId, VALID_PERSON);
    expect(placed.status).toBe('PLACED');
    return { sku, orderId: placed.orderId!, token: placed.token! };
  }

  /** An order whose payment came back paid: only such an order may be packed and shipped. */
  async function paidOrder(quantity: number, stock = 10) {
    const order = await placedOrder(quantity, stock);
    expect((await checkout.completePayment(order.orderId, order.token)).paymentStatus).toBe('PAID');
    return order;
  }

  describe('order mails', () => {
    it('queues the confirmation once when the payment settles, and the shipped mail when the order is completed', async () => {
      const { orderId, token } = await placedOrder(2);
      const [order] = await db.query<{ order_number: number }>('SELECT order_number FROM orders WHERE order_id = $1', [orderId]);
      const number = String(order!.order_number);
      const outbox = () =>
        db.query<{ kind: string; to_address: string; subject: string }>(
          "SELECT kind, to_address, subject FROM mail_outbox WHERE subject LIKE '%' || $1 || '%' ORDER BY created_at, kind",
          [number],
        );
      expect(await outbox()).toEqual([]);
      await checkout.completePayment(orderId, token);
      await checkout.completePayment(orderId, token);
      expect(await outbox()).toEqual([{ kind: 'orderconfirmed', to_address: VALID_PERSON.email, subject: `Tack för din beställning ${number}` }]);
      const admin = await adminToken();
      await setStatus(admin, orderId, 'PROCESSING');
      await setStatus(admin, orderId, 'COMPLETED');
      expect((await outbox()).map((m) => m.kind)).toEqual(['orderconfirmed', 'ordershipped']);
    });

    it('names the shipping method once, as the method is called (its name already names the carrier)', async () => {
      const { orderId } = await paidOrder(1);
      const admin = await adminToken();
      await setStatus(admin, orderId, 'PROCESSING');
      await setStatus(admin, orderId, 'COMPLETED');
      const mails = await db.query<{ kind: string; html: string; text: string }>('SELECT kind, html, text FROM mail_outbox WHERE order_id = $1 ORDER BY kind', [orderId]);
      expect(mails.map((m) => m.kind)).toEqual(['orderconfirmed', 'ordershipped']);
      for (const mail of mails) {
        expect(mail.text, mail.kind).toContain('Leveranssätt: PostNord – hämta hos ombud');
        for (const part of [mail.html, mail.text]) expect(part.split('PostNord').length - 1, mail.kind).toBe(1);
      }
    });

    it("shows a stored order mail only to the holder of that order's token or an admin", async () => {
      const mine = await paidOrder(1);
      const other = await paidOrder(1);
      const [mail] = await db.query<{ id: string; message_id: string }>("SELECT id, message_id FROM mail_outbox WHERE order_id = $1 AND kind = 'orderconfirmed'", [mine.orderId]);
      expect(mail).toBeDefined();
      expect(mail!.message_id).not.toBe(mail!.id);
      const preview = (query: string, headers: Record<string, string> = {}) =>
        app.fastify.inject({ url: `/mail/orderconfirmed/${mail!.id}${query}`, headers: { accept: 'text/html', ...headers } });
      // The mail names the customer: nobody without the order's own token sees it, and the answer is the same 404
      // as for an id that does not exist.
      for (const query of ['', '?token=', `?token=${other.token}`, `?token=${mine.token}x`, `?token=${mine.token.slice(0, -1)}`]) {
        const res = await preview(query);
        expect(res.statusCode, query).toBe(404);
        expect(res.body, query).not.toContain(VALID_PERSON.email);
        expect(res.body, query).not.toContain(VALID_PERSON.lastName);
      }
      expect((await preview('', { authorization: 'Bearer not-a-token' })).statusCode).toBe(404);
      const withToken = await preview(`?token=${mine.token}`);
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toContain(VALID_PERSON.email);
      const asStaff = await preview('', { authorization: `Bearer ${await adminToken()}` });
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.body).toContain(VALID_PERSON.email);
    });

    it('sends no confirmation for an order staff cancelled before its payment came back', async () => {
      const { orderId, token } = await placedOrder(1);
      await setStatus(await adminToken(), orderId, 'CANCELLED');
      const settled = await checkout.completePayment(orderId, token);
      expect(settled).toMatchObject({ status: 'CANCELLED', paymentStatus: 'PAID' });
      const [order] = await db.query<{ order_number: number }>('SELECT order_number FROM orders WHERE order_id = $1', [orderId]);
      expect(await db.query("SELECT 1 FROM mail_outbox WHERE subject LIKE '%' || $1", [String(order!.order_number)])).toEqual([]);
    });
  });

  describe('admin sign-in', () => {
    it('signs in the admin seeded from the environment, with any letter case in the email', async () => {
      const answer = await login('Admin@Retro.Example', ADMIN.ADMIN_PASSWORD);
      expect(answer.body.data!.adminLogin).toMatchObject({ email: ADMIN.ADMIN_EMAIL, role: 'admin' });
      expect(Date.parse(answer.body.data!.adminLogin.expiresAt)).toBeGreaterThan(Date.now() + 7 * 3600_000);
      const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM admin_users WHERE email = $1', [ADMIN.ADMIN_EMAIL]);
      expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(row!.password_hash).not.toContain(ADMIN.ADMIN_PASSWORD);
    });

    it('refuses a wrong password or unknown email with the spec text and UNAUTHENTICATED', async () => {
      for (const [email, password] of [[ADMIN.ADMIN_EMAIL, 'wrong password!'], ['nobody@retro.example', ADMIN.ADMIN_PASSWORD]] as const) {
        const answer = await login(email, password);
        expect(answer.body.data).toBeNull();
        expect(answer.body.errors?.[0]).toMatchObject({ message: 'Fel email eller lösenord, försök gärna igen', extensions: { code: 'UNAUTHENTICATED' } });
      }
      expect((await login('nobody@retro.example', 'x', 'en')).body.errors?.[0]?.message).toBe('Wrong email or password, please try again');
    });
  });

  describe('order status', () => {
    it('requires a valid admin token to change an order', async () => {
      const { orderId } = await placedOrder(1);
      const token = await adminToken();
      const [payload, signature] = token.split('.');
      const forged = `${Buffer.from(JSON.stringify({ sub: 1, email: 'x', role: 'admin', exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
      for (const bad of [null, 'not-a-token', forged, `${payload}.${'A'.repeat(signature!.length)}`]) {
        const answer = await setStatus(bad, orderId, 'PROCESSING');
        expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
      const [row] = await db.query<{ status: string }>('SELECT status FROM orders WHERE order_id = $1', [orderId]);
      expect(row!.status).toBe('RECEIVED');
    });

    it('moves received → processing → completed and refuses skipping or leaving a final status', async () => {
      const token = await adminToken();
      const { orderId } = await paidOrder(1);
      const skip = await setStatus(token, orderId, 'COMPLETED');
      expect(skip.errors?.[0]).toMatchObject({ message: 'En order som är Mottagen kan inte bli Slutförd', extensions: { code: 'BAD_USER_INPUT' } });
      expect((await setStatus(token, orderId, 'PROCESSING')).data!.setOrderStatus).toMatchObject({ status: 'PROCESSING', statusLabel: 'Behandlas' });
      expect((await setStatus(token, orderId, 'RECEIVED')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect((await setStatus(token, orderId, 'COMPLETED')).data!.setOrderStatus).toMatchObject({ status: 'COMPLETED', statusLabel: 'Slutförd' });
      expect((await setStatus(token, orderId, 'CANCELLED')).errors?.[0]?.message).toBe('En order som är Slutförd kan inte bli Avbruten');
      const changes = await db.query<{ from_status: string | null; to_status: string; changed_by: string }>(
        'SELECT from_status, to_status, changed_by FROM order_status_changes WHERE order_id = $1 ORDER BY changed_at, to_status DESC',
        [orderId],
      );
      expect(changes.map((c) => `${c.from_status}→${c.to_status}`)).toEqual(['null→RECEIVED', 'RECEIVED→PROCESSING', 'PROCESSING→COMPLETED']);
      expect(changes[1]!.changed_by).toBe(`admin:${ADMIN.ADMIN_EMAIL}`);
    });

    it('returns the stock when an order is cancelled, once, from received or processing', async () => {
      const token = await adminToken();
      const first = await placedOrder(3, 10);
      expect(await stockOfSku(db, first.sku.skuId)).toBe(7);
      const cancelled = await setStatus(token, first.orderId, 'CANCELLED');
      expect(cancelled.data!.setOrderStatus).toMatchObject({ status: 'CANCELLED', statusLabel: 'Avbruten' });
      expect(await stockOfSku(db, first.sku.skuId)).toBe(10);
      expect((await setStatus(token, first.orderId, 'CANCELLED')).data!.setOrderStatus.status).toBe('CANCELLED');
      expect(await stockOfSku(db, first.sku.skuId)).toBe(10);
      expect((await setStatus(token, first.orderId, 'PROCESSING')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

      const second = await paidOrder(2, 4);
      await setStatus(token, second.orderId, 'PROCESSING');
      await setStatus(token, second.orderId, 'CANCELLED');
      expect(await stockOfSku(db, second.sku.skuId)).toBe(4);
      expect((await checkout.order(second.orderId, second.token))!.status).toBe('CANCELLED');
    });
  });

  describe('unpaid orders', () => {
    const statusOf = async (orderId: string) =>
      (await db.query<{ status: string; payment_status: string }>('SELECT status, payment_status FROM orders WHERE order_id = $1', [orderId]))[0]!;

    it('are not processed or shipped before the payment is complete, in either language, but may be cancelled', async () => {
      const token = await adminToken();
      const pending = await placedOrder(1);
      const refused = await setStatus(token, pending.orderId, 'PROCESSING');
      expect(refused.errors?.[0]).toMatchObject({ message: 'Ordern kan inte behandlas innan betalningen är klar', extensions: { code: 'BAD_USER_INPUT' } });
      expect((await setStatus(token, pending.orderId, 'PROCESSING', 'en')).errors?.[0]?.message).toBe(
        'The order cannot be processed before the payment is complete',
      );
      expect(await statusOf(pending.orderId)).toEqual({ status: 'RECEIVED', payment_status: 'PENDING' });

      // An order already processing (from before this rule) is not shipped unpaid either.
      await db.query("UPDATE orders SET status = 'PROCESSING' WHERE order_id = $1", [pending.orderId]);
      expect((await setStatus(token, pending.orderId, 'COMPLETED')).errors?.[0]?.message).toBe('Ordern kan inte behandlas innan betalningen är klar');

      // A failed payment is not complete either.
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const placed = await checkout.place((await cart.add('', sku.skuId, 1)).id, { ...VALID_PERSON, email: 'fail@example.se' });
      await db.query("UPDATE orders SET payment_status = 'FAILED' WHERE order_id = $1", [placed.orderId]);
      expect((await setStatus(token, placed.orderId!, 'PROCESSING')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

      expect((await setStatus(token, pending.orderId, 'CANCELLED')).data!.setOrderStatus.status).toBe('CANCELLED');
      expect(await stockOfSku(db, pending.sku.skuId)).toBe(10);
    });

    it('keeps a shipped order and its stock when its payment fails afterwards: the failure is recorded only', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const cartId = (await cart.add('', sku.skuId, 2)).id;
      const placed = await checkout.place(cartId, { ...VALID_PERSON, email: 'fail+blocked@example.se' });
      // Shipped unpaid, as setOrderStatus allowed before it waited for the payment.
      await db.query("UPDATE orders SET status = 'COMPLETED' WHERE order_id = $1", [placed.orderId]);
      const settled = await checkout.completePayment(placed.orderId!, placed.token!);
      expect(settled).toMatchObject({ status: 'COMPLETED', paymentStatus: 'FAILED', paymentFailureReason: 'BLOCKED' });
      expect(await stockOfSku(db, sku.skuId)).toBe(3);
      // Nothing is put back in the cart for goods that have left.
      expect(await db.query('SELECT 1 FROM cart_items WHERE cart_id = $1', [cartId])).toEqual([]);
      const changes = await db.query<{ to_status: string }>('SELECT to_status FROM order_status_changes WHERE order_id = $1', [placed.orderId]);
      expect(changes.map((c) => c.to_status)).toEqual(['RECEIVED']);
    });
  });

  describe('setSkuStock', () => {
    const setSkuStock = (token: string | null, skuId: number, stock: number) =>
      asAdmin<{ setSkuStock: { skuId: number; stock: { totalStock: number; status: string } } }>(
        token,
        `mutation ($skuId: Int!, $stock: Int!) { setSkuStock(skuId: $skuId, stock: $stock) { skuId stock { totalStock status } } }`,
        { skuId, stock },
      );

    it('needs the admin, sets the stock and tells stockChanged subscribers', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 1 });
      expect((await setSkuStock(null, sku.skuId, 9)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(await stockOfSku(db, sku.skuId)).toBe(1);

      const events = app.pubsub.subscribe('stockChanged')[Symbol.asyncIterator]();
      const next = events.next();
      const answer = await setSkuStock(await adminToken(), sku.skuId, 9);
      expect(answer.data!.setSkuStock).toEqual({ skuId: sku.skuId, stock: { totalStock: 9, status: 'IN_STOCK' } });
      expect(await stockOfSku(db, sku.skuId)).toBe(9);
      const event = (await next).value as StockChangedEvent;
      expect(event).toMatchObject({ skuId: sku.skuId, productId: sku.productId, stock: { totalStock: 9 } });
      await events.return?.();
    });

    it('refuses a negative stock and an unknown SKU as bad input', async () => {
      const token = await adminToken();
      const sku = await createSku(db, { priceMinor: 10_000, stock: 1 });
      expect((await setSkuStock(token, sku.skuId, -1)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect((await setSkuStock(token, 99_999_999, 1)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });
});
