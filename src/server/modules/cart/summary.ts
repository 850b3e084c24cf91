import type { LanguageId } from '../../../shared/locales';
import { exVatMinor, formatMoney, toMajor } from '../../../shared/money';
import type { AppliedCampaign, CartGiftCard, CartSummary } from '../../graphql/generated/resolvers-types';
import { priceOf } from '../catalog/price';
import { SHIPPING_VAT_RATE } from '../shipping';
import type { CampaignRef, PricedLine } from './campaigns';
import { giftCardCoverMinor, type GiftCard } from './gift-cards';
import { promoDiscountMinor, type PromoCode } from './promo-codes';

/** Shipping until carriers arrive with checkout: one flat fee, free from the FREE_SHIPPING threshold. */
export const DEFAULT_SHIPPING_FEE_MINOR = 4_900;

export function appliedCampaign(c: CampaignRef): AppliedCampaign {
  return { discountCampaignId: c.campaignId, name: c.name, hideTitle: c.hideTitle };
}

export interface CartTotals {
  summary: CartSummary;
  /** Campaigns that lowered any line, then free shipping when it was reached; by campaign id. */
  appliedCampaigns: AppliedCampaign[];
  /** The applied card with what it covers of this total; null without one. */
  giftCard: CartGiftCard | null;
}

/**
 * The order sums. Goods are the lines after campaigns; the promo code comes off the goods (its ex-VAT part in
 * the goods' own VAT proportion); shipping is free once the goods after the code reach the threshold, and
 * an empty cart ships nothing. So a code can cost the free shipping the goods had without it: what the code
 * and the order then really save is told apart from the discount. A gift card pays part of the total after all that (a means of payment: the
 * total and its VAT do not change).
 */
