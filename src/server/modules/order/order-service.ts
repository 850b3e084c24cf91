import { timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { ShopVariant } from '../../../shared/shop';
import { invalidInput } from '../../domain-error';
import type { OrderStatus, PaymentFailureReason } from '../../generated/api-types';
import type { PubSub } from '../../pubsub';
import { lockCartForShop, refillCart } from '../cart';
import { returnGiftCardDraw } from '../gift-card';
import { changeStock, type StockLedger } from '../inventory';
import { paymentProvider, type PaymentOutcome } from '../payment';
import { returnCreditDraw } from '../store-credit';
import { orderTexts } from './messages';
import type { OrderRecord } from './models';
import { queueOrderMail } from './order-mails';
import { insertStatusChange, selectOrder, selectOrderLines, selectPendingPaymentProviders, updatePaid, updatePaymentFailed, updateStatus } from './order-store';
import { canMove, needsPayment, statusLabel } from './status';

/**
 * Cancels a locked order: the units it took go back on the shelf (backordered ones were never taken), then what
 * it drew from a gift card goes back on the card and what it drew from the customer's store credit back on the
 * balance (each once: see returnGiftCardDraw, returnCreditDraw), locked in placeOrder's order: card, then balance.
 */
async function cancelLocked(tx: Queryable, stock: StockLedger, order: OrderRecord, by: string): Promise<void> {
  const lines = await selectOrderLines(tx, order.orderId);
  await stock.lock(lines.map((l) => l.skuId));
  for (const line of lines) await stock.putBack(line.skuId, line.quantity - line.backordered);
  await returnGiftCardDraw(tx, order.orderId);
  await returnCreditDraw(tx, order.orderId);
  await updateStatus(tx, order.orderId, 'CANCELLED');
  await insertStatusChange(tx, order.orderId, order.status, 'CANCELLED', by);
}

/** The order when the token is its own; compared in constant time so the token cannot be guessed bit by bit. */
export async function findOrderWithToken(db: Queryable, orderId: string, token: string): Promise<OrderRecord | null> {
  const order = await selectOrder(db, orderId);
  if (!order) return null;
  const a = Buffer.from(order.token);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? order : null;
}

/** Whether `token` is the order's own secret (the one in its confirmation link). */
export async function isOrderToken(db: Queryable, orderId: string, token: string): Promise<boolean> {
  return (await findOrderWithToken(db, orderId, token)) !== null;
}

/** The providers of orders whose payment is not settled yet, each once. */
export function pendingPaymentProviders(db: Queryable): Promise<string[]> {
  return selectPendingPaymentProviders(db);
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
): Promise<OrderRecord> {
  return changeStock(db, pubsub, async (tx, stock) => {
    const order = await selectOrder(tx, orderId, true);
    if (!order) throw invalidInput(`There is no order with id ${orderId}`);
    if (order.status === status) return order;
    if (!canMove(order.status, status)) {
      throw invalidInput(orderTexts(languageId).transitionRefused(statusLabel(order.status, languageId), statusLabel(status, languageId)));
    }
    // Checked under the order lock settlePayment takes too, so a payment cannot fail in between.
    if (needsPayment(status) && order.paymentStatus !== 'PAID') throw invalidInput(orderTexts(languageId).notPaidYet);
    if (status === 'CANCELLED') await cancelLocked(tx, stock, order, by);
    else {
      await updateStatus(tx, orderId, status);
      await insertStatusChange(tx, orderId, order.status, status, by);
      // Completed means handed to the carrier: the customer gets the shipped mail.
      if (status === 'COMPLETED') await queueOrderMail(tx, (await selectOrder(tx, orderId))!, 'ordershipped', variant);
    }
    return (await selectOrder(tx, orderId))!;
  });
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
   * is cancelled as a GENERAL failure (recorded as by 'payment-timeout'), giving its stock, gift card and store credit draws back.
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
 * cancelled (status.ts), cancels it, stock, gift card and store credit draws back. The one path for the shopper's return
 * (completePayment) and the sweeper.
 *
 * Settles exactly once, however many ask at the same time: the provider is asked without any lock held, then the
 * order row is locked and only a still PENDING order is changed, so the second of two racing callers finds it
 * settled and changes nothing (ALREADY_SETTLED). An order without a payment reference (its payment was never
 * created) counts as pending, as there is nothing to ask, unless cancelIfNoPayment.
 */
export async function settlePayment(
  db: Db,
  pubsub: PubSub,
  found: OrderRecord,
  options: SettleOptions,
): Promise<{ order: OrderRecord; settlement: Settlement }> {
  if (found.paymentStatus !== 'PENDING') return { order: found, settlement: 'ALREADY_SETTLED' };
  const reference = found.paymentReference;
  const outcome: PaymentOutcome = reference ? await paymentProvider(found.paymentProvider).completePayment(reference, {}) : { status: 'PENDING' };
  if (outcome.status === 'PENDING') {
    const givesUp = options.cancelIfStillPending || (!reference && options.cancelIfNoPayment);
    if (!givesUp) return { order: found, settlement: 'PENDING' };
    // Only for an order that is going to be cancelled: a shipped one (see below) still wants its money.
    if (reference && canMove(found.status, 'CANCELLED')) await paymentProvider(found.paymentProvider).cancelPayment(reference);
  }
  return changeStock(db, pubsub, async (tx, stock, outbox) => {
    const order = (await selectOrder(tx, found.orderId, true))!;
    if (order.paymentStatus !== 'PENDING') return { order, settlement: 'ALREADY_SETTLED' as const };
    if (outcome.status === 'PAID') {
      await updatePaid(tx, order.orderId);
      const paid = (await selectOrder(tx, order.orderId))!;
      // Paid and settled once (the PENDING check above), so the confirmation is queued exactly once. An order
      // staff cancelled meanwhile ships nothing: no confirmation, and the paid amount is for staff to refund.
      if (order.status !== 'CANCELLED') await queueOrderMail(tx, paid, 'orderconfirmed', options.variant);
      return { order: paid, settlement: 'PAID' as const };
    }
    const reason: PaymentFailureReason = outcome.status === 'FAILED' ? outcome.reason : 'GENERAL';
    await updatePaymentFailed(tx, order.orderId, reason);
    // Only an order that may still be cancelled is: one already cancelled holds nothing, and one that has
    // shipped (COMPLETED before that was refused for unpaid orders) keeps its stock and its cart stays as is;
    // the failure is recorded for staff to chase. The cart is locked before the SKUs, as placeOrder locks them.
    const cancels = canMove(order.status, 'CANCELLED');
    const cart = options.refillCart && (cancels || order.status === 'CANCELLED') ? await lockCartForShop(tx, order.cartId) : null;
    if (cancels) await cancelLocked(tx, stock, order, outcome.status === 'FAILED' ? options.by : 'payment-timeout');
    if (cart) await refillCart(tx, cart, await selectOrderLines(tx, order.orderId), order, outbox);
    return { order: (await selectOrder(tx, order.orderId))!, settlement: outcome.status === 'FAILED' ? ('FAILED' as const) : ('TIMED_OUT' as const) };
  });
}

/**
 * The shopper is back from the payment page: the provider says how it went. Paid marks the order paid; failed
 * cancels it (stock, gift card and store credit draws back) and refills the cart; still pending leaves it for the provider to
 * decide (the payment sweeper asks again later). Settles once: later calls answer the order as it is.
 */
export async function completePayment(db: Db, pubsub: PubSub, orderId: string, token: string, variant: ShopVariant): Promise<OrderRecord> {
  const found = await findOrderWithToken(db, orderId, token);
  if (!found) throw invalidInput('There is no such order');
  const { order } = await settlePayment(db, pubsub, found, { variant, refillCart: true, by: 'payment', cancelIfStillPending: false, cancelIfNoPayment: false });
  return order;
}
