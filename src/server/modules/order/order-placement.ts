import type { Db, Queryable } from '../../db/client';
import { channels } from '../../../shared/locales';
import type { ShopVariant } from '../../../shared/shop';
import { failureReasonSlugs, paymentProvider, type PaymentOrder } from '../payment';
import { amountToPayMinor, type NewOrder, type OrderRecord } from './models';
import { queueOrderMail } from './order-mails';
import { insertOrder, selectOrder, selectOrderByKey, selectOrderLines, updatePaid, updatePaymentStarted } from './order-store';

/*
 * Placing an order, as checkout does it: recorded inside checkout's transaction (which also takes the stock, draws
 * the gift card and empties the cart), and its payment started once that transaction has committed.
 */

/**
 * Recorded as the payment provider of an order a gift card (and the store credit) pays in full. It is not a
 * registered provider and is never asked anything: such an order is PAID and has its redirect when it is placed.
 */
const GIFT_CARD_ONLY_PROVIDER = 'giftcard';

/** The order a placeOrder with this idempotency key placed, if any. */
export function findOrderByIdempotencyKey(db: Queryable, idempotencyKey: string): Promise<OrderRecord | null> {
  return selectOrderByKey(db, idempotencyKey);
}

/** Shop paths (localized) for the order: the confirmation, and the failure page with its reason. */
function returnUrls(order: OrderRecord): PaymentOrder['returnUrls'] {
  const query = `order=${encodeURIComponent(order.orderId)}&token=${encodeURIComponent(order.token)}`;
  const base = `${channels[order.languageId].prefix}/checkout`;
  return {
    confirm: `${base}/confirm?${query}`,
    fail: (reason) => `${base}/klarna-fail?${query}&reason=${failureReasonSlugs[reason]}`,
  };
}

/**
 * Records the order as RECEIVED, at the prices given. One the gift card and the store credit pay in full is paid at once: nothing is left
 * to pay, so it goes straight to the confirmation, and its confirmation mail is queued with it (as completePayment
 * does for an order paid through a provider).
 */
export async function createOrder(tx: Queryable, order: NewOrder, variant: ShopVariant): Promise<OrderRecord> {
  const orderId = await insertOrder(tx, order, order.paidInFull ? GIFT_CARD_ONLY_PROVIDER : order.paymentProvider);
  const placed = (await selectOrder(tx, orderId))!;
  if (!order.paidInFull) return placed;
  await updatePaid(tx, orderId, returnUrls(placed).confirm);
  const paid = (await selectOrder(tx, orderId))!;
  await queueOrderMail(tx, paid, 'orderconfirmed', variant);
  return paid;
}

async function paymentOrder(db: Queryable, order: OrderRecord): Promise<PaymentOrder> {
  const lines = await selectOrderLines(db, order.orderId);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    email: order.customer.email ?? '',
    languageId: order.languageId,
    paymentMethod: order.paymentMethod,
    totalMinor: order.money.totalMinor,
    totalExVatMinor: order.money.totalExVatMinor,
    giftCardMinor: order.money.giftCardMinor,
    creditMinor: order.money.creditMinor,
    amountToPayMinor: amountToPayMinor(order.money),
    currency: 'SEK',
    country: order.customer.country,
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, totalMinor: l.totalSellingMinor, vatRate: l.vatRate })),
    returnUrls: returnUrls(order),
  };
}

/**
 * Starts the payment once the order is committed (no locks held while a provider is asked), and answers where the
 * shopper goes next. A replay, or a first attempt that died before this, starts it again; providers are idempotent
 * per order, and the first redirect recorded wins.
 */
export async function startPayment(db: Db, order: OrderRecord): Promise<string> {
  if (order.redirectUrl) return order.redirectUrl;
  // A replay that comes after the payment sweeper gave up on an order whose payment was never created: it is
  // cancelled, its stock back on the shelf, so no payment may start for it now.
  if (order.status === 'CANCELLED' || order.paymentStatus !== 'PENDING') return returnUrls(order).fail('GENERAL');
  const created = await paymentProvider(order.paymentProvider).createPayment(await paymentOrder(db, order));
  return updatePaymentStarted(db, order.orderId, created.reference, created.redirectUrl);
}
