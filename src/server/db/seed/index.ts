import type { Db, Queryable } from '../client';
import { dropSecondaryIndexes, restoreIndexes, type DeferredIndex } from './bulk-indexes';
import { candyCatalog } from './candy-catalog';
import { CategoryIndex } from './categories';
import { contentPages } from './content-pages';
import { homePage, seedLists, widgetPages } from './widget-pages';
import { gamesCatalog } from './games-catalog';
import { DEMO_GIFT_CARDS } from './gift-cards';
import { ProductGenerator, productRows, stockFields, type GeneratedProduct } from './generate-products';
import { insertRows } from './insert';
import { menuRows, type CampaignWithAlias } from './menus';
import { Rng } from './random';
import { AliasRegistry, slugify } from './slug';
import type { ShopVariant } from '../../../shared/shop';
import { LANGUAGES, STOCK_STATES, type Lang, type VariantCatalog } from './types';


export const DEFAULT_PRODUCT_COUNT = 640;
/** Products per transaction: big enough to keep round trips few, small enough to bound memory at 100 000+. */
const PRODUCTS_PER_TRANSACTION = 5_000;
/** From this size on, secondary indexes are dropped during the load and rebuilt once at the end. */
const BULK_LOAD_THRESHOLD = 10_000;
const DAY_MS = 86_400_000;

export interface SeedOptions {
  variant: ShopVariant;
  products?: number;
  /** The demo gift cards (spendable money, for trying the shop); default true. A deployment does without them. */
  giftCards?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  products: number;
  skus: number;
  categories: number;
  brands: number;
  campaigns: number;
}

export function catalogFor(variant: ShopVariant): VariantCatalog {
  return variant === 'games' ? gamesCatalog : candyCatalog;
}

/**
 * Dates are relative to the start of the current UTC day: campaigns must be running and incoming stock must
 * lie ahead whenever the shop is seeded, yet two seeds on the same day stay identical.
 */
export function seedAnchor(now: Date = new Date()): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM shop_meta WHERE key = 'variant'");
  return (rows[0]?.n ?? 0) > 0;
}

function campaignAliases(catalog: VariantCatalog): CampaignWithAlias[] {
  const registries: Record<Lang, AliasRegistry> = { sv: new AliasRegistry(), en: new AliasRegistry() };
  return catalog.campaigns.map((def) => ({
    def,
    alias: { sv: registries.sv.claim([def.name.sv], def.id), en: registries.en.claim([def.name.en], def.id) },
  }));
}

function brandAliases(catalog: VariantCatalog): string[] {
  const registry = new AliasRegistry();
  return catalog.brands.map((brand, index) => registry.claim([brand.name], index + 1));
}

