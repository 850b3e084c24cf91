import type { Queryable } from '../../db/client';
import { formatMoney } from '../../../shared/money';
import type { ShopVariant } from '../../../shared/shop';
import { enqueueOrderMail } from '../mail/outbox';
import type { OrderMailData, OrderMailKind } from '../mail/types';
import { orderModel, type OrderRow } from './order-store';

/** The mail's view of an order, in the language the order was placed in. */
export async function orderMailData(db: Queryable, row: OrderRow): Promise<OrderMailData> {
  const order = await orderModel(db, row);
  const to = order.shippingAddress;
  const name = [to.firstName, to.lastName].filter(Boolean).join(' ') || to.companyName || to.email;
  const language = row.language_id === 'en' ? 'en' : 'sv';
  return {
    orderNumber: String(order.orderNumber),
    language,
    customerName: name,
    customerEmail: order.email,
    lines: order.lines.map((line) => ({
      name: line.name,
      skuName: line.articleNumber,
      quantity: line.quantity,
      unitPriceFormatted: formatMoney(Math.round((line.totalPriceIncVat * 100) / line.quantity), language),
      totalFormatted: line.totalPriceIncVatFormatted,
    })),
    subtotalFormatted: order.totals.goodsIncVatFormatted,
    shippingFormatted: order.totals.shippingFeeIncVatFormatted,
    discountFormatted: order.totals.discountIncVat > 0 ? order.totals.discountIncVatFormatted : undefined,
    totalFormatted: order.totals.totalIncVatFormatted,
    vatFormatted: order.totals.vatFormatted,
    giftCardFormatted: order.totals.giftCardIncVat > 0 ? order.totals.giftCardIncVatFormatted : undefined,
    amountToPayFormatted: order.totals.giftCardIncVat > 0 ? order.totals.amountToPayIncVatFormatted : undefined,
    shippingMethod: order.shippingMethod.name,
    paymentMethod: order.paymentMethodLabel,
    shippingAddress: {
      name: to.companyName ? `${to.companyName}, ${name}` : name,
      careOf: to.careOf ?? undefined,
      street: to.streetAddress,
      street2: to.addressLine2 ?? undefined,
      zip: to.zip,
      city: to.city,
      country: to.country,
    },
    trackingUrl: order.tracking ?? undefined,
  };
}

/** Written in the transaction that changes the order, so a mail is queued exactly when the change happens. */
export async function queueOrderMail(tx: Queryable, row: OrderRow, kind: OrderMailKind, variant: ShopVariant): Promise<string> {
  return enqueueOrderMail(tx, kind, await orderMailData(tx, row), variant, row.order_id);
}
