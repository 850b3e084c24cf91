import type { CartWarning } from '../../generated/api-types';
import type { LanguageId } from '../../../shared/locales';
import type { CampaignRef, UnitPrice } from './campaigns';
import type { GiftCard } from '../gift-card';

/*
 * The cart as the cart module answers it: money in öre inc VAT. The GraphQL types (Price, CartSummary …) are
 * made from these at the edge, in cart-view.ts.
 */

/** A priced cart line; product and SKU are resolved through the catalog loaders when asked for. */
export interface CartItemModel {
  languageId: LanguageId;
  skuId: number;
  productId: number;
  /** The product's name, with the SKU's when the product has several: how warnings and order lines name it. */
  name: string;
  articleNumber: string;
  quantity: number;
  /** Units beyond stock of an oversellable SKU (pre-ordered): delivery may take longer. */
  backorderedQuantity: number;
  oversellable: boolean;
  vatRate: number;
  regularUnitMinor: number;
  sellingUnitMinor: number;
  totalRegularMinor: number;
  totalSellingMinor: number;
  /** Campaigns that lowered this line, by campaign id. */
  campaigns: CampaignRef[];
  /** The line's units by price: the selling price, and 0 for units a BUY_X_PAY_Y campaign made free. */
  unitPrices: UnitPrice[];
}

/** The order sums of a cart (see cartTotals in summary.ts), in öre inc VAT unless named ExVat. */
export interface CartTotals {
  /** The goods at regular prices, and after campaigns. */
  regularMinor: number;
  sellingMinor: number;
  regularExVatMinor: number;
  sellingExVatMinor: number;
  /** What the promo code takes off the goods. */
  promoDiscountMinor: number;
  promoDiscountExVatMinor: number;
  /** The cart's default shipping fee: 0 once a free-shipping campaign's threshold is reached, or for an empty cart. */
  shippingFeeMinor: number;
  shippingFeeExVatMinor: number;
  leftToFreeShippingMinor: number;
  leftToFreeShippingExVatMinor: number;
  /** The fee the promo code brought back by taking the goods under the free-shipping threshold. */
  promoShippingFeeMinor: number;
  promoShippingFeeExVatMinor: number;
  totalMinor: number;
  totalExVatMinor: number;
  /** Campaigns and the code together, against regular prices. */
  discountMinor: number;
  discountExVatMinor: number;
  /** What the applied gift card covers of the total, and what is left to pay. */
  giftCardMinor: number;
  amountToPayMinor: number;
  /** The goods' VAT rate when every line shares it; 0 when they mix rates. */
  vatRate: number;
}

/** The applied gift card with what it covers of this cart. */
export interface AppliedGiftCard extends GiftCard {
  appliedMinor: number;
}

/** A cart as answered: priced, summed and corrected inside the transaction that read it. */
export interface CartModel {
  languageId: LanguageId;
  id: string;
  promoCode: string | null;
  /** The applied card with what it covers of this cart, as read in the answer's transaction. */
  giftCard: AppliedGiftCard | null;
  items: CartItemModel[];
  /** Campaigns that lowered any line, then free shipping when it was reached; by campaign id. */
  campaigns: CampaignRef[];
  totals: CartTotals;
  /** Told to the shopper with this answer only (stock capped, price changed, code invalid …). */
  warnings: CartWarning[];
}