async function insertFixedData(tx: Queryable, catalog: VariantCatalog, categories: CategoryIndex, anchor: Date, giftCards: boolean): Promise<void> {
  await insertRows(tx, 'categories', ['category_id', 'parent_category_id', 'sort_order'],
    categories.all.map((c) => [c.id, c.parentId, c.sortOrder]));
  await insertRows(tx, 'category_translations', ['category_id', 'language_id', 'name', 'alias', 'description'],
    categories.all.flatMap((c) => LANGUAGES.map((lang) => [c.id, lang, c.name[lang], c.alias[lang], c.description[lang]])));

  const aliases = brandAliases(catalog);
  await insertRows(tx, 'brands', ['brand_id', 'name', 'alias'],
    catalog.brands.map((b, i) => [i + 1, b.name, aliases[i] ?? slugify(b.name)]));
  await insertRows(tx, 'brand_translations', ['brand_id', 'language_id', 'description'],
    catalog.brands.flatMap((b, i) => LANGUAGES.map((lang) => [i + 1, lang, b.description[lang]])));

  const campaigns = campaignAliases(catalog);
  const at = (days: number | null): Date | null => (days === null ? null : new Date(anchor.getTime() + days * DAY_MS));
  await insertRows(tx, 'discount_campaigns',
    ['campaign_id', 'type', 'value', 'buy_quantity', 'pay_quantity', 'threshold_minor', 'hide_title', 'starts_at', 'ends_at'],
    campaigns.map(({ def }) => [
      def.id, def.type, def.value, def.buyQuantity ?? null, def.payQuantity ?? null, def.thresholdMinor ?? null,
      def.hideTitle, at(def.startsInDays), at(def.endsInDays),
    ]));
  await insertRows(tx, 'discount_campaign_translations', ['campaign_id', 'language_id', 'name', 'alias', 'description'],
    campaigns.flatMap(({ def, alias }) => LANGUAGES.map((lang) => [def.id, lang, def.name[lang], alias[lang], def.description[lang]])));

  if (giftCards) {
    await insertRows(tx, 'gift_cards', ['code', 'initial_minor', 'balance_minor', 'expires_at'],
      DEMO_GIFT_CARDS.map((c) => [c.code, c.initialMinor, c.balanceMinor, at(c.expiresInDays)]));
  }

  const pages = contentPages(catalog.variant);
  await insertRows(tx, 'content_pages', ['page_id', 'key', 'published'], pages.map((p) => [p.id, p.key, true]));
  await insertRows(tx, 'content_page_translations', ['page_id', 'language_id', 'alias', 'title', 'description', 'body'],
    pages.flatMap((p) => LANGUAGES.map((lang) => [p.id, lang, p.alias[lang], p.title[lang], p.description[lang], p.body[lang]])));
  // Each plain page is one text widget (what migration 0024 makes of a page seeded before it).
  await insertRows(tx, 'content_widgets', ['page_id', 'position', 'kind', 'texts'],
    pages.map((p) => [p.id, 0, 'text', JSON.stringify(Object.fromEntries(LANGUAGES.map((lang) => [lang, { html: p.body[lang] }])))]));

  const lists = seedLists(catalog.campaigns[0]?.id ?? null);
  await insertRows(tx, 'product_lists', ['list_id', 'alias', 'campaign_id', 'product_ids', 'sort'], lists.map((l) => [l.id, l.alias, l.campaignId, [...l.productIds], l.sort]));
  await insertRows(tx, 'product_list_translations', ['list_id', 'language_id', 'name', 'description'],
    lists.flatMap((l) => LANGUAGES.map((lang) => [l.id, lang, l.name[lang], l.description[lang]])));
  const shown = widgetPages(catalog.variant, categories.all.filter((c) => c.parentId === null));
  const shownId = (i: number) => pages.length + i + 1;
  await insertRows(tx, 'content_pages', ['page_id', 'key', 'published'], shown.map((p, i) => [shownId(i), p.key, p.published]));
  await insertRows(tx, 'content_page_translations', ['page_id', 'language_id', 'alias', 'title', 'description'],
    shown.flatMap((p, i) => LANGUAGES.map((lang) => [shownId(i), lang, p.alias[lang], p.title[lang], p.description[lang]])));
  await insertRows(tx, 'content_widgets', ['page_id', 'position', 'kind', 'settings', 'texts'],
    shown.flatMap((p, i) => p.widgets.map((w, position) => [shownId(i), position, w.kind, JSON.stringify(w.settings), JSON.stringify(w.texts)])));

  const menus = menuRows(catalog.variant, categories, campaigns, pages);
  await insertRows(tx, 'menus', ['menu_location_id', 'language_id', 'title'], menus.menus);
  await insertRows(tx, 'menu_items',
    ['id', 'menu_location_id', 'language_id', 'parent_id', 'label', 'title', 'type', 'sort_order', 'canonical_url', 'target_blank'],
    menus.items);
}

async function insertProducts(tx: Queryable, products: readonly GeneratedProduct[], vatRate: number): Promise<void> {
  const rows = productRows(products, vatRate);
  await insertRows(tx, 'products',
    ['product_id', 'brand_id', 'primary_category_id', 'vat_rate', 'images', 'sales_count', 'created_at'], rows.products);
  await insertRows(tx, 'product_translations',
    ['product_id', 'language_id', 'name', 'alias', 'description', 'specification', 'extra_information', 'search_text', 'search_text_other'],
    rows.translations);
  await insertRows(tx, 'product_categories', ['product_id', 'category_id'], rows.categories);
  await insertRows(tx, 'product_parameters', ['product_id', 'language_id', 'name', 'value'], rows.parameters);
  await insertRows(tx, 'skus',
    ['sku_id', 'product_id', 'article_number', 'price_minor', 'stock', 'oversellable', 'is_static', 'incoming_date', 'sort_order'],
    rows.skus);
  await insertRows(tx, 'sku_translations', ['sku_id', 'language_id', 'name'], rows.skuTranslations);
  await insertRows(tx, 'product_discount_campaigns', ['product_id', 'campaign_id'], rows.campaignLinks);
}

/**
 * Small catalogs may miss a stock state by chance; the UI needs every state to exist, so borrow a SKU from a
 * state that has at least two.
 */
async function ensureEveryStockState(tx: Queryable, generator: ProductGenerator, anchor: Date): Promise<void> {
  const rng = new Rng('stock-repair');
  for (const state of STOCK_STATES) {
    if ((generator.stateCounts.get(state) ?? 0) > 0) continue;
    const donor = STOCK_STATES.find(
      (s) => (generator.stateCounts.get(s) ?? 0) >= 2 && (generator.stateSamples.get(s)?.length ?? 0) > 0,
    );
    const skuId = donor ? generator.stateSamples.get(donor)?.pop() : undefined;
    if (!donor || skuId === undefined) continue;
    const fields = stockFields(state, rng, 'new', anchor);
    await tx.query(
      'UPDATE skus SET stock = $2, oversellable = $3, is_static = $4, incoming_date = $5 WHERE sku_id = $1',
      [skuId, fields.stock, fields.oversellable, fields.isStatic, fields.incomingDate],
    );
    generator.stateCounts.set(donor, (generator.stateCounts.get(donor) ?? 0) - 1);
    generator.stateCounts.set(state, 1);
  }
}

