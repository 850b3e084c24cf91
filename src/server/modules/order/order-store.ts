import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { isLanguageId } from '../../../shared/locales';
import type { OrderStatus, PaymentFailureReason, PaymentMethod, PaymentStatus } from '../../generated/api-types';
import type { NewOrder, OrderCustomer, OrderLine, OrderRecord } from './models';

const newOrderId = () => randomBytes(12).toString('base64url');
const newOrderToken = () => randomBytes(24).toString('base64url');

interface OrderRow {
  order_id: string;
  order_number: number;
  token: string;
  cart_id: string;
  language_id: string;
  status: OrderStatus;
  customer: unknown;
  shipping_method_id: string;
  payment_method: PaymentMethod;
  payment_provider: string;
  payment_reference: string | null;
  payment_status: PaymentStatus;
  payment_failure: PaymentFailureReason | null;
  redirect_url: string | null;
  promo_code: string | null;
  regular_minor: number;
  goods_minor: number;
  discount_minor: number;
  shipping_fee_minor: number;
  total_minor: number;
  total_ex_vat_minor: number;
  gift_card_code: string | null;
  gift_card_minor: number;
  credit_minor: number;
  tracking: string | null;
  created_at: string;
}

const text = z.string().nullish().transform((value) => value ?? null);

/** The customer JSON as checkout stored it (it may carry more of the form, which the order does not need). */
const storedCustomer = z.object({
  customerType: z.enum(['PERSON', 'ORGANIZATION']),
  email: text,
  firstName: text,
  lastName: text,
  phoneNumber: text,
  careOf: text,
  streetAddress: text,
  addressLine2: text,
  zip: text,
  city: text,
  country: z.string(),
  personalIdNumber: text,
  organisationIdNumber: text,
  companyName: text,
  orderMessage: text,
  entryCode: text,
});

function toOrderRecord(r: OrderRow): OrderRecord {
  return {
    orderId: r.order_id,
    orderNumber: r.order_number,
    token: r.token,
    cartId: r.cart_id,
    languageId: isLanguageId(r.language_id) ? r.language_id : 'sv',
    status: r.status,
    customer: storedCustomer.parse(r.customer) satisfies OrderCustomer,
    shippingMethodId: r.shipping_method_id,
    paymentMethod: r.payment_method,
    paymentProvider: r.payment_provider,
    paymentReference: r.payment_reference,
    paymentStatus: r.payment_status,
    paymentFailure: r.payment_failure,
    redirectUrl: r.redirect_url,
    promoCode: r.promo_code,
    giftCardCode: r.gift_card_code,
    money: {
      regularMinor: r.regular_minor,
      goodsMinor: r.goods_minor,
      discountMinor: r.discount_minor,
      shippingFeeMinor: r.shipping_fee_minor,
      totalMinor: r.total_minor,
      totalExVatMinor: r.total_ex_vat_minor,
      giftCardMinor: r.gift_card_minor,
      creditMinor: r.credit_minor,
    },
    tracking: r.tracking,
    createdAt: r.created_at,
  };
}

