import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { exVatMinor, formatMoney, toMajor } from '../../../shared/money';
import type { CheckoutValidationError, ShippingOption } from '../../generated/api-types';
import type { CartModel } from '../cart';
import { giftCardCoverMinor } from '../gift-card';
import { creditCoverMinor } from '../store-credit';
import { orderTotals, type OrderMoney } from '../order';
import { activeShippingMethods, feeFor, SHIPPING_VAT_RATE, shippingOffers, type ShippingBasis, type ShippingMethod, type ShippingOffer } from '../shipping';
import { checkoutTexts } from './messages';
import type { CheckoutFields, CheckoutModel } from './models';
import { isPaymentBlocked, validateCheckout, type PrepaidCover } from './validation';

/** What free-from amounts and campaigns see of the cart: its goods after the code, and whether a campaign ships it free. */
export function shippingBasis(cart: CartModel): ShippingBasis {
  const t = cart.totals;
  // The cart charges its default fee unless a free-shipping campaign covers it (an empty cart ships nothing).
  return { goodsMinor: t.sellingMinor - t.promoDiscountMinor, freeByCampaign: cart.items.length > 0 && t.shippingFeeMinor === 0 };
}

/**
 * The chosen carrier's fee the promo code brought back: the fee with the code less the fee the goods before it
 * would pay (the code may take them under the carrier's free-from amount or the free-shipping campaign's
 * threshold, which the cart totals tell by bringing the cart's own fee back). 0 without a carrier or goods.
 */
export function promoCodeShippingFeeMinor(cart: CartModel, method: ShippingMethod | null): number {
  if (!method || cart.items.length === 0) return 0;
  const withCode = shippingBasis(cart);
  const withoutCode: ShippingBasis = {
    goodsMinor: cart.totals.sellingMinor,
    freeByCampaign: withCode.freeByCampaign || cart.totals.promoShippingFeeMinor > 0,
  };
  return feeFor(method, withCode) - feeFor(method, withoutCode);
}

/**
 * Cart totals with the cart's default fee swapped for the chosen carrier's (none chosen: no fee yet). The applied
 * gift card covers its balance of the new total, so a dearer carrier can leave more to pay; then the store credit
 * (`creditBalanceMinor`, 0 for a guest or when the customer keeps it) covers what the card leaves.
 */
export function orderMoney(cart: CartModel, method: ShippingMethod | null, creditBalanceMinor = 0): OrderMoney {
  const t = cart.totals;
  const fee = method && cart.items.length > 0 ? feeFor(method, shippingBasis(cart)) : 0;
  const totalMinor = t.totalMinor - t.shippingFeeMinor + fee;
  const giftCardMinor = cart.giftCard ? giftCardCoverMinor(cart.giftCard.balanceMinor, totalMinor) : 0;
  return {
    regularMinor: t.regularMinor,
    goodsMinor: t.sellingMinor,
    // Campaign prices are already in the goods (and shown per line); what comes off them here is the code's.
    discountMinor: t.promoDiscountMinor,
    shippingFeeMinor: fee,
    totalMinor,
    totalExVatMinor: t.totalExVatMinor - t.shippingFeeExVatMinor + exVatMinor(fee, SHIPPING_VAT_RATE),
    giftCardMinor,
    creditMinor: cart.items.length > 0 ? creditCoverMinor(creditBalanceMinor, totalMinor - giftCardMinor) : 0,
  };
}

/**
 * How much of the order the applied card and the store credit pay. An empty cart has nothing to cover; with no
 * carrier chosen yet the fee is not in the total, so they may cover it now and only part once a carrier is chosen.
 */
export function prepaidCover(money: Pick<OrderMoney, 'giftCardMinor' | 'creditMinor' | 'totalMinor'>, cartHasItems: boolean): PrepaidCover {
  const paid = money.giftCardMinor + money.creditMinor;
  if (!cartHasItems || paid <= 0) return 'NONE';
  return paid === money.totalMinor ? 'ALL' : 'PART';
}

function shippingOption({ method, feeMinor, leftToFreeMinor }: ShippingOffer, selected: string | null, languageId: LanguageId): ShippingOption {
  return {
    shippingMethodId: method.shippingMethodId,
    carrier: method.carrier,
    name: method.name,
    description: method.description,
    feeIncVat: toMajor(feeMinor),
    feeExVat: toMajor(exVatMinor(feeMinor, SHIPPING_VAT_RATE)),
    feeIncVatFormatted: formatMoney(feeMinor, languageId),
    freeFromIncVat: method.freeFromMinor === null ? null : toMajor(method.freeFromMinor),
    amountLeftToFreeShipping: toMajor(leftToFreeMinor),
    amountLeftToFreeShippingFormatted: formatMoney(leftToFreeMinor, languageId),
    isSelected: method.shippingMethodId === selected,
  };
}

/** The signed-in customer's store credit as a checkout sees it: null for a guest. */
export interface CheckoutCredit {
  balanceMinor: number;
}

export interface EvaluatedCheckout {
  model: CheckoutModel;
  /** The chosen carrier when it serves the entered country and zip. */
  shippingMethod: ShippingMethod | null;
  money: OrderMoney;
}

/**
 * Validates the form against the cart and the carriers, and prices the order as it would be placed now.
 * `credit` is the signed-in customer's store credit (null for a guest); `refused` are the errors of input that was
 * not stored (see openCheckout).
 */
export async function evaluateCheckout(
  db: Queryable,
  cartId: string,
  fields: CheckoutFields,
  cart: CartModel,
  credit: CheckoutCredit | null,
  refused: readonly CheckoutValidationError[] = [],
): Promise<EvaluatedCheckout> {
  const languageId = cart.languageId;
  const t = checkoutTexts(languageId);
  const offers = shippingOffers(await activeShippingMethods(db, languageId), { country: fields.country, zip: fields.zip }, shippingBasis(cart));
  const shippingOptions = offers.map((offer) => shippingOption(offer, fields.shippingMethodId, languageId));
  const available = offers.map((o) => o.method.shippingMethodId);
  const shippingMethod = offers.find((o) => o.method.shippingMethodId === fields.shippingMethodId)?.method ?? null;
  const money = orderMoney(cart, shippingMethod, credit && fields.useStoreCredit ? credit.balanceMinor : 0);
  const promoShippingFee = promoCodeShippingFeeMinor(cart, shippingMethod);
  const validationErrors = validateCheckout(fields, available, t, prepaidCover(money, cart.items.length > 0), refused);
  return {
    shippingMethod,
    money,
    model: {
      ...fields,
      cartId,
      validationErrors,
      shippingOptions,
      shippingMessage: fields.zip !== null && shippingOptions.length === 0 ? t.noShippingOptions : null,
      paymentBlocked: isPaymentBlocked(validationErrors, cart.items.length > 0),
      totals: orderTotals(money, languageId),
      storeCreditBalanceIncVat: credit ? toMajor(credit.balanceMinor) : null,
      storeCreditBalanceIncVatFormatted: credit ? formatMoney(credit.balanceMinor, languageId) : null,
      promoCodeShippingFeeIncVat: toMajor(promoShippingFee),
      promoCodeNetSavingIncVat: toMajor(money.discountMinor - promoShippingFee),
      cart,
    },
  };
}
