import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import type { CheckoutInput } from '../../generated/api-types';
import { gql } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import { cartCalls, createSku, openCartApp, type TestApp } from '../cart/cart-test-kit';
import { checkoutCalls, stockOfSku, VALID_PERSON } from '../checkout/checkout-test-kit';
import { paymentProvider, registerPaymentProvider, type PaymentOutcome, type PaymentProvider } from '../payment';
import { placeOrder } from '../checkout';
import { loadEnv } from '../../env';
import { settleAbandonedPayments, sweepLimits, type SweepOptions } from './payment-sweeper';

/**
 * A provider that answers only when the test says so, to hold two settlements of one order between asking and
 * settling, where a double settlement would happen if the order lock did not guard it.
 */
function heldProvider(name: string) {
  const waiting: ((outcome: PaymentOutcome) => void)[] = [];
  let onAsk: (() => void) | undefined;
  const provider: PaymentProvider = {
    name,
    demo: false,
    createPayment: () => Promise.reject(new Error('orders are pointed at this provider after they are placed')),
    cancelPayment: async () => undefined,
    completePayment: () =>
      new Promise<PaymentOutcome>((resolve) => {
        waiting.push(resolve);
        onAsk?.();
      }),
  };
  registerPaymentProvider(provider);
  return {
    name,
    /** Resolves once `count` askers are waiting for an answer. */
    async asked(count: number) {
      while (waiting.length < count) await new Promise<void>((resolve) => (onAsk = resolve));
    },
    answer(outcome: PaymentOutcome) {
      for (const resolve of waiting.splice(0)) resolve(outcome);
    },
  };
}

