import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import { testDbKinds } from '../../testing/db';
import { CART_SELECTION, createSku, type CartResult } from '../cart/cart-test-kit';
import { VALID_PERSON, type PlaceResult } from '../checkout/checkout-test-kit';
import { adminToken, call, dataOf, openAccountApp, signUp, type SignedUp, type TestApp } from '../customer/customer-test-kit';

const TOTALS = `totalIncVat giftCardIncVat storeCreditIncVat storeCreditIncVatFormatted amountToPayIncVat amountToPayIncVatFormatted`;
const PLACED = 'status orderId orderNumber token redirectUrl message validationErrors { field message }';
const BALANCE = 'amount amountFormatted movements { createdAt amount amountFormatted description orderNumber balanceAfter balanceAfterFormatted }';

interface Totals {
  totalIncVat: number;
  giftCardIncVat: number;
  storeCreditIncVat: number;
  storeCreditIncVatFormatted: string;
  amountToPayIncVat: number;
  amountToPayIncVatFormatted: string;
}
interface Movement {
  createdAt: string;
  amount: number;
  amountFormatted: string;
  description: string;
  orderNumber: number | null;
  balanceAfter: number;
  balanceAfterFormatted: string;
}
interface Balance {
  amount: number;
  amountFormatted: string;
  movements: Movement[];
}

const kr = (minor: number, languageId: 'sv' | 'en' = 'sv') => formatMoney(minor, languageId);

