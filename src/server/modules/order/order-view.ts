import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { formatMoney, toMajor } from '../../../shared/money';
import type { CheckoutTotals, Order, OrderAddress } from '../../generated/api-types';
import { findShippingMethod } from '../shipping';
import { paymentFailureMessage } from './messages';
import { amountToPayMinor, type OrderCustomer, type OrderMoney, type OrderRecord } from './models';
import { selectOrderLines } from './order-store';
import { paymentMethodLabel, statusLabel } from './status';

/* The GraphQL edge of orders: öre as the API's kronor and formatted texts. */

/** An order's (or a checkout's) money as the API answers it. */
export function orderTotals(money: OrderMoney, languageId: LanguageId): CheckoutTotals {
  const vat = money.totalMinor - money.totalExVatMinor;
  const toPay = amountToPayMinor(money);
  return {
    goodsIncVat: toMajor(money.goodsMinor),
    discountIncVat: toMajor(money.discountMinor),
    shippingFeeIncVat: toMajor(money.shippingFeeMinor),
    totalIncVat: toMajor(money.totalMinor),
    totalExVat: toMajor(money.totalExVatMinor),
    vat: toMajor(vat),
    giftCardIncVat: toMajor(money.giftCardMinor),
    storeCreditIncVat: toMajor(money.creditMinor),
    amountToPayIncVat: toMajor(toPay),
    goodsIncVatFormatted: formatMoney(money.goodsMinor, languageId),
    discountIncVatFormatted: formatMoney(money.discountMinor, languageId),
    shippingFeeIncVatFormatted: formatMoney(money.shippingFeeMinor, languageId),
    totalIncVatFormatted: formatMoney(money.totalMinor, languageId),
    vatFormatted: formatMoney(vat, languageId),
    giftCardIncVatFormatted: formatMoney(money.giftCardMinor, languageId),
    storeCreditIncVatFormatted: formatMoney(money.creditMinor, languageId),
    amountToPayIncVatFormatted: formatMoney(toPay, languageId),
  };
}

function address(c: OrderCustomer): OrderAddress {
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
export async function orderView(db: Queryable, order: OrderRecord, asked?: LanguageId): Promise<Order> {
  const languageId = asked ?? order.languageId;
  const money = (minor: number) => formatMoney(minor, languageId);
  const method = await findShippingMethod(db, order.shippingMethodId, languageId);
  const lines = await selectOrderLines(db, order.orderId);
  const c = order.customer;
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    status: order.status,
    statusLabel: statusLabel(order.status, languageId),
    createdAt: order.createdAt,
    customerType: c.customerType,
    email: c.email ?? '',
    personalIdNumber: c.personalIdNumber,
    organisationIdNumber: c.organisationIdNumber,
    lines: lines.map((l) => ({
      skuId: l.skuId,
      productId: l.productId,
      name: l.name,
      articleNumber: l.articleNumber,
      quantity: l.quantity,
      backorderedQuantity: l.backordered,
      regularUnitPriceIncVat: toMajor(l.regularUnitMinor),
      totalPriceIncVat: toMajor(l.totalSellingMinor),
      totalPriceIncVatFormatted: money(l.totalSellingMinor),
      vatRate: l.vatRate,
    })),
    totals: orderTotals(order.money, languageId),
    promoCode: order.promoCode,
    shippingMethod: {
      shippingMethodId: order.shippingMethodId,
      carrier: method?.carrier ?? '',
      name: method?.name ?? order.shippingMethodId,
      feeIncVat: toMajor(order.money.shippingFeeMinor),
      feeIncVatFormatted: money(order.money.shippingFeeMinor),
    },
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: paymentMethodLabel(order.paymentMethod, languageId),
    paymentStatus: order.paymentStatus,
    paymentFailureReason: order.paymentFailure,
    paymentFailureMessage: order.paymentFailure ? paymentFailureMessage(order.paymentFailure, languageId) : null,
    billingAddress: address(c),
    shippingAddress: address(c),
    orderMessage: c.orderMessage,
    entryCode: c.entryCode,
    tracking: order.tracking,
  };
}
