import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { badInput } from '../../graphql/errors';
import type { Order, OrderStatus, PaymentFailureReason } from '../../graphql/generated/resolvers-types';
import type { PubSub } from '../../pubsub';
import { returnGiftCardDraw } from '../cart/gift-cards';
import { paymentProvider, type PaymentOutcome } from '../payment';
import { orderTexts } from './messages';
import { findOrder, findOrderWithToken, orderLines, orderModel, recordStatusChange, type OrderRow } from './order-store';
import type { ShopVariant } from '../../../shared/shop';
import { queueOrderMail } from './order-mails';
import { canMove, needsPayment, statusLabel } from './status';
import { changeStock, type StockLedger } from '../inventory';

/**
 * Cancels a locked order: the units it took go back on the shelf (backordered ones were never taken), then what
 * it drew from a gift card goes back on the card (once: see returnGiftCardDraw), the card locked last as in
 * placeOrder.
 */
async function cancelLocked(tx: Queryable, stock: StockLedger, row: OrderRow, by: string): Promise<void> {
  const lines = await orderLines(tx, row.order_id);
  await stock.lock(lines.map((l) => l.sku_id));
  for (const line of lines) await stock.putBack(line.sku_id, line.quantity - line.backordered);
  await returnGiftCardDraw(tx, row.order_id);
  await tx.query(`UPDATE orders SET status = 'CANCELLED', updated_at = now() WHERE order_id = $1`, [row.order_id]);
  await recordStatusChange(tx, row.order_id, row.status, 'CANCELLED', by);
}

export { pendingPaymentProviders } from './order-store';

/** Whether `token` is the order's own secret (the one in its confirmation link). */
export async function isOrderToken(db: Queryable, orderId: string, token: string): Promise<boolean> {
  return (await findOrderWithToken(db, orderId, token)) !== null;
}

/** Admin: moves an order along (see status.ts); the same status again is a no-op, anything else refused. */
export async function setOrderStatus(
  db: Db,
  pubsub: PubSub,
  orderId: string,
  status: OrderStatus,
  by: string,
  languageId: LanguageId,
  variant: ShopVariant,
): Promise<Order> {
  const row = await changeStock(db, pubsub, async (tx, stock) => {
    const row = await findOrder(tx, orderId, true);
    if (!row) throw badInput(`There is no order with id ${orderId}`);
    if (row.status === status) return row;
    if (!canMove(row.status, status)) {
      throw badInput(orderTexts(languageId).transitionRefused(statusLabel(row.status, languageId), statusLabel(status, languageId)));
    }
    // Checked under the order lock settlePayment takes too, so a payment cannot fail in between.
    if (needsPayment(status) && row.payment_status !== 'PAID') throw badInput(orderTexts(languageId).notPaidYet);
    if (status === 'CANCELLED') await cancelLocked(tx, stock, row, by);
    else {
      await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE order_id = $1', [orderId, status]);
      await recordStatusChange(tx, orderId, row.status, status, by);
      // Completed means handed to the carrier: the customer gets the shipped mail.
      if (status === 'COMPLETED') await queueOrderMail(tx, (await findOrder(tx, orderId))!, 'ordershipped', variant);
    }
    return (await findOrder(tx, orderId))!;
  });
  return orderModel(db, row, languageId);
}

interface OrderCart {
  promo_code: string | null;
  gift_card_code: string | null;
}

/** Locks the order's cart; taken before any SKU, in the same order as placeOrder, so the two never deadlock. */
async function lockOrderCart(tx: Queryable, row: OrderRow): Promise<OrderCart | null> {
  const [cart] = await tx.query<OrderCart>('SELECT promo_code, gift_card_code FROM carts WHERE cart_id = $1 FOR UPDATE', [row.cart_id]);
  return cart ?? null;
}

/**
 * Puts a failed order's lines back in its (locked) cart, at today's prices, so 'go back' finds the cart as it was:
 * with its promo code and gift card too, unless the shopper has applied others since.
 */
async function restoreCart(tx: Queryable, row: OrderRow, cart: OrderCart): Promise<void> {
  await tx.query(
    `INSERT INTO cart_items (cart_id, sku_id, quantity, unit_price_minor, seen_stock)
     SELECT $1, ol.sku_id, ol.quantity, sp.selling_price_minor, s.stock
     FROM order_lines ol JOIN skus s ON s.sku_id = ol.sku_id JOIN sku_prices sp ON sp.sku_id = ol.sku_id
     WHERE ol.order_id = $2
     ON CONFLICT (cart_id, sku_id) DO UPDATE SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, 999), updated_at = now()`,
    [row.cart_id, row.order_id],
  );
  if (!cart.promo_code && row.promo_code) await tx.query('UPDATE carts SET promo_code = $2 WHERE cart_id = $1', [row.cart_id, row.promo_code]);
  if (!cart.gift_card_code && row.gift_card_code) {
    await tx.query('UPDATE carts SET gift_card_code = $2 WHERE cart_id = $1', [row.cart_id, row.gift_card_code]);
  }
}

/** How a settlement ended; ALREADY_SETTLED: someone else (the shopper, another sweeper) settled it first. */
export type Settlement = 'PAID' | 'FAILED' | 'TIMED_OUT' | 'PENDING' | 'ALREADY_SETTLED';

