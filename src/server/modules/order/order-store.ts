import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { isLanguageId, type LanguageId } from '../../../shared/locales';
import { formatMoney, toMajor } from '../../../shared/money';
import type {
  Order,
  OrderAddress,
  OrderStatus,
  PaymentFailureReason,
  PaymentMethod,
  PaymentStatus,
} from '../../graphql/generated/resolvers-types';
import { totalsOf } from '../checkout/checkout-view';
import type { CheckoutFields } from '../checkout/models';
import { findShippingMethod } from '../shipping';
import { paymentFailureMessage } from './messages';
import { paymentMethodLabel, statusLabel } from './status';

export const newOrderId = () => randomBytes(12).toString('base64url');
export const newOrderToken = () => randomBytes(24).toString('base64url');

export interface NewOrderLine {
  skuId: number;
  productId: number;
  name: string;
  articleNumber: string;
  quantity: number;
  backordered: number;
  regularUnitMinor: number;
  totalRegularMinor: number;
  totalSellingMinor: number;
  vatRate: number;
}

export interface NewOrder {
  orderId: string;
  token: string;
  cartId: string;
  idempotencyKey: string | null;
  languageId: LanguageId;
  customer: CheckoutFields;
  shippingMethodId: string;
  paymentMethod: PaymentMethod;
  paymentProvider: string;
  promoCode: string | null;
  giftCardCode: string | null;
  regularMinor: number;
  goodsMinor: number;
  discountMinor: number;
  shippingFeeMinor: number;
  totalMinor: number;
  totalExVatMinor: number;
  /** Drawn from the gift card in the same transaction (see gift_card_draws); 0 without one. */
  giftCardMinor: number;
  lines: NewOrderLine[];
}

export async function insertOrder(tx: Queryable, order: NewOrder): Promise<number> {
  const [row] = await tx.query<{ order_number: number }>(
    `INSERT INTO orders (order_id, token, cart_id, idempotency_key, language_id, customer, shipping_method_id, payment_method,
       payment_provider, promo_code, regular_minor, goods_minor, discount_minor, shipping_fee_minor, total_minor, total_ex_vat_minor,
       gift_card_code, gift_card_minor)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING order_number`,
    [
      order.orderId,
      order.token,
      order.cartId,
      order.idempotencyKey,
      order.languageId,
      JSON.stringify(order.customer),
      order.shippingMethodId,
      order.paymentMethod,
      order.paymentProvider,
      order.promoCode,
      order.regularMinor,
      order.goodsMinor,
      order.discountMinor,
      order.shippingFeeMinor,
      order.totalMinor,
      order.totalExVatMinor,
      order.giftCardCode,
      order.giftCardMinor,
    ],
  );
  let lineNo = 0;
  for (const l of order.lines) {
    await tx.query(
      `INSERT INTO order_lines (order_id, line_no, sku_id, product_id, name, article_number, quantity, backordered,
         regular_unit_minor, total_regular_minor, total_selling_minor, vat_rate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [order.orderId, ++lineNo, l.skuId, l.productId, l.name, l.articleNumber, l.quantity, l.backordered, l.regularUnitMinor, l.totalRegularMinor, l.totalSellingMinor, l.vatRate],
    );
  }
  await recordStatusChange(tx, order.orderId, null, 'RECEIVED', 'shopper');
  return row!.order_number;
}

export async function recordStatusChange(tx: Queryable, orderId: string, from: OrderStatus | null, to: OrderStatus, by: string): Promise<void> {
  await tx.query('INSERT INTO order_status_changes (order_id, from_status, to_status, changed_by) VALUES ($1, $2, $3, $4)', [orderId, from, to, by]);
}

export interface OrderRow {
  order_id: string;
  order_number: number;
  token: string;
  cart_id: string;
  language_id: string;
  status: OrderStatus;
  customer: CheckoutFields;
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
  tracking: string | null;
  created_at: string;
}

const orderColumns = `order_id, order_number, token, cart_id, language_id, status, customer, shipping_method_id, payment_method,
  payment_provider, payment_reference, payment_status, payment_failure, redirect_url, promo_code, regular_minor, goods_minor,
  discount_minor, shipping_fee_minor, total_minor, total_ex_vat_minor, gift_card_code, gift_card_minor, tracking, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

export async function findOrder(db: Queryable, orderId: string, lock = false): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(`SELECT ${orderColumns} FROM orders WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`, [orderId]);
  return row ?? null;
}

/** The providers of orders whose payment is not settled yet, each once. */
export async function pendingPaymentProviders(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ payment_provider: string }>(`SELECT DISTINCT payment_provider FROM orders WHERE payment_status = 'PENDING' ORDER BY payment_provider`);
  return rows.map((r) => r.payment_provider);
}

export async function findOrderByKey(db: Queryable, idempotencyKey: string): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(`SELECT ${orderColumns} FROM orders WHERE idempotency_key = $1`, [idempotencyKey]);
  return row ?? null;
}