export function summarize(
  lines: readonly PricedLine[],
  promo: PromoCode | null,
  freeShipping: CampaignRef | null,
  languageId: LanguageId,
  giftCard: GiftCard | null = null,
): CartTotals {
  const sum = (f: (l: PricedLine) => number) => lines.reduce((total, l) => total + f(l), 0);
  const regular = sum((l) => l.totalRegularMinor);
  const selling = sum((l) => l.totalSellingMinor);
  const regularEx = sum((l) => exVatMinor(l.totalRegularMinor, l.line.vatRate));
  const sellingEx = sum((l) => exVatMinor(l.totalSellingMinor, l.line.vatRate));

  // An amount off or towards the goods, without VAT: in the goods' own VAT proportion (their rates may differ).
  // Without goods there is no proportion; the standard rate stands in.
  const goodsExVat = (minor: number) => (selling > 0 ? Math.round((minor * sellingEx) / selling) : exVatMinor(minor, SHIPPING_VAT_RATE));
  const promoDiscount = promo ? promoDiscountMinor(promo, selling) : 0;
  const promoDiscountEx = goodsExVat(promoDiscount);
  const goods = selling - promoDiscount;

  const threshold = freeShipping?.thresholdMinor ?? null;
  const reaches = (amount: number) => lines.length > 0 && threshold !== null && amount >= threshold;
  const reachedFreeShipping = reaches(goods);
  const fee = lines.length === 0 || reachedFreeShipping ? 0 : DEFAULT_SHIPPING_FEE_MINOR;
  const feeEx = exVatMinor(fee, SHIPPING_VAT_RATE);
  const leftToFreeShipping = threshold === null ? 0 : Math.max(0, threshold - goods);
  // A code that takes the goods under the threshold brings the fee back: it saves its discount less that fee.
  const promoShippingFee = promoDiscount > 0 && reaches(selling) && !reachedFreeShipping ? fee : 0;
  const promoShippingFeeEx = exVatMinor(promoShippingFee, SHIPPING_VAT_RATE);

  const total = goods + fee;
  const totalEx = sellingEx - promoDiscountEx + feeEx;
  const discount = regular - selling + promoDiscount;
  const discountEx = regularEx - sellingEx + promoDiscountEx;
  const giftCardCover = giftCard ? giftCardCoverMinor(giftCard.balanceMinor, total) : 0;
  const amountToPay = total - giftCardCover;
  const vatRates = new Set(lines.map((l) => l.line.vatRate));
  const subTotal = priceOf(regular, selling, 0, languageId);

  const byId = new Map<number, CampaignRef>();
  for (const line of lines) for (const c of line.applied) byId.set(c.campaignId, c);
  if (reachedFreeShipping && freeShipping) byId.set(freeShipping.campaignId, freeShipping);

  return {
    appliedCampaigns: [...byId.values()].sort((a, b) => a.campaignId - b.campaignId).map(appliedCampaign),
    giftCard: giftCard && {
      code: giftCard.code,
      balanceIncVat: toMajor(giftCard.balanceMinor),
      balanceIncVatFormatted: formatMoney(giftCard.balanceMinor, languageId),
      appliedAmountIncVat: toMajor(giftCardCover),
      appliedAmountIncVatFormatted: formatMoney(giftCardCover, languageId),
      expiresAt: giftCard.expiresAt,
    },
    summary: {
      fixedAmountDiscountIncVat: toMajor(promoDiscount),
      fixedAmountDiscountExVat: toMajor(promoDiscountEx),
      promoCodeShippingFeeIncVat: toMajor(promoShippingFee),
      promoCodeShippingFeeExVat: toMajor(promoShippingFeeEx),
      promoCodeNetSavingIncVat: toMajor(promoDiscount - promoShippingFee),
      promoCodeNetSavingExVat: toMajor(promoDiscountEx - promoShippingFeeEx),
      subTotal: {
        ...subTotal,
        regularPriceExVat: toMajor(regularEx),
        sellingPriceExVat: toMajor(sellingEx),
        regularPriceExVatFormatted: formatMoney(regularEx, languageId),
        sellingPriceExVatFormatted: formatMoney(sellingEx, languageId),
        vat: toMajor(selling - sellingEx),
        // One rate when every line shares it; 0 says the goods mix rates.
        vatRate: vatRates.size === 1 ? [...vatRates][0]! : 0,
      },
      shipping: {
        amountLeftToFreeShipping: toMajor(leftToFreeShipping),
        amountLeftToFreeShippingFormatted: formatMoney(leftToFreeShipping, languageId),
        amountLeftToFreeShippingExVat: toMajor(goodsExVat(leftToFreeShipping)),
        amountLeftToFreeShippingExVatFormatted: formatMoney(goodsExVat(leftToFreeShipping), languageId),
        feeExVat: toMajor(feeEx),
        feeIncVat: toMajor(fee),
        feeIncVatFormatted: formatMoney(fee, languageId),
        shippingFeeIncVat: toMajor(fee),
        isDefault: true,
      },
      total: {
        isDiscounted: discount > 0,
        sellingPriceIncVat: toMajor(total),
        sellingPriceExVat: toMajor(totalEx),
        sellingPriceIncVatFormatted: formatMoney(total, languageId),
        sellingPriceExVatFormatted: formatMoney(totalEx, languageId),
        discountIncVat: toMajor(discount),
        discountExVat: toMajor(discountEx),
        discountIncVatFormatted: formatMoney(discount, languageId),
        discountExVatFormatted: formatMoney(discountEx, languageId),
        savingIncVat: toMajor(discount - promoShippingFee),
        savingExVat: toMajor(discountEx - promoShippingFeeEx),
        savingIncVatFormatted: formatMoney(discount - promoShippingFee, languageId),
        savingExVatFormatted: formatMoney(discountEx - promoShippingFeeEx, languageId),
        vat: toMajor(total - totalEx),
        vatFormatted: formatMoney(total - totalEx, languageId),
      },
      giftCardAmountIncVat: toMajor(giftCardCover),
      giftCardAmountIncVatFormatted: formatMoney(giftCardCover, languageId),
      amountToPayIncVat: toMajor(amountToPay),
      amountToPayIncVatFormatted: formatMoney(amountToPay, languageId),
    },
  };
}
