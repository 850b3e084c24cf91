import { exVatMinor } from '../../../shared/money';
import { SHIPPING_VAT_RATE } from '../shipping';
import type { CampaignRef, PricedLine } from './campaigns';
import { giftCardCoverMinor, type GiftCard } from '../gift-card';
import type { AppliedGiftCard, CartTotals } from './models';
import { promoDiscountMinor, type PromoCode } from './promo-codes';

/** Shipping until carriers arrive with checkout: one flat fee, free from the FREE_SHIPPING threshold. */
export const DEFAULT_SHIPPING_FEE_MINOR = 4_900;

export interface SummedCart {
  totals: CartTotals;
  /** Campaigns that lowered any line, then free shipping when it was reached; by campaign id. */
  campaigns: CampaignRef[];
  /** The applied card with what it covers of this total; null without one. */
  giftCard: AppliedGiftCard | null;
}

/**
 * The order sums. Goods are the lines after campaigns; the promo code comes off the goods (its ex-VAT part in
 * the goods' own VAT proportion); shipping is free once the goods after the code reach the threshold, and
 * an empty cart ships nothing. So a code can cost the free shipping the goods had without it: what the code
 * and the order then really save is told apart from the discount. A gift card pays part of the total after all
 * that (a means of payment: the total and its VAT do not change).
 */
export function cartTotals(lines: readonly PricedLine[], promo: PromoCode | null, freeShipping: CampaignRef | null, giftCard: GiftCard | null = null): SummedCart {
  const sum = (f: (l: PricedLine) => number) => lines.reduce((total, l) => total + f(l), 0);
  const regular = sum((l) => l.totalRegularMinor);
  const selling = sum((l) => l.totalSellingMinor);
  const regularEx = sum((l) => exVatMinor(l.totalRegularMinor, l.line.vatRate));
  const sellingEx = sum((l) => exVatMinor(l.totalSellingMinor, l.line.vatRate));

  // An amount off or towards the goods, without VAT: in the goods' own VAT proportion (their rates may differ).
  // Without goods there is no proportion; the standard rate (shipping's) stands in.
  const goodsExVat = (minor: number) => (selling > 0 ? Math.round((minor * sellingEx) / selling) : exVatMinor(minor, SHIPPING_VAT_RATE));
  const promoDiscount = promo ? promoDiscountMinor(promo, selling) : 0;
  const promoDiscountEx = goodsExVat(promoDiscount);
  const goods = selling - promoDiscount;

  const threshold = freeShipping?.thresholdMinor ?? null;
  const reaches = (amount: number) => lines.length > 0 && threshold !== null && amount >= threshold;
  const reachedFreeShipping = reaches(goods);
  const fee = lines.length === 0 || reachedFreeShipping ? 0 : DEFAULT_SHIPPING_FEE_MINOR;
  const leftToFreeShipping = threshold === null ? 0 : Math.max(0, threshold - goods);
  // A code that takes the goods under the threshold brings the fee back: it saves its discount less that fee.
  const promoShippingFee = promoDiscount > 0 && reaches(selling) && !reachedFreeShipping ? fee : 0;

  const total = goods + fee;
  const totalEx = sellingEx - promoDiscountEx + exVatMinor(fee, SHIPPING_VAT_RATE);
  const giftCardCover = giftCard ? giftCardCoverMinor(giftCard.balanceMinor, total) : 0;
  const vatRates = new Set(lines.map((l) => l.line.vatRate));

  const byId = new Map<number, CampaignRef>();
  for (const line of lines) for (const c of line.applied) byId.set(c.campaignId, c);
  if (reachedFreeShipping && freeShipping) byId.set(freeShipping.campaignId, freeShipping);

  return {
    campaigns: [...byId.values()].sort((a, b) => a.campaignId - b.campaignId),
    giftCard: giftCard && { ...giftCard, appliedMinor: giftCardCover },
    totals: {
      regularMinor: regular,
      sellingMinor: selling,
      regularExVatMinor: regularEx,
      sellingExVatMinor: sellingEx,
      promoDiscountMinor: promoDiscount,
      promoDiscountExVatMinor: promoDiscountEx,
      shippingFeeMinor: fee,
      shippingFeeExVatMinor: exVatMinor(fee, SHIPPING_VAT_RATE),
      leftToFreeShippingMinor: leftToFreeShipping,
      leftToFreeShippingExVatMinor: goodsExVat(leftToFreeShipping),
      promoShippingFeeMinor: promoShippingFee,
      promoShippingFeeExVatMinor: exVatMinor(promoShippingFee, SHIPPING_VAT_RATE),
      totalMinor: total,
      totalExVatMinor: totalEx,
      discountMinor: regular - selling + promoDiscount,
      discountExVatMinor: regularEx - sellingEx + promoDiscountEx,
      giftCardMinor: giftCardCover,
      amountToPayMinor: total - giftCardCover,
      vatRate: vatRates.size === 1 ? [...vatRates][0]! : 0,
    },
  };
}
