import type { LanguageId } from '../../../shared/locales';
import { formatMoney, toMajor } from '../../../shared/money';
import type { AppliedCampaign, CartGiftCard, CartItemCampaign, CartSummary } from '../../generated/api-types';
import { priceOf } from '../catalog';
import type { CampaignRef } from './campaigns';
import type { AppliedGiftCard, CartItemModel, CartTotals } from './models';

/* The GraphQL edge of the cart: the öre of the cart model as the API's kronor and formatted texts. */

export function appliedCampaign(c: CampaignRef): AppliedCampaign {
  return { discountCampaignId: c.campaignId, name: c.name, hideTitle: c.hideTitle };
}

export function cartItemCampaign(item: CartItemModel): CartItemCampaign | null {
  if (item.campaigns.length === 0) return null;
  return {
    appliedCampaigns: item.campaigns.map(appliedCampaign),
    prices: item.unitPrices.map((p) => ({ price: toMajor(p.priceMinor), quantity: p.quantity })),
  };
}

export function cartGiftCard(card: AppliedGiftCard, languageId: LanguageId): CartGiftCard {
  return {
    code: card.code,
    balanceIncVat: toMajor(card.balanceMinor),
    balanceIncVatFormatted: formatMoney(card.balanceMinor, languageId),
    appliedAmountIncVat: toMajor(card.appliedMinor),
    appliedAmountIncVatFormatted: formatMoney(card.appliedMinor, languageId),
    expiresAt: card.expiresAt,
  };
}

export function cartSummary(t: CartTotals, languageId: LanguageId): CartSummary {
  const money = (minor: number) => formatMoney(minor, languageId);
  const savingMinor = t.discountMinor - t.promoShippingFeeMinor;
  const savingExVatMinor = t.discountExVatMinor - t.promoShippingFeeExVatMinor;
  return {
    fixedAmountDiscountIncVat: toMajor(t.promoDiscountMinor),
    fixedAmountDiscountExVat: toMajor(t.promoDiscountExVatMinor),
    promoCodeShippingFeeIncVat: toMajor(t.promoShippingFeeMinor),
    promoCodeShippingFeeExVat: toMajor(t.promoShippingFeeExVatMinor),
    promoCodeNetSavingIncVat: toMajor(t.promoDiscountMinor - t.promoShippingFeeMinor),
    promoCodeNetSavingExVat: toMajor(t.promoDiscountExVatMinor - t.promoShippingFeeExVatMinor),
    subTotal: {
      ...priceOf(t.regularMinor, t.sellingMinor, 0, languageId),
      regularPriceExVat: toMajor(t.regularExVatMinor),
      sellingPriceExVat: toMajor(t.sellingExVatMinor),
      regularPriceExVatFormatted: money(t.regularExVatMinor),
      sellingPriceExVatFormatted: money(t.sellingExVatMinor),
      vat: toMajor(t.sellingMinor - t.sellingExVatMinor),
      vatRate: t.vatRate,
    },
    shipping: {
      amountLeftToFreeShipping: toMajor(t.leftToFreeShippingMinor),
      amountLeftToFreeShippingFormatted: money(t.leftToFreeShippingMinor),
      amountLeftToFreeShippingExVat: toMajor(t.leftToFreeShippingExVatMinor),
      amountLeftToFreeShippingExVatFormatted: money(t.leftToFreeShippingExVatMinor),
      feeExVat: toMajor(t.shippingFeeExVatMinor),
      feeIncVat: toMajor(t.shippingFeeMinor),
      feeIncVatFormatted: money(t.shippingFeeMinor),
      shippingFeeIncVat: toMajor(t.shippingFeeMinor),
      isDefault: true,
    },
    total: {
      isDiscounted: t.discountMinor > 0,
      sellingPriceIncVat: toMajor(t.totalMinor),
      sellingPriceExVat: toMajor(t.totalExVatMinor),
      sellingPriceIncVatFormatted: money(t.totalMinor),
      sellingPriceExVatFormatted: money(t.totalExVatMinor),
      discountIncVat: toMajor(t.discountMinor),
      discountExVat: toMajor(t.discountExVatMinor),
      discountIncVatFormatted: money(t.discountMinor),
      discountExVatFormatted: money(t.discountExVatMinor),
      savingIncVat: toMajor(savingMinor),
      savingExVat: toMajor(savingExVatMinor),
      savingIncVatFormatted: money(savingMinor),
      savingExVatFormatted: money(savingExVatMinor),
      vat: toMajor(t.totalMinor - t.totalExVatMinor),
      vatFormatted: money(t.totalMinor - t.totalExVatMinor),
    },
    giftCardAmountIncVat: toMajor(t.giftCardMinor),
    giftCardAmountIncVatFormatted: money(t.giftCardMinor),
    amountToPayIncVat: toMajor(t.amountToPayMinor),
    amountToPayIncVatFormatted: money(t.amountToPayMinor),
  };
}