const orderColumns = `order_id, order_number, token, cart_id, language_id, status, customer, shipping_method_id, payment_method,
  payment_provider, payment_reference, payment_status, payment_failure, redirect_url, promo_code, regular_minor, goods_minor,
  discount_minor, shipping_fee_minor, total_minor, total_ex_vat_minor, gift_card_code, gift_card_minor, credit_minor, tracking, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** Records the order, its lines and its first status; the new order's id. */
export async function insertOrder(tx: Queryable, order: NewOrder, paymentProvider: string): Promise<string> {
  const orderId = newOrderId();
  const m = order.money;
  await tx.query(
    `INSERT INTO orders (order_id, token, cart_id, idempotency_key, language_id, customer, shipping_method_id, payment_method,
       payment_provider, promo_code, regular_minor, goods_minor, discount_minor, shipping_fee_minor, total_minor, total_ex_vat_minor,
       gift_card_code, gift_card_minor, customer_id, credit_minor)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
    [
      orderId,
      newOrderToken(),
      order.cartId,
      order.idempotencyKey,
      order.languageId,
      JSON.stringify(order.customer),
      order.shippingMethodId,
      order.paymentMethod,
      paymentProvider,
      order.promoCode,
      m.regularMinor,
      m.goodsMinor,
      m.discountMinor,
      m.shippingFeeMinor,
      m.totalMinor,
      m.totalExVatMinor,
      order.giftCardCode,
      m.giftCardMinor,
      order.customerId,
      m.creditMinor,
    ],
  );
  let lineNo = 0;
  for (const l of order.lines) {
    await tx.query(
      `INSERT INTO order_lines (order_id, line_no, sku_id, product_id, name, article_number, quantity, backordered,
         regular_unit_minor, total_regular_minor, total_selling_minor, vat_rate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [orderId, ++lineNo, l.skuId, l.productId, l.name, l.articleNumber, l.quantity, l.backordered, l.regularUnitMinor, l.totalRegularMinor, l.totalSellingMinor, l.vatRate],
    );
  }
  await insertStatusChange(tx, orderId, null, 'RECEIVED', 'shopper');
  return orderId;
}

export async function insertStatusChange(tx: Queryable, orderId: string, from: OrderStatus | null, to: OrderStatus, by: string): Promise<void> {
  await tx.query('INSERT INTO order_status_changes (order_id, from_status, to_status, changed_by) VALUES ($1, $2, $3, $4)', [orderId, from, to, by]);
}

export async function selectOrder(db: Queryable, orderId: string, lock = false): Promise<OrderRecord | null> {
  const [row] = await db.query<OrderRow>(`SELECT ${orderColumns} FROM orders WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`, [orderId]);
  return row ? toOrderRecord(row) : null;
}

export async function selectOrderByKey(db: Queryable, idempotencyKey: string): Promise<OrderRecord | null> {
  const [row] = await db.query<OrderRow>(`SELECT ${orderColumns} FROM orders WHERE idempotency_key = $1`, [idempotencyKey]);
  return row ? toOrderRecord(row) : null;
}

interface OrderLineRow {
  sku_id: number;
  product_id: number;
  name: string;
  article_number: string;
  quantity: number;
  backordered: number;
  regular_unit_minor: number;
  total_regular_minor: number;
  total_selling_minor: number;
  vat_rate: number;
}

export async function selectOrderLines(db: Queryable, orderId: string): Promise<OrderLine[]> {
  const rows = await db.query<OrderLineRow>(
    `SELECT sku_id, product_id, name, article_number, quantity, backordered, regular_unit_minor, total_regular_minor, total_selling_minor, vat_rate
     FROM order_lines WHERE order_id = $1 ORDER BY line_no`,
    [orderId],
  );
  return rows.map((r) => ({
    skuId: r.sku_id,
    productId: r.product_id,
    name: r.name,
    articleNumber: r.article_number,
    quantity: r.quantity,
    backordered: r.backordered,
    regularUnitMinor: r.regular_unit_minor,
    totalRegularMinor: r.total_regular_minor,
    totalSellingMinor: r.total_selling_minor,
    vatRate: r.vat_rate,
  }));
}

export async function updateStatus(tx: Queryable, orderId: string, status: OrderStatus): Promise<void> {
  await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE order_id = $1', [orderId, status]);
}

/** Paid; `redirectUrl` also records where the shopper goes (an order paid as placed has no provider page). */
export async function updatePaid(tx: Queryable, orderId: string, redirectUrl?: string): Promise<void> {
  await tx.query(`UPDATE orders SET payment_status = 'PAID', redirect_url = COALESCE($2, redirect_url), updated_at = now() WHERE order_id = $1`, [
    orderId,
    redirectUrl ?? null,
  ]);
}

export async function updatePaymentFailed(tx: Queryable, orderId: string, reason: PaymentFailureReason): Promise<void> {
  await tx.query(`UPDATE orders SET payment_status = 'FAILED', payment_failure = $2, updated_at = now() WHERE order_id = $1`, [orderId, reason]);
}

/** Records the provider's payment unless one was recorded already (the first wins); the redirect in force. */
export async function updatePaymentStarted(db: Queryable, orderId: string, reference: string, redirectUrl: string): Promise<string> {
  const [row] = await db.query<{ redirect_url: string }>(
    `UPDATE orders SET payment_reference = COALESCE(payment_reference, $2), redirect_url = COALESCE(redirect_url, $3), updated_at = now()
     WHERE order_id = $1 RETURNING redirect_url`,
    [orderId, reference, redirectUrl],
  );
  return row!.redirect_url;
}

/** The providers of orders whose payment is not settled yet, each once. */
export async function selectPendingPaymentProviders(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ payment_provider: string }>(`SELECT DISTINCT payment_provider FROM orders WHERE payment_status = 'PENDING' ORDER BY payment_provider`);
  return rows.map((r) => r.payment_provider);
}

/**
 * Takes up to `limit` pending orders past the grace period, the longest-unasked first, and marks them taken. One
 * statement with SKIP LOCKED, like the mail outbox: concurrent sweepers take different orders, no transaction
 * stays open while providers are asked, and an order whose row is locked right now (the shopper's return is
 * settling it) is passed over. An order the admin cancelled is left out: it holds nothing any more.
 */
export async function claimAbandonedOrders(
  db: Queryable,
  limit: number,
  ages: { graceMs: number; leaseMs: number; hardLimitMs: number },
): Promise<{ orderId: string; expired: boolean }[]> {
  const rows = await db.query<{ order_id: string; expired: boolean }>(
    `UPDATE orders SET payment_checked_at = now()
     WHERE order_id IN (
       SELECT order_id FROM orders
       WHERE payment_status = 'PENDING' AND status <> 'CANCELLED'
         AND created_at < now() - make_interval(secs => $2)
         AND (payment_checked_at IS NULL OR payment_checked_at < now() - make_interval(secs => $3))
       ORDER BY payment_checked_at NULLS FIRST, created_at, order_id
       LIMIT $1
       FOR UPDATE SKIP LOCKED
     )
     RETURNING order_id, created_at < now() - make_interval(secs => $4) AS expired`,
    [limit, ages.graceMs / 1000, ages.leaseMs / 1000, ages.hardLimitMs / 1000],
  );
  return rows.map((r) => ({ orderId: r.order_id, expired: r.expired }));
}

/** The customer's orders, newest first (the order number breaks a tie within one instant). */
export async function selectCustomerOrders(db: Queryable, customerId: number): Promise<OrderRecord[]> {
  const rows = await db.query<OrderRow>(
    `SELECT ${orderColumns} FROM orders WHERE customer_id = $1 ORDER BY orders.created_at DESC, order_number DESC`,
    [customerId],
  );
  return rows.map(toOrderRecord);
}

/**
 * What an erased order keeps of the stored customer JSON: what the bookkeeping needs that names no person (the
 * customer type, the country for VAT, and a buying company's name and organisation number for its invoice).
 */
export const KEPT_CUSTOMER_FIELDS = ['customerType', 'country', 'companyName', 'organisationIdNumber'] as const;

/**
 * Unlinks the customer's orders from them and blanks the person's details in each (every key of the JSON but the
 * kept ones, so fields a later form adds are erased too); the ids of the orders changed.
 */
export async function eraseCustomerFromOrders(tx: Queryable, customerId: number): Promise<string[]> {
  const rows = await tx.query<{ order_id: string }>(
    `UPDATE orders SET customer_id = NULL, updated_at = now(),
       customer = (SELECT jsonb_object_agg(key, CASE WHEN key = ANY($2::text[]) THEN value ELSE 'null'::jsonb END) FROM jsonb_each(customer))
     WHERE customer_id = $1 RETURNING order_id`,
    [customerId, KEPT_CUSTOMER_FIELDS],
  );
  return rows.map((r) => r.order_id);
}

/** Order numbers by order id, for the orders that exist. */
export async function selectOrderNumbers(db: Queryable, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.query<{ order_id: string; order_number: number }>('SELECT order_id, order_number FROM orders WHERE order_id = ANY($1::text[])', [orderIds]);
  return new Map(rows.map((r) => [r.order_id, r.order_number]));
}
