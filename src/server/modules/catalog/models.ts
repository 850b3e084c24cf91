import type { LanguageId } from '../../../shared/locales';
import type { ShopVariant } from '../../../shared/shop';
import type { CampaignType } from '../../../shared/campaigns';
import type { ProductSort } from '../../generated/api-types';

/*
 * The catalog's models: what catalog-store.ts maps rows to and the resolvers read. Money is integer öre including
 * VAT; the resolvers turn it into kronor and formatted text for the API. The objects handed from one resolver to
 * the next carry the language they were read in.
 */

export interface ProductModel {
  languageId: LanguageId;
  productId: number;
  brandId: number | null;
  primaryCategoryId: number | null;
  vatRate: number;
  images: string[] | null;
  /** The product's lowest SKU price before and after running campaigns (what lists sort and filter by). */
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
  /** YYYY-MM-DD. */
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
  type: CampaignType;
  /** Percent for PERCENT, öre off each unit for FIXED, 0 otherwise. */
  value: number;
  buyQuantity: number | null;
  payQuantity: number | null;
  thresholdMinor: number | null;
  hideTitle: boolean;
  name: string;
  alias: string;
  description: string;
}

export interface ProductParameterModel {
  productId: number;
  name: string;
  value: string;
}

/** One language's alias of a product, category or campaign, for hreflang links and the language switcher. */
export interface AliasModel {
  id: number;
  languageId: LanguageId;
  alias: string;
}

/** A product list's filter as the store takes it: the API's price range in kronor is öre here. */
export interface ProductFilter {
  categoryIds?: readonly number[] | null;
  brandIds?: readonly number[] | null;
  discountCampaignIds?: readonly number[] | null;
  productIds?: readonly number[] | null;
  priceMinor?: { min?: number | null; max?: number | null } | null;
  skus?: readonly string[] | null;
  parameters?: readonly { name: string; values: readonly string[] }[] | null;
  searchText?: string | null;
  /** The shop whose synonym list the search text uses (search-synonyms.ts); none without it. */
  variant?: ShopVariant | null;
  sort?: ProductSort | null;
  offset?: number | null;
  limit?: number | null;
}

export interface ProductListModel {
  languageId: LanguageId;
  filter: ProductFilter;
}

export interface FacetValueModel {
  id: string;
  label: string;
  count: number;
}

export interface ProductFacetsModel {
  categories: FacetValueModel[];
  brands: FacetValueModel[];
  discountCampaigns: FacetValueModel[];
  skus: FacetValueModel[];
  parameters: { name: string; values: FacetValueModel[] }[];
  /** Lowest and highest selling price of the matching products; null when nothing matches. */
  priceMinor: { min: number; max: number } | null;
}

export interface SearchSuggestionsModel {
  languageId: LanguageId;
  variant: ShopVariant;
  searchText: string;
  limit: number;
}

export interface SkuNameTranslationModel {
  name: string;
  translation: string;
}

/** What a category's picture is drawn from (images/product-image.ts). */
export interface CategoryPictureFacts {
  /** The demo catalog the database was seeded with (its tree decides what a category is); null before seeding. */
  variant: ShopVariant | null;
  /** The category's English alias. */
  categoryAlias: string;
}

/** What a product's picture is drawn from: one picture serves both languages. */
export interface ProductPictureFacts {
  variant: ShopVariant | null;
  /** The English alias of its primary category. */
  categoryAlias: string | null;
  /** The Swedish name. */
  name: string;
  brand: string | null;
  images: string[] | null;
  /** The English Colour parameter. */
  colour: string | null;
  /** The English Platform parameter (a platform's label), Genre parameter (games) and Flavour parameter (candy). */
  platformLabel: string | null;
  genre: string | null;
  flavour: string | null;
  /** Whether one of its SKUs has one of the names asked about (sold complete in box). */
  boxed: boolean;
}