describe.each(testDbKinds())('store credit at checkout on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  openAccountApp(kind, (openedDb, openedApp) => {
    db = openedDb;
    app = openedApp;
  });

  /** A customer of the test's own with `minor` öre of credit booked by the admin (none when 0). */
  async function customerWithCredit(minor: number): Promise<SignedUp> {
    const customer = await signUp(app);
    if (minor > 0) {
      dataOf(
        await call(
          app,
          'mutation ($id: Int!, $a: Float!) { addCustomerCredit(customerId: $id, amount: $a, description: "Returnerat spel") { amount } }',
          { id: customer.customerId, a: minor / 100 },
          await adminToken(app),
        ),
      );
    }
    return customer;
  }

  /** A cart with one 200 kr item: 249 kr with postnord-ombud's 49 kr. `token`: the customer's own cart; none: a guest cart. */
  async function cartOf(token?: string): Promise<string> {
    const sku = await createSku(db, { priceMinor: 20_000, stock: 50 });
    return dataOf<CartResult>(
      await call(
        app,
        `mutation ($item: CartItemInputType!, $key: String) { addToCart(id: "", item: $item, idempotencyKey: $key) { ${CART_SELECTION} } }`,
        { item: { skuId: sku.skuId, quantity: 1 }, key: randomUUID() },
        token,
      ),
    ).id;
  }

  const save = async (cartId: string, form: Record<string, unknown>, token?: string, languageId = 'sv') =>
    dataOf<{ useStoreCredit: boolean; storeCreditBalanceIncVat: number | null; storeCreditBalanceIncVatFormatted: string | null; totals: Totals }>(
      await call(
        app,
        `mutation ($id: String!, $c: CheckoutInput!, $l: String) { createOrUpdateCheckout(cartId: $id, checkout: $c, languageId: $l) {
           useStoreCredit storeCreditBalanceIncVat storeCreditBalanceIncVatFormatted totals { ${TOTALS} } } }`,
        { id: cartId, c: form, l: languageId },
        token,
      ),
    );
  const place = async (cartId: string, form: Record<string, unknown>, token?: string) =>
    dataOf<PlaceResult>(
      await call(app, `mutation ($id: String!, $c: CheckoutInput!, $key: String) { placeOrder(cartId: $id, checkout: $c, idempotencyKey: $key) { ${PLACED} } }`, {
        id: cartId,
        c: form,
        key: randomUUID(),
      }, token),
    );
  const completePayment = async (orderId: string, token: string) =>
    dataOf<{ status: string; paymentStatus: string; totals: Totals }>(
      await call(app, `mutation ($o: String!, $t: String!) { completePayment(orderId: $o, token: $t) { status paymentStatus totals { ${TOTALS} } } }`, { o: orderId, t: token }),
    );
  const getBalance = async (token: string, languageId = 'sv') =>
    dataOf<Balance>(await call(app, `query ($l: String) { getBalance(languageId: $l) { ${BALANCE} } }`, { l: languageId }, token));
  const orderRow = async (orderId: string) =>
    (await db.query<{ credit_minor: number; payment_method: string; payment_provider: string; payment_status: string; status: string }>(
      'SELECT credit_minor, payment_method, payment_provider, payment_status, status FROM orders WHERE order_id = $1',
      [orderId],
    ))[0]!;
  const storedBalance = async (customerId: number) =>
    (await db.query<{ balance_minor: number }>('SELECT balance_minor FROM customer_credit_balances WHERE customer_id = $1', [customerId]))[0]?.balance_minor ?? 0;
  const cancelAsAdmin = async (orderId: string) =>
    dataOf<{ status: string }>(
      await call(app, 'mutation ($o: String!) { setOrderStatus(orderId: $o, status: CANCELLED) { status } }', { o: orderId }, await adminToken(app)),
    );

  it('shows the balance to its customer only, pays part of an order with it (on by default) and lists the draw', async () => {
    const customer = await customerWithCredit(10_000);
    const cartId = await cartOf(customer.token);
    const shown = await save(cartId, VALID_PERSON, customer.token);
    expect(shown).toMatchObject({ useStoreCredit: true, storeCreditBalanceIncVat: 100, storeCreditBalanceIncVatFormatted: kr(10_000) });
    expect(shown.totals).toEqual({
      totalIncVat: 249,
      giftCardIncVat: 0,
      storeCreditIncVat: 100,
      storeCreditIncVatFormatted: kr(10_000),
      amountToPayIncVat: 149,
      amountToPayIncVatFormatted: kr(14_900),
    });
    // Kept for later: nothing is drawn, the whole amount is left to pay.
    expect((await save(cartId, { useStoreCredit: false }, customer.token)).totals).toMatchObject({ storeCreditIncVat: 0, amountToPayIncVat: 249 });
    expect((await save(cartId, { useStoreCredit: true }, customer.token)).totals).toMatchObject({ storeCreditIncVat: 100, amountToPayIncVat: 149 });
    // A guest has no balance to show.
    const guestCart = await cartOf();
    expect(await save(guestCart, VALID_PERSON)).toMatchObject({ storeCreditBalanceIncVat: null, totals: { storeCreditIncVat: 0, amountToPayIncVat: 249 } });

    const placed = await place(cartId, VALID_PERSON, customer.token);
    expect(placed.status).toBe('PLACED');
    expect(await orderRow(placed.orderId!)).toMatchObject({ credit_minor: 10_000, payment_method: 'CARD', payment_provider: 'test', payment_status: 'PENDING' });
    expect(await storedBalance(customer.customerId)).toBe(0);
    const paid = await completePayment(placed.orderId!, placed.token!);
    expect(paid).toMatchObject({ paymentStatus: 'PAID', totals: { totalIncVat: 249, storeCreditIncVat: 100, amountToPayIncVat: 149 } });

    const balance = await getBalance(customer.token);
    expect(balance).toMatchObject({ amount: 0, amountFormatted: kr(0) });
    expect(balance.movements.map((m) => [m.amount, m.description, m.orderNumber, m.balanceAfter, m.balanceAfterFormatted])).toEqual([
      [-100, 'Använt vid köp', placed.orderNumber, 0, kr(0)],
      [100, 'Returnerat spel', null, 100, kr(10_000)],
    ]);
    expect(balance.movements[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const english = await getBalance(customer.token, 'en');
    expect(english.movements.map((m) => [m.description, m.amountFormatted, m.balanceAfterFormatted])).toEqual([
      ['Used for a purchase', kr(-10_000, 'en'), kr(0, 'en')],
      ['Returnerat spel', kr(10_000, 'en'), kr(10_000, 'en')],
    ]);
  });

  it('pays an order the balance covers in full without a payment step, alone or with a gift card, and queues its confirmation', async () => {
    const customer = await customerWithCredit(50_000);
    const cartId = await cartOf(customer.token);
    const form = { ...VALID_PERSON, email: customer.email, paymentMethod: null };
    expect((await save(cartId, form, customer.token)).totals).toMatchObject({ storeCreditIncVat: 249, amountToPayIncVat: 0 });
    const placed = await place(cartId, form, customer.token);
    expect(placed).toMatchObject({ status: 'PLACED', redirectUrl: `/checkout/confirm?order=${placed.orderId}&token=${placed.token}` });
    expect(await orderRow(placed.orderId!)).toEqual({
      credit_minor: 24_900,
      payment_method: 'STORE_CREDIT',
      payment_provider: 'giftcard',
      payment_status: 'PAID',
      status: 'RECEIVED',
    });
    const mails = await db.query<{ text: string }>("SELECT text FROM mail_outbox WHERE kind = 'orderconfirmed' AND subject LIKE '%' || $1 || '%'", [String(placed.orderNumber)]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Betalt med saldo: ${kr(24_900)}`);
    expect(await storedBalance(customer.customerId)).toBe(50_000 - 24_900);

    // A gift card pays first (it may expire, the credit does not); the balance pays what the card leaves.
    const code = `KREDIT${randomUUID().slice(0, 8).toUpperCase()}`;
    await db.query('INSERT INTO gift_cards (code, initial_minor, balance_minor) VALUES ($1, 10000, 10000)', [code]);
    const second = await cartOf(customer.token);
    dataOf(await call(app, 'mutation ($id: String!, $c: String!) { setCartGiftCard(id: $id, code: $c) { id } }', { id: second, c: code }, customer.token));
    expect((await save(second, form, customer.token)).totals).toMatchObject({ giftCardIncVat: 100, storeCreditIncVat: 149, amountToPayIncVat: 0 });
    const both = await place(second, form, customer.token);
    expect(both.status).toBe('PLACED');
    expect(await orderRow(both.orderId!)).toMatchObject({ credit_minor: 14_900, payment_method: 'STORE_CREDIT', payment_status: 'PAID' });
    expect(await storedBalance(customer.customerId)).toBe(50_000 - 24_900 - 14_900);
  });

  it('never takes the balance below zero when orders of one customer spend it at once: one gets it', async () => {
    // Enough for one order in full. The customer's own cart and guest carts they hold, placed together.
    const customer = await customerWithCredit(24_900);
    const carts = [await cartOf(customer.token), await cartOf(), await cartOf(), await cartOf()];
    for (const cartId of carts) expect((await save(cartId, VALID_PERSON, customer.token)).totals.amountToPayIncVat).toBe(0);
    const answers = await Promise.all(carts.map((cartId) => place(cartId, VALID_PERSON, customer.token)));
    const placed = answers.filter((a) => a.status === 'PLACED');
    for (const refused of answers.filter((a) => a.status !== 'PLACED')) {
      // Read before another order drew it, the balance is gone under the lock: the shopper is told, nothing charged.
      expect(refused).toMatchObject({ status: 'NOT_PLACEABLE', orderId: null });
      expect(refused.message).toBe(`Varukorgen har ändrats. Kontrollera den innan du slutför ditt köp. Ditt saldo räcker nu bara till ${kr(0)}`);
    }
    const rows = await Promise.all(placed.map((p) => orderRow(p.orderId!)));
    expect(rows.filter((r) => r.credit_minor > 0)).toEqual([expect.objectContaining({ credit_minor: 24_900, payment_method: 'STORE_CREDIT' })]);
    // Orders placed after the draw committed saw no balance and pay through the provider in full.
    for (const row of rows.filter((r) => r.credit_minor === 0)) expect(row).toMatchObject({ payment_method: 'CARD', payment_provider: 'test' });
    expect(await storedBalance(customer.customerId)).toBe(0);
    const balance = await getBalance(customer.token);
    expect(balance.amount).toBe(0);
    expect(balance.movements.map((m) => m.amount)).toEqual([-249, 249]);
  });

  it('gives the draw back once when the payment fails (the Klarna fail return), as a movement of its own', async () => {
    const customer = await customerWithCredit(10_000);
    const cartId = await cartOf(customer.token);
    const form = { ...VALID_PERSON, email: 'fail+out-of-stock-or-balance@example.se' };
    const placed = await place(cartId, form, customer.token);
    expect(placed.redirectUrl).toBe(`/checkout/klarna-fail?order=${placed.orderId}&token=${placed.token}&reason=out-of-stock-or-balance`);
    expect(await storedBalance(customer.customerId)).toBe(0);
    expect(await completePayment(placed.orderId!, placed.token!)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'FAILED' });
    expect(await completePayment(placed.orderId!, placed.token!)).toMatchObject({ status: 'CANCELLED' });
    expect(await storedBalance(customer.customerId)).toBe(10_000);
    const balance = await getBalance(customer.token);
    expect(balance.movements.map((m) => [m.amount, m.description, m.orderNumber, m.balanceAfter])).toEqual([
      [100, 'Tillbaka på saldot', placed.orderNumber, 100],
      [-100, 'Använt vid köp', placed.orderNumber, 0],
      [100, 'Returnerat spel', null, 100],
    ]);
    expect((await getBalance(customer.token, 'en')).movements[0]!.description).toBe('Returned to your balance');
    // The cart came back with its lines: the balance is offered again.
    expect((await save(cartId, {}, customer.token)).totals).toMatchObject({ storeCreditIncVat: 100 });
  });

  it('gives the draw back once when staff cancel a paid order', async () => {
    const customer = await customerWithCredit(30_000);
    const cartId = await cartOf(customer.token);
    const placed = await place(cartId, { ...VALID_PERSON, paymentMethod: null }, customer.token);
    expect(await orderRow(placed.orderId!)).toMatchObject({ credit_minor: 24_900, payment_status: 'PAID' });
    expect(await storedBalance(customer.customerId)).toBe(5_100);
    expect(await cancelAsAdmin(placed.orderId!)).toEqual({ status: 'CANCELLED' });
    expect(await cancelAsAdmin(placed.orderId!)).toEqual({ status: 'CANCELLED' });
    expect(await storedBalance(customer.customerId)).toBe(30_000);
    const balance = await getBalance(customer.token);
    expect(balance).toMatchObject({ amount: 300 });
    expect(balance.movements.map((m) => [m.amount, m.balanceAfter])).toEqual([
      [249, 300],
      [-249, 51],
      [300, 300],
    ]);
  });
});
