import type { LanguageId } from '../../../shared/locales';
import type { FilterInputType, ProductFacets } from '../../graphql/generated/resolvers-types';

/** Parent objects handed from one resolver to the next; every one carries the language it was read in. */
export interface ProductModel {
  languageId: LanguageId;
  productId: number;
  brandId: number | null;
  primaryCategoryId: number | null;
  vatRate: number;
  images: string[] | null;
  priceMinor: number;
  sellingPriceMinor: number;
  createdAt: Date;
  name: string;
  alias: string;
  description: string;
  specification: string;
  extraInformation: string;
}

export interface SkuModel {
  languageId: LanguageId;
  skuId: number;
  productId: number;
  articleNumber: string;
  name: string;
  priceMinor: number;
  sellingPriceMinor: number;
  vatRate: number;
  stock: number;
  oversellable: boolean;
  isStatic: boolean;
  incomingDate: string | null;
}

export interface CategoryModel {
  languageId: LanguageId;
  categoryId: number;
  parentCategoryId: number | null;
  order: number;
  name: string;
  alias: string;
  description: string;
  /** Aliases from the root down to this category. */
  path: string[];
}

export interface BrandModel {
  languageId: LanguageId;
  brandId: number;
  name: string;
  alias: string;
  description: string;
}

export interface CampaignModel {
  languageId: LanguageId;
  campaignId: number;
  type: 'PERCENT' | 'FIXED' | 'BUY_X_PAY_Y' | 'FREE_SHIPPING';
  value: number;
  buyQuantity: number | null;
  payQuantity: number | null;
  thresholdMinor: number | null;
  hideTitle: boolean;
  name: string;
  alias: string;
  description: string;
}

export interface ProductListModel {
  languageId: LanguageId;
  filter: FilterInputType;
}

export interface SearchSuggestionsModel {
  languageId: LanguageId;
  searchText: string;
  limit: number;
}

export type { ProductFacets };