export interface SettleOptions {
  variant: ShopVariant;
  /**
   * The shopper is on the return page: a failed payment puts the lines back in the cart, so 'go back' finds it
   * as it was. The sweeper passes false, as the shopper left long ago and may have filled or ordered from the
   * cart since; lines coming back into it then would be a surprise (and could be bought twice).
   */
  refillCart: boolean;
  /** Recorded as who cancelled a failed order (order_status_changes.changed_by). */
  by: string;
  /**
   * The order has waited its hard limit: a provider that still says PENDING gets no more time. It is told to
   * stop the payment (cancelPayment; if it cannot, this throws and the order is left for later), then the order
   * is cancelled as a GENERAL failure (recorded as by 'payment-timeout'), giving its stock and gift card draw back.
   */
  cancelIfStillPending: boolean;
  /**
   * The order's payment was never created (the provider failed when it was placed, and no retry of placeOrder
   * created it since) and the caller has waited long enough for such a retry: there is nothing that could be
   * paid, so the order is cancelled like one past the hard limit, without asking any provider.
   */
  cancelIfNoPayment: boolean;
}

/**
 * Asks the order's provider how its payment went and settles it: paid marks it paid and queues the confirmation
 * mail; failed (or still pending past the hard limit) marks the payment failed and, while the order may still be
 * cancelled (status.ts), cancels it, stock and gift card draw back. The one path for the shopper's return (completePayment) and the sweeper.
 *
 * Settles exactly once, however many ask at the same time: the provider is asked without any lock held, then the
 * order row is locked and only a still PENDING order is changed, so the second of two racing callers finds it
 * settled and changes nothing (ALREADY_SETTLED). An order without a payment reference (its payment was never
 * created) counts as pending, as there is nothing to ask, unless cancelIfNoPayment.
 */
export async function settlePayment(
  db: Db,
  pubsub: PubSub,
  found: OrderRow,
  options: SettleOptions,
): Promise<{ row: OrderRow; settlement: Settlement }> {
  if (found.payment_status !== 'PENDING') return { row: found, settlement: 'ALREADY_SETTLED' };
  const reference = found.payment_reference;
  const outcome: PaymentOutcome = reference ? await paymentProvider(found.payment_provider).completePayment(reference, {}) : { status: 'PENDING' };
  if (outcome.status === 'PENDING') {
    const givesUp = options.cancelIfStillPending || (!reference && options.cancelIfNoPayment);
    if (!givesUp) return { row: found, settlement: 'PENDING' };
    // Only for an order that is going to be cancelled: a shipped one (see below) still wants its money.
    if (reference && canMove(found.status, 'CANCELLED')) await paymentProvider(found.payment_provider).cancelPayment(reference);
  }
  return changeStock(db, pubsub, async (tx, stock) => {
    const row = (await findOrder(tx, found.order_id, true))!;
    if (row.payment_status !== 'PENDING') return { row, settlement: 'ALREADY_SETTLED' as const };
    if (outcome.status === 'PAID') {
      await tx.query(`UPDATE orders SET payment_status = 'PAID', updated_at = now() WHERE order_id = $1`, [row.order_id]);
      const paid = (await findOrder(tx, row.order_id))!;
      // Paid and settled once (the PENDING check above), so the confirmation is queued exactly once. An order
      // staff cancelled meanwhile ships nothing: no confirmation, and the paid amount is for staff to refund.
      if (row.status !== 'CANCELLED') await queueOrderMail(tx, paid, 'orderconfirmed', options.variant);
      return { row: paid, settlement: 'PAID' as const };
    }
    const reason: PaymentFailureReason = outcome.status === 'FAILED' ? outcome.reason : 'GENERAL';
    await tx.query(`UPDATE orders SET payment_status = 'FAILED', payment_failure = $2, updated_at = now() WHERE order_id = $1`, [row.order_id, reason]);
    // Only an order that may still be cancelled is: one already cancelled holds nothing, and one that has
    // shipped (COMPLETED before that was refused for unpaid orders) keeps its stock and its cart stays as is;
    // the failure is recorded for staff to chase.
    const cancels = canMove(row.status, 'CANCELLED');
    const cart = options.refillCart && (cancels || row.status === 'CANCELLED') ? await lockOrderCart(tx, row) : null;
    const by = outcome.status === 'FAILED' ? options.by : 'payment-timeout';
    if (cancels) await cancelLocked(tx, stock, row, by);
    if (cart) await restoreCart(tx, row, cart);
    return { row: (await findOrder(tx, row.order_id))!, settlement: outcome.status === 'FAILED' ? ('FAILED' as const) : ('TIMED_OUT' as const) };
  });
}

/**
 * The shopper is back from the payment page: the provider says how it went. Paid marks the order paid; failed
 * cancels it (stock and gift card draw back) and refills the cart; still pending leaves it for the provider to
 * decide (the payment sweeper asks again later). Settles once: later calls answer the order as it is.
 */
export async function completePayment(db: Db, pubsub: PubSub, orderId: string, token: string, languageId: LanguageId, variant: ShopVariant): Promise<Order> {
  const found = await findOrderWithToken(db, orderId, token);
  if (!found) throw badInput('There is no such order');
  const { row } = await settlePayment(db, pubsub, found, { variant, refillCart: true, by: 'payment', cancelIfStillPending: false, cancelIfNoPayment: false });
  return orderModel(db, row, languageId);
}
