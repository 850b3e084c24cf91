import type { Rng } from './random';

import type { ShopVariant } from '../../../shared/shop';
import type { CampaignType } from '../../../shared/campaigns';

export type Lang = 'sv' | 'en';
/** Swedish first: it is the default channel and the order rows are written in. */
export const LANGUAGES: readonly Lang[] = ['sv', 'en'];
export type Localized = Readonly<Record<Lang, string>>;

export function same(text: string): Localized {
  return { sv: text, en: text };
}

/** Builds a Localized value language by language, in LANGUAGES order (so stateful builders stay deterministic). */
export function localize(build: (lang: Lang) => string): Localized {
  const sv = build('sv');
  return { sv, en: build('en') };
}

export interface CategoryNode {
  /** Unique among siblings; the full key is the path of keys joined by '/', e.g. 'games/nintendo/snes'. */
  readonly key: string;
  readonly name: Localized;
  readonly description?: Localized;
  /** Only where the name's slug would be ambiguous or awkward (e.g. 'Nintendo' under controllers). */
  readonly alias?: Localized;
  readonly children?: readonly CategoryNode[];
}

export interface BrandDef {
  readonly key: string;
  readonly name: string;
  readonly description: Localized;
}

/**
 * The stock states a SKU can be in (in stock means five or more, few left fewer; out of stock, oversellable, static,
 * or out of stock with a date more arrives), as the seed distributes them over SKUs.
 */
export const STOCK_STATES = ['in-stock', 'few-left', 'out-of-stock', 'oversellable', 'static', 'incoming'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** How a product's SKUs are usually stocked: second-hand items run low, made-to-order items are static. */
export type StockProfile = 'collectible' | 'new' | 'static' | 'loose-weight';

export interface SkuDraft {
  readonly name: Localized;
  readonly priceMinor: number;
}

export interface ParameterDraft {
  readonly name: Localized;
  readonly value: Localized;
}

/** Everything variant-specific about one product; ids, aliases, stock, images and dates are added generically. */
export interface ProductDraft {
  readonly name: Localized;
  readonly brandKey: string;
  /** Full key of a leaf category. */
  readonly categoryKey: string;
  /** Appended to the name's alias when that alias is already taken (platform, weight, brand …). */
  readonly aliasSuffixes: readonly Localized[];
  readonly parameters: readonly ParameterDraft[];
  readonly skus: readonly SkuDraft[];
  readonly description: Localized;
  readonly specification: Localized;
  readonly extraInformation: Localized;
  /** 0..1; drives sales_count so well-known products top the bestseller sort. */
  readonly popularity: number;
  readonly stockProfile: StockProfile;
}


export interface CampaignDef {
  readonly id: number;
  readonly type: CampaignType;
  readonly value: number;
  readonly buyQuantity?: number;
  readonly payQuantity?: number;
  readonly thresholdMinor?: number;
  readonly hideTitle: boolean;
  /** Relative to the seed day so a fresh database always has running campaigns; null = open-ended. */
  readonly startsInDays: number | null;
  readonly endsInDays: number | null;
  readonly name: Localized;
  readonly description: Localized;
  /** Products whose category key starts with one of these join with probability `share`. */
  readonly categoryPrefixes: readonly string[];
  readonly share: number;
  /** Keeps fixed-amount discounts away from items they would make (nearly) free. */
  readonly minPriceMinor?: number;
}

export interface VariantCatalog {
  readonly variant: ShopVariant;
  readonly vatRate: number;
  readonly articlePrefix: string;
  readonly categories: readonly CategoryNode[];
  /** Description for categories that have none of their own; gets the names from the root down. */
  describeCategory(path: readonly Localized[]): Localized;
  readonly brands: readonly BrandDef[];
  readonly campaigns: readonly CampaignDef[];
  /** Returns a function yielding one product draft per call; it must draw only from `rng`. */
  createDrafter(rng: Rng): () => ProductDraft;
}