describe.each(testDbKinds())('payment sweeper on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const cart = cartCalls(() => app);
  const checkout = checkoutCalls(() => app);
  openCartApp(
    kind,
    (openedDb, openedApp) => {
      db = openedDb;
      app = openedApp;
    }
  );

  /** A round with the configured defaults (30 minutes' grace, a 24 hour limit) unless the test says otherwise. */
  const sweep = (options: Partial<SweepOptions> = {}) =>
    settleAbandonedPayments(db, app.pubsub, { variant: 'games', ...sweepLimits(loadEnv({})), ...options });

  /** An address of the test's own, so its mails are easy to count; the test provider pays it. */
  const payingEmail = () => `anna+${randomBytes(4).toString('hex')}@example.se`;

  async function createCard(balanceMinor: number): Promise<string> {
    const code = `TEST${randomBytes(6).toString('hex').toUpperCase()}`;
    await db.query('INSERT INTO gift_cards (code, initial_minor, balance_minor) VALUES ($1, $2, $2)', [code, balanceMinor]);
    return code;
  }
  const balanceOf = async (code: string) =>
    (await db.query<{ balance_minor: number }>('SELECT balance_minor FROM gift_cards WHERE code = $1', [code]))[0]!.balance_minor;

  /** Places an order for `quantity` of a fresh 100 kr SKU (149 kr with shipping for one), leaving it at the provider. */
  async function placed(options: { email?: string; quantity?: number; stock?: number; skuId?: number; giftCardMinor?: number } = {}) {
    const skuId = options.skuId ?? (await createSku(db, { priceMinor: 10_000, stock: options.stock ?? 10 })).skuId;
    const cartId = (await cart.add('', skuId, options.quantity ?? 1)).id;
    const code = options.giftCardMinor ? await createCard(options.giftCardMinor) : null;
    if (code) {
      const applied = await gql(app, `mutation ($id: String!, $code: String!, $key: String) { setCartGiftCard(id: $id, code: $code, idempotencyKey: $key) { id } }`, {
        id: cartId,
        code,
        key: randomUUID(),
      });
      expect(applied.body.errors).toBeUndefined();
    }
    const email = options.email ?? payingEmail();
    const answer = await checkout.place(cartId, { ...VALID_PERSON, email });
    expect(answer.status).toBe('PLACED');
    return { skuId, cartId, code, email, orderId: answer.orderId!, token: answer.token! };
  }

  /** Moves the orders' clock back: placed (and last asked about) `minutes` earlier. */
  const passTime = (orderIds: string[], minutes: number) =>
    db.query(
      `UPDATE orders SET created_at = created_at - make_interval(mins => $2), payment_checked_at = payment_checked_at - make_interval(mins => $2)
       WHERE order_id = ANY($1::text[])`,
      [orderIds, minutes],
    );

  const orderRow = async (orderId: string) =>
    (
      await db.query<{ status: string; payment_status: string; payment_failure: string | null; checked: boolean }>(
        'SELECT status, payment_status, payment_failure, payment_checked_at IS NOT NULL AS checked FROM orders WHERE order_id = $1',
        [orderId],
      )
    )[0]!;
  const mailsTo = async (address: string) => (await db.query<{ kind: string }>('SELECT kind FROM mail_outbox WHERE to_address = $1', [address])).map((m) => m.kind);
  const cancellations = async (orderId: string) =>
    (await db.query<{ changed_by: string }>(`SELECT changed_by FROM order_status_changes WHERE order_id = $1 AND to_status = 'CANCELLED'`, [orderId])).map(
      (c) => c.changed_by,
    );
  const cartOf = async (cartId: string) => ({
    items: await db.query<{ sku_id: number; quantity: number }>('SELECT sku_id, quantity FROM cart_items WHERE cart_id = $1 ORDER BY sku_id', [cartId]),
    giftCard: (await db.query<{ gift_card_code: string | null }>('SELECT gift_card_code FROM carts WHERE cart_id = $1', [cartId]))[0]!.gift_card_code,
  });
  const pointAt = (orderId: string, provider: string) => db.query('UPDATE orders SET payment_provider = $2 WHERE order_id = $1', [orderId, provider]);

  it('marks an order paid at the provider but never returned from as paid, queues its confirmation once, and keeps its stock sold', async () => {
    const order = await placed({ quantity: 2, stock: 10 });
    expect(await stockOfSku(db, order.skuId)).toBe(8);
    await passTime([order.orderId], 31);

    expect(await sweep()).toEqual({ checked: 1, paid: 1, failed: 0, timedOut: 0, pending: 0, alreadySettled: 0, errors: 0 });
    expect(await checkout.order(order.orderId, order.token)).toMatchObject({ status: 'RECEIVED', paymentStatus: 'PAID' });
    expect(await mailsTo(order.email)).toEqual(['orderconfirmed']);
    expect(await stockOfSku(db, order.skuId)).toBe(8);

    expect((await sweep()).checked).toBe(0);
    // The shopper's tab comes back to life after all: the order is answered as it is, and nothing is sent again.
    expect((await checkout.completePayment(order.orderId, order.token)).paymentStatus).toBe('PAID');
    expect(await mailsTo(order.email)).toEqual(['orderconfirmed']);
  });

  it('cancels an order whose payment failed: stock and gift card draw back, the reason kept, the cart left as the shopper has it now', async () => {
    const order = await placed({ email: 'fail+blocked@example.se', stock: 5, giftCardMinor: 10_000 });
    expect(await stockOfSku(db, order.skuId)).toBe(4);
    expect(await balanceOf(order.code!)).toBe(0);
    // Meanwhile the shopper has started over in the same cart.
    const other = await createSku(db, { priceMinor: 5_000, stock: 3 });
    await cart.add(order.cartId, other.skuId, 1);
    await passTime([order.orderId], 45);

    expect(await sweep()).toMatchObject({ checked: 1, failed: 1, errors: 0 });
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'CANCELLED', payment_status: 'FAILED', payment_failure: 'BLOCKED' });
    expect(await stockOfSku(db, order.skuId)).toBe(5);
    expect(await balanceOf(order.code!)).toBe(10_000);
    expect(await cancellations(order.orderId)).toEqual(['payment-sweeper']);
    expect(await cartOf(order.cartId)).toEqual({ items: [{ sku_id: other.skuId, quantity: 1 }], giftCard: null });
    expect(await mailsTo(order.email)).toEqual([]);

    // A late return to the failure page changes nothing either: nothing is returned twice, nothing refilled.
    expect(await checkout.completePayment(order.orderId, order.token)).toMatchObject({ status: 'CANCELLED', paymentFailureReason: 'BLOCKED' });
    expect(await stockOfSku(db, order.skuId)).toBe(5);
    expect(await balanceOf(order.code!)).toBe(10_000);
    expect((await cartOf(order.cartId)).items).toHaveLength(1);
  });

  it('leaves an order inside the grace period to its shopper, who may still be on the payment page', async () => {
    const order = await placed({ stock: 3 });
    await passTime([order.orderId], 29);
    expect((await sweep()).checked).toBe(0);
    expect(await orderRow(order.orderId)).toMatchObject({ payment_status: 'PENDING', checked: false });
    expect(await stockOfSku(db, order.skuId)).toBe(2);
    // A shorter grace (PAYMENT_GRACE_MINUTES) takes it.
    expect(await sweep({ graceMs: 20 * 60_000 })).toMatchObject({ checked: 1, paid: 1 });
    expect(await mailsTo(order.email)).toEqual(['orderconfirmed']);
  });

  it('keeps an order the provider calls pending until the hard limit, then cancels it without refilling the cart', async () => {
    const asked = vi.fn<() => Promise<PaymentOutcome>>(async () => ({ status: 'PENDING' }));
    const stopped = vi.fn<(reference: string) => Promise<void>>(async () => undefined);
    registerPaymentProvider({ name: 'undecided', demo: false, createPayment: () => Promise.reject(new Error('not used')), completePayment: asked, cancelPayment: stopped });
    const order = await placed({ stock: 6, quantity: 2, giftCardMinor: 5_000 });
    await pointAt(order.orderId, 'undecided');
    expect(await balanceOf(order.code!)).toBe(0);

    // The shopper's own return while the provider does not know yet leaves the order waiting too.
    expect(await checkout.completePayment(order.orderId, order.token)).toMatchObject({ status: 'RECEIVED', paymentStatus: 'PENDING' });
    await passTime([order.orderId], 60);
    expect(await sweep()).toMatchObject({ checked: 1, pending: 1, timedOut: 0 });
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'RECEIVED', payment_status: 'PENDING', checked: true });
    // Just asked: the next round (on this instance or another) leaves it for a while.
    expect((await sweep()).checked).toBe(0);
    expect(asked).toHaveBeenCalledTimes(2);
    expect(await stockOfSku(db, order.skuId)).toBe(4);

    await passTime([order.orderId], 23 * 60 - 1);
    expect(await sweep()).toMatchObject({ checked: 1, pending: 1 });
    expect(stopped).not.toHaveBeenCalled();
    await passTime([order.orderId], 2);
    expect(await sweep()).toMatchObject({ checked: 1, timedOut: 1, pending: 0 });
    // The provider was told to stop the payment, so a late authorisation cannot charge the cancelled order.
    expect(stopped.mock.calls).toEqual([[`test_${order.orderId}_paid`]]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'CANCELLED', payment_status: 'FAILED', payment_failure: 'GENERAL' });
    expect(await cancellations(order.orderId)).toEqual(['payment-timeout']);
    expect(await stockOfSku(db, order.skuId)).toBe(6);
    expect(await balanceOf(order.code!)).toBe(5_000);
    expect(await cartOf(order.cartId)).toEqual({ items: [], giftCard: null });
    expect(await mailsTo(order.email)).toEqual([]);
    expect((await sweep()).checked).toBe(0);

    // The limit is the sweeper's to set (PAYMENT_TIMEOUT_HOURS).
    const sooner = await placed({ stock: 1 });
    await pointAt(sooner.orderId, 'undecided');
    await passTime([sooner.orderId], 90);
    expect(await sweep({ hardLimitMs: 60 * 60_000 })).toMatchObject({ checked: 1, timedOut: 1 });
    expect(await stockOfSku(db, sooner.skuId)).toBe(1);
  });

  it('leaves an order alone while its provider cannot be asked, even past the hard limit, since it may have been paid', async () => {
    let reachable = false;
    registerPaymentProvider({
      name: 'unreachable',
      demo: false,
      createPayment: () => Promise.reject(new Error('not used')),
      cancelPayment: async () => undefined,
      completePayment: async () => {
        if (!reachable) throw new Error('connect ETIMEDOUT');
        return { status: 'PAID' };
      },
    });
    const order = await placed({ stock: 2 });
    await pointAt(order.orderId, 'unreachable');
    await passTime([order.orderId], 25 * 60);
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };
    expect(await sweep({ log })).toMatchObject({ checked: 1, errors: 1, timedOut: 0 });
    expect(warnings).toEqual([`Payment of order ${order.orderId} not settled: connect ETIMEDOUT`]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'RECEIVED', payment_status: 'PENDING' });
    expect(await stockOfSku(db, order.skuId)).toBe(1);

    reachable = true;
    await passTime([order.orderId], 5);
    expect(await sweep()).toMatchObject({ checked: 1, paid: 1 });
    expect(await mailsTo(order.email)).toEqual(['orderconfirmed']);
  });

  it('leaves a timed-out order as it is while its provider cannot stop the payment, and cancels it once it can', async () => {
    let stoppable = false;
    const stopped: string[] = [];
    registerPaymentProvider({
      name: 'unstoppable',
      demo: false,
      createPayment: () => Promise.reject(new Error('not used')),
      completePayment: async () => ({ status: 'PENDING' }),
      cancelPayment: async (reference) => {
        if (!stoppable) throw new Error('503 Service Unavailable');
        stopped.push(reference);
      },
    });
    const order = await placed({ stock: 2, giftCardMinor: 5_000 });
    await pointAt(order.orderId, 'unstoppable');
    await passTime([order.orderId], 25 * 60);
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };
    expect(await sweep({ log })).toMatchObject({ checked: 1, errors: 1, timedOut: 0 });
    expect(warnings).toEqual([`Payment of order ${order.orderId} not settled: 503 Service Unavailable`]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'RECEIVED', payment_status: 'PENDING' });
    expect(await stockOfSku(db, order.skuId)).toBe(1);
    expect(await balanceOf(order.code!)).toBe(0);

    stoppable = true;
    await passTime([order.orderId], 5);
    expect(await sweep()).toMatchObject({ checked: 1, timedOut: 1, errors: 0 });
    expect(stopped).toEqual([`test_${order.orderId}_paid`]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'CANCELLED', payment_status: 'FAILED', payment_failure: 'GENERAL' });
    expect(await stockOfSku(db, order.skuId)).toBe(2);
    expect(await balanceOf(order.code!)).toBe(5_000);
  });

  it('cancels an order whose payment was never created once past the grace period, asking no provider', async () => {
    const failing = vi.fn<PaymentProvider['createPayment']>(() => Promise.reject(new Error('provider down')));
    const asked = vi.fn<PaymentProvider['completePayment']>(async () => ({ status: 'PAID' }));
    const stopped = vi.fn<PaymentProvider['cancelPayment']>(async () => undefined);
    registerPaymentProvider({ name: 'down-at-checkout', demo: false, createPayment: failing, completePayment: asked, cancelPayment: stopped });
    const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
    const cartId = (await cart.add('', sku.skuId, 2)).id;
    const code = await createCard(5_000);
    await gql(app, `mutation ($id: String!, $code: String!) { setCartGiftCard(id: $id, code: $code) { id } }`, { id: cartId, code });
    const request = { cartId, customerId: null, input: { ...VALID_PERSON, email: payingEmail() } as CheckoutInput, idempotencyKey: randomUUID(), languageId: 'sv' as const, provider: 'down-at-checkout', variant: 'games' as const };
    // The order is committed before the provider is asked, so its stock and card draw are held without a payment.
    await expect(placeOrder(db, app.pubsub, request)).rejects.toThrow('provider down');
    const [order] = await db.query<{ order_id: string; payment_reference: string | null }>('SELECT order_id, payment_reference FROM orders WHERE cart_id = $1', [cartId]);
    expect(order!.payment_reference).toBeNull();
    expect(await stockOfSku(db, sku.skuId)).toBe(3);
    expect(await balanceOf(code)).toBe(0);

    // Inside the grace period a retry of placeOrder may still create the payment.
    await passTime([order!.order_id], 29);
    expect((await sweep()).checked).toBe(0);
    await passTime([order!.order_id], 2);
    expect(await sweep()).toMatchObject({ checked: 1, timedOut: 1, pending: 0, errors: 0 });
    expect(await orderRow(order!.order_id)).toMatchObject({ status: 'CANCELLED', payment_status: 'FAILED', payment_failure: 'GENERAL' });
    expect(await cancellations(order!.order_id)).toEqual(['payment-timeout']);
    expect(await stockOfSku(db, sku.skuId)).toBe(5);
    expect(await balanceOf(code)).toBe(5_000);
    expect(asked).not.toHaveBeenCalled();
    expect(stopped).not.toHaveBeenCalled();

    // A late retry of the same request finds the order cancelled and starts no payment for it.
    failing.mockImplementation(async () => ({ reference: 'late', redirectUrl: '/paid-for-nothing' }));
    const replay = await placeOrder(db, app.pubsub, request);
    expect(replay).toMatchObject({ status: 'PLACED', orderId: order!.order_id });
    expect(replay.redirectUrl).toMatch(/^\/checkout\/klarna-fail\?order=.*&reason=general$/);
    expect(failing).toHaveBeenCalledTimes(1);
    expect((await db.query<{ payment_reference: string | null }>('SELECT payment_reference FROM orders WHERE order_id = $1', [order!.order_id]))[0]!.payment_reference).toBeNull();
  });

  it('records a timed-out payment of an order already shipped without touching its stock or its payment', async () => {
    const stopped = vi.fn<PaymentProvider['cancelPayment']>(async () => undefined);
    registerPaymentProvider({ name: 'still-undecided', demo: false, createPayment: () => Promise.reject(new Error('not used')), completePayment: async () => ({ status: 'PENDING' }), cancelPayment: stopped });
    const order = await placed({ stock: 4, quantity: 2 });
    await pointAt(order.orderId, 'still-undecided');
    // Shipped unpaid, as the admin could before setOrderStatus waited for the payment.
    await db.query("UPDATE orders SET status = 'COMPLETED' WHERE order_id = $1", [order.orderId]);
    await passTime([order.orderId], 25 * 60);
    expect(await sweep()).toMatchObject({ checked: 1, timedOut: 1 });
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'COMPLETED', payment_status: 'FAILED', payment_failure: 'GENERAL' });
    expect(await cancellations(order.orderId)).toEqual([]);
    expect(await stockOfSku(db, order.skuId)).toBe(2);
    expect(stopped).not.toHaveBeenCalled();
    expect((await sweep()).checked).toBe(0);
  });

  it('runs on several instances at once: each order is asked about and settled once', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 20 });
    const paid = await Promise.all([1, 2, 3, 4].map(() => placed({ skuId: sku.skuId })));
    const failed = await Promise.all([1, 2, 3, 4].map(() => placed({ skuId: sku.skuId, email: 'fail@example.se', giftCardMinor: 5_000 })));
    expect(await stockOfSku(db, sku.skuId)).toBe(12);
    const all = [...paid, ...failed].map((o) => o.orderId);
    await passTime(all, 40);
    const asked = vi.spyOn(paymentProvider('test'), 'completePayment');

    // Small batches, so both sweepers go round more than once and meet over the same rows.
    const results = await Promise.all([1, 2].map(async () => [await sweep({ batchSize: 3 }), await sweep({ batchSize: 3 }), await sweep({ batchSize: 3 })]));
    const total = results.flat().reduce((sum, r) => ({ checked: sum.checked + r.checked, paid: sum.paid + r.paid, failed: sum.failed + r.failed, again: sum.again + r.alreadySettled }), {
      checked: 0,
      paid: 0,
      failed: 0,
      again: 0,
    });
    expect(total).toEqual({ checked: 8, paid: 4, failed: 4, again: 0 });
    expect(asked).toHaveBeenCalledTimes(8);
    asked.mockRestore();

    expect(await stockOfSku(db, sku.skuId)).toBe(16);
    for (const order of paid) expect(await mailsTo(order.email)).toEqual(['orderconfirmed']);
    for (const order of failed) {
      expect(await cancellations(order.orderId)).toEqual(['payment-sweeper']);
      expect(await balanceOf(order.code!)).toBe(5_000);
    }
  });

  it('settles once when a second sweeper asks about an order the first is still waiting on (its lease ran out)', async () => {
    const held = heldProvider('slow-fail');
    const order = await placed({ stock: 4, quantity: 3, giftCardMinor: 10_000 });
    await pointAt(order.orderId, held.name);
    await passTime([order.orderId], 31);
    expect(await stockOfSku(db, order.skuId)).toBe(1);

    const first = sweep({ leaseMs: 0 });
    await held.asked(1);
    const second = sweep({ leaseMs: 0 });
    await held.asked(2);
    held.answer({ status: 'FAILED', reason: 'GENERAL' });
    const results = await Promise.all([first, second]);

    expect(results.map((r) => r.failed).sort()).toEqual([0, 1]);
    expect(results.map((r) => r.alreadySettled).sort()).toEqual([0, 1]);
    expect(await stockOfSku(db, order.skuId)).toBe(4);
    expect(await balanceOf(order.code!)).toBe(10_000);
    expect(await cancellations(order.orderId)).toEqual(['payment-sweeper']);
  });

  it('settles once when the shopper comes back just as the sweeper asks: one confirmation mail', async () => {
    const held = heldProvider('slow-pay');
    const order = await placed({ stock: 2 });
    await pointAt(order.orderId, held.name);
    await passTime([order.orderId], 31);

    const shopper = checkout.completePayment(order.orderId, order.token);
    await held.asked(1);
    const sweeper = sweep();
    await held.asked(2);
    held.answer({ status: 'PAID' });
    const [returned, swept] = await Promise.all([shopper, sweeper]);

    expect(returned.paymentStatus).toBe('PAID');
    expect(swept.paid + swept.alreadySettled).toBe(1);
    expect(await mailsTo(order.email)).toEqual(['orderconfirmed']);
    expect(await stockOfSku(db, order.skuId)).toBe(1);
  });
});
