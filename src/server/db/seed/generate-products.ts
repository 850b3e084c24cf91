import { inPrefix } from './campaigns';
import type { CategoryIndex, FlatCategory } from './categories';
import type { Row } from './insert';
import { Rng } from './random';
import { AliasRegistry } from './slug';
import {
  LANGUAGES, STOCK_STATES, localize,
  type Lang, type Localized, type ProductDraft, type StockProfile, type StockState, type VariantCatalog,
} from './types';

export interface GeneratedSku {
  readonly id: number;
  readonly articleNumber: string;
  readonly name: Localized;
  readonly priceMinor: number;
  readonly state: StockState;
  readonly stock: number;
  readonly oversellable: boolean;
  readonly isStatic: boolean;
  /** 'YYYY-MM-DD' or null. */
  readonly incomingDate: string | null;
  readonly sortOrder: number;
}

export interface GeneratedProduct {
  readonly id: number;
  readonly draft: ProductDraft;
  readonly brandId: number;
  readonly brandName: string;
  readonly category: FlatCategory;
  readonly alias: Localized;
  readonly images: string[];
  readonly salesCount: number;
  readonly createdAt: Date;
  readonly skus: readonly GeneratedSku[];
  readonly campaignIds: readonly number[];
  readonly searchText: Localized;
}

const DAY_MS = 86_400_000;

/** Share of SKUs per stock state for each kind of product. */
const STOCK_WEIGHTS: Readonly<Record<StockProfile, Partial<Record<StockState, number>>>> = {
  collectible: { 'in-stock': 45, 'few-left': 28, 'out-of-stock': 12, oversellable: 5, incoming: 10 },
  new: { 'in-stock': 62, 'few-left': 12, 'out-of-stock': 8, oversellable: 10, incoming: 8 },
  static: { static: 88, 'in-stock': 12 },
  'loose-weight': { static: 75, 'in-stock': 15, 'out-of-stock': 5, incoming: 5 },
};

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function stockFields(
  state: StockState, rng: Rng, profile: StockProfile, anchor: Date,
): Pick<GeneratedSku, 'stock' | 'oversellable' | 'isStatic' | 'incomingDate'> {
  const none = { stock: 0, oversellable: false, isStatic: false, incomingDate: null };
  switch (state) {
    case 'in-stock':
      // Second-hand copies come one by one; new goods arrive by the carton.
      return { ...none, stock: profile === 'collectible' ? rng.int(5, 12) : rng.int(5, 120) };
    case 'few-left':
      return { ...none, stock: rng.int(1, 4) };
    case 'out-of-stock':
      return none;
    case 'oversellable':
      return { ...none, stock: rng.chance(0.6) ? 0 : rng.int(1, 3), oversellable: true };
    case 'static':
      return { ...none, isStatic: true };
    case 'incoming':
      return { ...none, incomingDate: isoDate(new Date(anchor.getTime() + rng.int(3, 45) * DAY_MS)) };
  }
}

/**
 * Turns variant drafts into complete products with ids, aliases, stock, images and dates. Each concern draws
 * from its own random stream, so the sequence is the same however the caller batches its calls.
 */
export class ProductGenerator {
  private readonly draft: () => ProductDraft;
  private readonly stockRng: Rng;
  private readonly metaRng: Rng;
  private readonly campaignRng: Rng;
  private readonly aliases: Record<Lang, AliasRegistry> = { sv: new AliasRegistry(), en: new AliasRegistry() };
  private readonly brands: Map<string, { id: number; name: string }>;
  private nextProductId = 1;
  private nextSkuId = 1;
  /** A few SKU ids per state: enough donors to repair every missing state without emptying another. */
  readonly stateSamples = new Map<StockState, number[]>();
  readonly stateCounts = new Map<StockState, number>();

  constructor(
    private readonly catalog: VariantCatalog,
    private readonly categories: CategoryIndex,
    private readonly anchor: Date,
  ) {
    const root = new Rng(`catalog:${catalog.variant}`);
    this.stockRng = root.fork('stock');
    this.metaRng = root.fork('meta');
    this.campaignRng = root.fork('campaigns');
    this.draft = catalog.createDrafter(root.fork('drafts'));
    this.brands = new Map(catalog.brands.map((b, index) => [b.key, { id: index + 1, name: b.name }]));
  }

