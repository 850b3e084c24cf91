import type { Queryable } from '../../db/client';
import { formatMoney } from '../../../shared/money';
import type { ShopVariant } from '../../../shared/shop';
import { enqueueOrderMail, type OrderMailData, type OrderMailKind } from '../mail';
import { findShippingMethod } from '../shipping';
import { amountToPayMinor, type OrderRecord } from './models';
import { selectOrderLines } from './order-store';
import { paymentMethodLabel } from './status';

/** The mail's view of an order, in the language the order was placed in. */
export async function orderMailData(db: Queryable, order: OrderRecord): Promise<OrderMailData> {
  const language = order.languageId;
  const money = (minor: number) => formatMoney(minor, language);
  const lines = await selectOrderLines(db, order.orderId);
  const method = await findShippingMethod(db, order.shippingMethodId, language);
  const to = order.customer;
  const name = [to.firstName, to.lastName].filter(Boolean).join(' ') || to.companyName || to.email || '';
  const m = order.money;
  const paidBefore = m.giftCardMinor > 0 || m.creditMinor > 0;
  return {
    orderNumber: String(order.orderNumber),
    language,
    customerName: name,
    customerEmail: to.email ?? '',
    lines: lines.map((line) => ({
      name: line.name,
      skuName: line.articleNumber,
      quantity: line.quantity,
      unitPriceFormatted: money(Math.round(line.totalSellingMinor / line.quantity)),
      totalFormatted: money(line.totalSellingMinor),
    })),
    subtotalFormatted: money(m.goodsMinor),
    shippingFormatted: money(m.shippingFeeMinor),
    discountFormatted: m.discountMinor > 0 ? money(m.discountMinor) : undefined,
    totalFormatted: money(m.totalMinor),
    vatFormatted: money(m.totalMinor - m.totalExVatMinor),
    giftCardFormatted: m.giftCardMinor > 0 ? money(m.giftCardMinor) : undefined,
    creditFormatted: m.creditMinor > 0 ? money(m.creditMinor) : undefined,
    amountToPayFormatted: paidBefore ? money(amountToPayMinor(m)) : undefined,
    shippingMethod: method?.name ?? order.shippingMethodId,
    paymentMethod: paymentMethodLabel(order.paymentMethod, language),
    shippingAddress: {
      name: to.companyName ? `${to.companyName}, ${name}` : name,
      careOf: to.careOf ?? undefined,
      street: to.streetAddress ?? '',
      street2: to.addressLine2 ?? undefined,
      zip: to.zip ?? '',
      city: to.city ?? '',
      country: to.country,
    },
    trackingUrl: order.tracking ?? undefined,
  };
}

/** Written in the transaction that changes the order, so a mail is queued exactly when the change happens. */
export async function queueOrderMail(tx: Queryable, order: OrderRecord, kind: OrderMailKind, variant: ShopVariant): Promise<string> {
  return enqueueOrderMail(tx, kind, await orderMailData(tx, order), variant, order.orderId);
}