/** Fills an empty, migrated database with a deterministic demo catalog for the given shop variant. */
export async function seedCatalog(db: Db, options: SeedOptions): Promise<SeedResult> {
  const total = options.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(total) || total < 1) throw new Error(`products must be a positive integer, got ${total}`);
  if (await isSeeded(db)) throw new Error('The database already holds a catalog; seed only an empty database');

  const catalog = catalogFor(options.variant);
  const anchor = seedAnchor();
  const categories = new CategoryIndex(catalog.categories, catalog.describeCategory);
  const generator = new ProductGenerator(catalog, categories, anchor);

  const bulk = total >= BULK_LOAD_THRESHOLD;
  let deferred: DeferredIndex[] = [];
  await db.transaction(async (tx) => {
    await insertFixedData(tx, catalog, categories, anchor, options.giftCards ?? true);
    if (bulk) deferred = await dropSecondaryIndexes(tx);
  });

  let skus = 0;
  try {
    let done = 0;
    while (done < total) {
      const batch: GeneratedProduct[] = [];
      while (batch.length < PRODUCTS_PER_TRANSACTION && done + batch.length < total) batch.push(generator.next());
      await db.transaction((tx) => insertProducts(tx, batch, catalog.vatRate));
      done += batch.length;
      skus += batch.reduce((sum, p) => sum + p.skus.length, 0);
      options.onProgress?.(done, total);
    }

    await db.transaction(async (tx) => {
      await restoreIndexes(tx, deferred);
      await ensureEveryStockState(tx, generator, anchor);
      await tx.query('SELECT refresh_product_prices()');
      // Written last: isSeeded() must only report true for a complete catalog.
      await insertRows(tx, 'shop_meta', ['key', 'value'], [
        ['variant', options.variant],
        ['seeded_at', new Date().toISOString()],
      ]);
    });
    deferred = [];
  } finally {
    // A failed load leaves an unusable half catalog, but the schema must still match the migrations.
    if (deferred.length > 0) {
      const pending = deferred;
      await db.transaction((tx) => restoreIndexes(tx, pending)).catch(() => undefined);
    }
  }

  return {
    products: total,
    skus,
    categories: categories.all.length,
    brands: catalog.brands.length,
    campaigns: catalog.campaigns.length,
  };
}


/**
 * A shop seeded before its home page was made of widgets has no `home` page, and its home would show only the
 * heading, count and hero: it gets the seed's home page for its variant, with the two product lists it shows, so an
 * upgrade keeps the home page shoppers knew (the owner changes it from there). Nothing changes where a `home` page
 * exists, published or not. Run where instances cannot race (prepareDatabase's exclusive section).
 */
export async function addHomePageIfMissing(db: Db, variant: ShopVariant): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await tx.query(`SELECT 1 FROM content_pages WHERE key = 'home'`)).length) return false;
    const top = await tx.query<{ id: number }>(
      'SELECT category_id AS id FROM categories WHERE parent_category_id IS NULL ORDER BY sort_order, category_id',
    );
    const page = homePage(variant, top);
    const wanted = new Set(page.widgets.map((w) => w.settings.listAlias).filter((a): a is string => typeof a === 'string'));
    for (const list of seedLists(null).filter((l) => wanted.has(l.alias))) {
      const [added] = await tx.query<{ list_id: number }>(
        `INSERT INTO product_lists (list_id, alias, campaign_id, product_ids, sort)
         SELECT COALESCE(max(list_id), 0) + 1, $1, NULL, '{}', $2 FROM product_lists
         WHERE NOT EXISTS (SELECT 1 FROM product_lists WHERE alias = $1) RETURNING list_id`,
        [list.alias, list.sort],
      );
      if (!added) continue;
      await insertRows(tx, 'product_list_translations', ['list_id', 'language_id', 'name', 'description'],
        LANGUAGES.map((lang) => [added.list_id, lang, list.name[lang], list.description[lang]]));
    }
    const [{ id } = { id: 1 }] = await tx.query<{ id: number }>('SELECT COALESCE(max(page_id), 0) + 1 AS id FROM content_pages');
    // The home page's alias is never an address, but aliases are unique: one the owner's own page has is kept hers.
    const taken = new Set(
      (await tx.query<{ key: string }>('SELECT language_id || alias AS key FROM content_page_translations')).map((row) => row.key),
    );
    const aliasIn = (lang: Lang) => (taken.has(lang + page.alias[lang]) ? `${page.alias[lang]}-${id}` : page.alias[lang]);
    await insertRows(tx, 'content_pages', ['page_id', 'key', 'published'], [[id, page.key, page.published]]);
    await insertRows(tx, 'content_page_translations', ['page_id', 'language_id', 'alias', 'title', 'description'],
      LANGUAGES.map((lang) => [id, lang, aliasIn(lang), page.title[lang], page.description[lang]]));
    await insertRows(tx, 'content_widgets', ['page_id', 'position', 'kind', 'settings', 'texts'],
      page.widgets.map((w, position) => [id, position, w.kind, JSON.stringify(w.settings), JSON.stringify(w.texts)]));
    return true;
  });
}