  next(): GeneratedProduct {
    const id = this.nextProductId++;
    const draft = this.draft();
    const brand = this.brands.get(draft.brandKey);
    if (!brand) throw new Error(`Product ${id} refers to unknown brand ${draft.brandKey}`);
    const category = this.categories.get(draft.categoryKey);
    if (!this.categories.isLeaf(category)) throw new Error(`Product ${id} is not in a leaf category`);

    const alias = localize((lang) => {
      const name = draft.name[lang];
      return this.aliases[lang].claim([name, ...draft.aliasSuffixes.map((s) => `${name} ${s[lang]}`)], id);
    });

    const weights = STOCK_WEIGHTS[draft.stockProfile];
    const stateChoices = STOCK_STATES.filter((s) => (weights[s] ?? 0) > 0).map((s) => ({ value: s, weight: weights[s] ?? 0 }));
    const skus = draft.skus.map((sku, index): GeneratedSku => {
      const skuId = this.nextSkuId++;
      const state = this.stockRng.weighted(stateChoices);
      this.stateCounts.set(state, (this.stateCounts.get(state) ?? 0) + 1);
      const samples = this.stateSamples.get(state) ?? [];
      if (samples.length < STOCK_STATES.length) this.stateSamples.set(state, [...samples, skuId]);
      return {
        id: skuId,
        articleNumber: `${this.catalog.articlePrefix}-${String(id).padStart(6, '0')}-${index + 1}`,
        name: sku.name,
        priceMinor: sku.priceMinor,
        state,
        ...stockFields(state, this.stockRng, draft.stockProfile, this.anchor),
        sortOrder: index,
      };
    });

    const meta = this.metaRng;
    // Every product has pictures (the shop draws them). The products that once drew "no pictures yet" (one in
    // twelve) get their count from the id instead of a further draw, so every value drawn after stays as it was.
    const count = meta.chance(0.08) ? 1 + (id % 2) : meta.weighted([{ value: 1, weight: 45 }, { value: 2, weight: 35 }, { value: 3, weight: 20 }]);
    const images = Array.from({ length: count }, (_, n) => `p${id}-${n + 1}.svg`);
    const salesCount = Math.round(draft.popularity ** 2 * 600 * (0.4 + meta.next() * 0.6)) + meta.int(0, 5);
    const createdAt = new Date(this.anchor.getTime() - meta.int(0, 729) * DAY_MS - meta.int(0, 86_399) * 1000);

    const cheapest = Math.min(...skus.map((s) => s.priceMinor));
    const campaignIds = this.catalog.campaigns
      .filter((c) => c.share > 0 && c.categoryPrefixes.some((p) => inPrefix(category.key, p)))
      .filter((c) => this.campaignRng.chance(c.share) && cheapest >= (c.minPriceMinor ?? 0))
      .map((c) => c.id);

    // Everything a shopper might type: name, brand, every category level, filter values and SKU names.
    const searchText = localize((lang) =>
      [
        draft.name[lang],
        brand.name,
        ...category.path.map((c) => c.name[lang]),
        ...draft.parameters.map((p) => p.value[lang]),
        ...skus.map((s) => s.name[lang]),
      ].join(' '),
    );

    return {
      id, draft, brandId: brand.id, brandName: brand.name, category, alias, images, salesCount, createdAt, skus,
      campaignIds, searchText,
    };
  }
}

export interface ProductRows {
  products: Row[];
  translations: Row[];
  categories: Row[];
  parameters: Row[];
  skus: Row[];
  skuTranslations: Row[];
  campaignLinks: Row[];
}

export function productRows(products: readonly GeneratedProduct[], vatRate: number): ProductRows {
  const rows: ProductRows = {
    products: [], translations: [], categories: [], parameters: [], skus: [], skuTranslations: [], campaignLinks: [],
  };
  for (const p of products) {
    const { draft } = p;
    rows.products.push([p.id, p.brandId, p.category.id, vatRate, p.images, p.salesCount, p.createdAt]);
    for (const lang of LANGUAGES) {
      rows.translations.push([
        p.id, lang, draft.name[lang], p.alias[lang], draft.description[lang], draft.specification[lang],
        draft.extraInformation[lang], p.searchText[lang],
        // The search matches a product in every language (migration 0017).
        LANGUAGES.filter((other) => other !== lang).map((other) => p.searchText[other]).join(' '),
      ]);
      for (const param of draft.parameters) rows.parameters.push([p.id, lang, param.name[lang], param.value[lang]]);
    }
    for (const category of p.category.path) rows.categories.push([p.id, category.id]);
    for (const sku of p.skus) {
      rows.skus.push([
        sku.id, p.id, sku.articleNumber, sku.priceMinor, sku.stock, sku.oversellable, sku.isStatic, sku.incomingDate, sku.sortOrder,
      ]);
      for (const lang of LANGUAGES) rows.skuTranslations.push([sku.id, lang, sku.name[lang]]);
    }
    for (const campaignId of p.campaignIds) rows.campaignLinks.push([p.id, campaignId]);
  }
  return rows;
}
