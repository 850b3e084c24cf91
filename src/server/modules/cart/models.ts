import type {
  AppliedCampaign,
  CartGiftCard,
  CartItemCampaign,
  CartSummary,
  CartWarning,
  Price,
} from '../../graphql/generated/resolvers-types';
import type { LanguageId } from '../../../shared/locales';

/** A priced cart line; product and SKU are resolved through the catalog loaders when asked for. */
export interface CartItemModel {
  languageId: LanguageId;
  skuId: number;
  productId: number;
  quantity: number;
  /** Units beyond stock of an oversellable SKU (pre-ordered): delivery may take longer. */
  backorderedQuantity: number;
  unitPrice: Price;
  totalPrice: Price;
  campaign: CartItemCampaign | null;
}

/** A cart as answered: priced, summed and corrected inside the transaction that read it. */
export interface CartModel {
  languageId: LanguageId;
  id: string;
  promoCode: string | null;
  /** The applied card with what it covers of this cart, as read in the answer's transaction. */
  giftCard: CartGiftCard | null;
  items: CartItemModel[];
  appliedCampaigns: AppliedCampaign[];
  summary: CartSummary;
  /** Told to the shopper with this answer only (stock capped, price changed, code invalid …). */
  warnings: CartWarning[];
}