/** The order when the token is its own; compared in constant time so the token cannot be guessed bit by bit. */
export async function findOrderWithToken(db: Queryable, orderId: string, token: string, lock = false): Promise<OrderRow | null> {
  const row = await findOrder(db, orderId, lock);
  if (!row) return null;
  const a = Buffer.from(row.token);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? row : null;
}

export interface OrderLineRow {
  sku_id: number;
  product_id: number;
  name: string;
  article_number: string;
  quantity: number;
  backordered: number;
  regular_unit_minor: number;
  total_selling_minor: number;
  vat_rate: number;
}

export async function orderLines(db: Queryable, orderId: string): Promise<OrderLineRow[]> {
  return db.query<OrderLineRow>(
    `SELECT sku_id, product_id, name, article_number, quantity, backordered, regular_unit_minor, total_selling_minor, vat_rate
     FROM order_lines WHERE order_id = $1 ORDER BY line_no`,
    [orderId],
  );
}

function address(c: CheckoutFields): OrderAddress {
  return {
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    companyName: c.companyName,
    careOf: c.careOf,
    streetAddress: c.streetAddress ?? '',
    addressLine2: c.addressLine2,
    zip: c.zip ?? '',
    city: c.city ?? '',
    country: c.country,
    phoneNumber: c.phoneNumber ?? '',
    email: c.email ?? '',
  };
}

/** The order as the API answers it, in the asker's language (the order's own when none is asked for). */
export async function orderModel(db: Queryable, row: OrderRow, asked?: LanguageId): Promise<Order> {
  const languageId: LanguageId = asked ?? (isLanguageId(row.language_id) ? row.language_id : 'sv');
  const money = (minor: number) => formatMoney(minor, languageId);
  const method = await findShippingMethod(db, row.shipping_method_id, languageId);
  const lines = await orderLines(db, row.order_id);
  const c = row.customer;
  return {
    orderId: row.order_id,
    orderNumber: row.order_number,
    status: row.status,
    statusLabel: statusLabel(row.status, languageId),
    createdAt: row.created_at,
    customerType: c.customerType,
    email: c.email ?? '',
    personalIdNumber: c.personalIdNumber,
    organisationIdNumber: c.organisationIdNumber,
    lines: lines.map((l) => ({
      skuId: l.sku_id,
      productId: l.product_id,
      name: l.name,
      articleNumber: l.article_number,
      quantity: l.quantity,
      backorderedQuantity: l.backordered,
      regularUnitPriceIncVat: toMajor(l.regular_unit_minor),
      totalPriceIncVat: toMajor(l.total_selling_minor),
      totalPriceIncVatFormatted: money(l.total_selling_minor),
      vatRate: l.vat_rate,
    })),
    totals: totalsOf(
      {
        regularMinor: row.regular_minor,
        goodsMinor: row.goods_minor,
        discountMinor: row.discount_minor,
        shippingFeeMinor: row.shipping_fee_minor,
        totalMinor: row.total_minor,
        totalExVatMinor: row.total_ex_vat_minor,
        giftCardMinor: row.gift_card_minor,
      },
      languageId,
    ),
    promoCode: row.promo_code,
    shippingMethod: {
      shippingMethodId: row.shipping_method_id,
      carrier: method?.carrier ?? '',
      name: method?.name ?? row.shipping_method_id,
      feeIncVat: toMajor(row.shipping_fee_minor),
      feeIncVatFormatted: money(row.shipping_fee_minor),
    },
    paymentMethod: row.payment_method,
    paymentMethodLabel: paymentMethodLabel(row.payment_method, languageId),
    paymentStatus: row.payment_status,
    paymentFailureReason: row.payment_failure,
    paymentFailureMessage: row.payment_failure ? paymentFailureMessage(row.payment_failure, languageId) : null,
    billingAddress: address(c),
    shippingAddress: address(c),
    orderMessage: c.orderMessage,
    entryCode: c.entryCode,
    tracking: row.tracking,
  };
}
