import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { Order, OrderStatus, PaymentFailureReason } from '../../graphql/generated/resolvers-types';
import type { PubSub, StockChangedEvent } from '../../pubsub';
import { returnGiftCardDraw } from '../cart/gift-cards';
import { badInput } from '../cart/input';
import { paymentProvider } from '../checkout/payment';
import { orderTexts } from './messages';
import { findOrder, findOrderWithToken, orderLines, orderModel, recordStatusChange, type OrderRow } from './order-store';
import type { ShopVariant } from '../../db/seed/types';
import { queueOrderMail } from './order-mails';
import { canMove, statusLabel } from './status';
import { lockSkus, publishStockChanges, returnStock } from './stock';

/**
 * Cancels a locked order: the units it took go back on the shelf (backordered ones were never taken), then what
 * it drew from a gift card goes back on the card (once: see returnGiftCardDraw), the card locked last as in
 * placeOrder.
 */
async function cancelLocked(tx: Queryable, row: OrderRow, by: string): Promise<StockChangedEvent[]> {
  const lines = await orderLines(tx, row.order_id);
  await lockSkus(
    tx,
    [...new Set(lines.map((l) => l.sku_id))].sort((a, b) => a - b),
  );
  const events: StockChangedEvent[] = [];
  for (const line of lines) {
    const event = await returnStock(tx, line.sku_id, line.quantity - line.backordered);
    if (event) events.push(event);
  }
  await returnGiftCardDraw(tx, row.order_id);
  await tx.query(`UPDATE orders SET status = 'CANCELLED', updated_at = now() WHERE order_id = $1`, [row.order_id]);
  await recordStatusChange(tx, row.order_id, row.status, 'CANCELLED', by);
  return events;
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
  const { row, events } = await db.transaction(async (tx) => {
    const row = await findOrder(tx, orderId, true);
    if (!row) throw badInput(`There is no order with id ${orderId}`);
    if (row.status === status) return { row, events: [] };
    if (!canMove(row.status, status)) {
      throw badInput(orderTexts(languageId).transitionRefused(statusLabel(row.status, languageId), statusLabel(status, languageId)));
    }
    let events: StockChangedEvent[] = [];
    if (status === 'CANCELLED') events = await cancelLocked(tx, row, by);
    else {
      await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE order_id = $1', [orderId, status]);
      await recordStatusChange(tx, orderId, row.status, status, by);
      // Completed means handed to the carrier: the customer gets the shipped mail.
      if (status === 'COMPLETED') await queueOrderMail(tx, (await findOrder(tx, orderId))!, 'ordershipped', variant);
    }
    return { row: (await findOrder(tx, orderId))!, events };
  });
  publishStockChanges(pubsub, events);
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

/**
 * The shopper is back from the payment page: the provider says how it went. Paid marks the order paid; failed
 * cancels it (stock and gift card draw back) and refills the cart. Settles once: later calls answer the order as it is.
 */
export async function completePayment(db: Db, pubsub: PubSub, orderId: string, token: string, languageId: LanguageId, variant: ShopVariant): Promise<Order> {
  const found = await findOrderWithToken(db, orderId, token);
  if (!found) throw badInput('There is no such order');
  if (found.payment_status !== 'PENDING' || !found.payment_reference) return orderModel(db, found, languageId);
  const outcome = await paymentProvider(found.payment_provider).completePayment(found.payment_reference, {});
  const { row, events } = await db.transaction(async (tx) => {
    const row = (await findOrder(tx, orderId, true))!;
    if (row.payment_status !== 'PENDING') return { row, events: [] };
    if (outcome.status === 'PAID') {
      await tx.query(`UPDATE orders SET payment_status = 'PAID', updated_at = now() WHERE order_id = $1`, [orderId]);
      const paid = (await findOrder(tx, orderId))!;
      // Paid and settled once (the PENDING check above), so the confirmation is queued exactly once.
      await queueOrderMail(tx, paid, 'orderconfirmed', variant);
      return { row: paid, events: [] };
    }
    const reason: PaymentFailureReason = outcome.reason;
    await tx.query(`UPDATE orders SET payment_status = 'FAILED', payment_failure = $2, updated_at = now() WHERE order_id = $1`, [orderId, reason]);
    const cart = await lockOrderCart(tx, row);
    const events = row.status === 'CANCELLED' ? [] : await cancelLocked(tx, row, 'payment');
    if (cart) await restoreCart(tx, row, cart);
    return { row: (await findOrder(tx, orderId))!, events };
  });
  publishStockChanges(pubsub, events);
  return orderModel(db, row, languageId);
}
