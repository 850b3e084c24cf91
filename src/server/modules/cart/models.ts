import type { CartWarning } from '../../graphql/generated/resolvers-types';
import type { LanguageId } from '../../../shared/locales';

export interface CartItemModel {
  languageId: LanguageId;
  skuId: number;
  productId: number;
  quantity: number;
  unitPriceMinor: number;
  regularUnitPriceMinor: number;
  vatRate: number;
}

export interface CartModel {
  languageId: LanguageId;
  id: string;
  promoCode: string | null;
  items: CartItemModel[];
  /** Told to the shopper with this answer only (stock capped, price changed, code invalid …). */
  warnings?: CartWarning[];
}
