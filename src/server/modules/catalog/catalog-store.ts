import type { Queryable } from '../../db/client';
import { languageIdOf, oneOf } from '../../db/row-values';
import type { LanguageId } from '../../../shared/locales';
import type { ShopVariant } from '../../../shared/shop';
import { campaignTypes } from '../../../shared/campaigns';
import {
  type AliasModel,
  type BrandModel,
  type CampaignModel,
  type CategoryModel,
  type CategoryPictureFacts,
  type FacetValueModel,
  type ProductFacetsModel,
  type ProductFilter,
  type ProductModel,
  type ProductParameterModel,
  type ProductPictureFacts,
  type SkuModel,
  type SkuNameTranslationModel,
} from './models';
import { buildWhere, namesPageSql, orderBy, pageOf, Params, productFrom, textPageSql, type FacetDimension } from './product-list-sql';
import { planSearch, type SearchPlan } from './search-plan';
import { BriefCache, cachesOf, seeCatalogState } from './brief-cache';

/*
 * Every SQL statement of the catalog, each mapping its rows to the catalog's models (models.ts): snake_case
 * stays in here. Campaigns that run now come from the active_discount_campaigns view (migration 0012), and
 * selling prices from sku_prices and the prices refresh_product_prices() keeps on products, both built on it.
 */


const productColumns = `p.product_id, p.brand_id, p.primary_category_id, p.vat_rate, p.images, p.price_minor,
  p.selling_price_minor, p.created_at, pt.name, pt.alias, pt.description, pt.specification, pt.extra_information`;

interface ProductRow {
  product_id: number;
  brand_id: number | null;
  primary_category_id: number | null;
  vat_rate: number;
  images: string[] | null;
  price_minor: number;
  selling_price_minor: number;
  created_at: Date | string;
  name: string;
  alias: string;
  description: string;
  specification: string;
  extra_information: string;
}

const toProduct = (languageId: LanguageId) => (r: ProductRow): ProductModel => ({
  languageId,
  productId: r.product_id,
  brandId: r.brand_id,
  primaryCategoryId: r.primary_category_id,
  vatRate: r.vat_rate,
  images: r.images && r.images.length ? r.images : null,
  priceMinor: r.price_minor,
  sellingPriceMinor: r.selling_price_minor,
  createdAt: new Date(r.created_at),
  name: r.name,
  alias: r.alias,
  description: r.description,
  specification: r.specification,
  extraInformation: r.extra_information,
});

/**
 * The SQL of one page of a product list in a plain order (also timed by tests/bench/explain.ts). The page is
 * chosen from the narrow products rows and only its products' text is read: a deep page skips thousands of rows,
 * and reading each one's translation on the way cost more than the sort.
 */
export function productPageSql(filter: ProductFilter, languageId: LanguageId, search: SearchPlan | null = null) {
  const params = new Params();
  const { from, where } = buildWhere(filter, languageId, params, { search });
  const { limit, offset } = pageOf(filter);
  const order = orderBy(filter.sort, Boolean(search));
  const text = `SELECT ${productColumns} FROM (
       SELECT p.product_id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}) page
     JOIN ${productFrom(params.add(languageId))} ON p.product_id = page.product_id
     ORDER BY ${order}`;
  return { text, values: params.values };
}

/** The SQL counting every product a filter matches. */
export function productCountSql(filter: ProductFilter, languageId: LanguageId, search: SearchPlan | null = null) {
  const params = new Params();
  const { from, where } = buildWhere(filter, languageId, params, { search, bareSearch: true });
  return { text: `SELECT count(*)::int AS count FROM ${from} WHERE ${where}`, values: params.values };
}

/** The search plan of a filter's text, if it has one (search-plan.ts). */
export const searchPlanOf = (db: Queryable, filter: ProductFilter) => planSearch(db, filter.searchText?.trim(), filter.variant);

/** From this many hits a search's words are common enough to look for among the most popular products first. */
const COMMON_HITS = 2_000;

const hasProductFilter = (filter: ProductFilter) => {
  const { searchText: _text, variant: _variant, sort: _sort, offset: _offset, limit: _limit, ...rest } = filter;
  return Object.values(rest).some((v) => v != null && (!Array.isArray(v) || v.length > 0));
};

/**
 * How many products a list holds. A search's count stops at a threshold, as big shops show "1 000+": counting
 * every hit of a common word ('kart' is in 45 000 products' text) read every hit's row, 100–250 ms cold, while
 * nobody pages past the first thousand. `exact` is false when the list holds more than `n`.
 */
export interface ListCount {
  n: number;
  exact: boolean;
}

/** A search counts its hits up to this many, or the page asked for and one more beyond it when that is deeper. */
export const SEARCH_COUNT_CAP = 1_000;
const countCapFor = (offset: number, limit: number) => Math.max(SEARCH_COUNT_CAP, offset + limit);

/** A page of a search in relevance order with the search's count. */
interface SearchPage {
  products: ProductModel[];
  count: ListCount;
}

/**
 * The askers of one search page at once (a request's products and count) share one reading of it; none keeps it
 * afterwards (the count cache below does what keeping is worth).
 */
const searchPages = new Map<string, BriefCache<SearchPage>>();

function searchPage(db: Queryable, filter: ProductFilter, languageId: LanguageId, search: SearchPlan): Promise<SearchPage> {
  return cachesOf(searchPages, db, () => new BriefCache(COUNT_TTL_MS, 500)).get(
    JSON.stringify([languageId, filter]),
    () => readSearchPage(db, filter, languageId, search),
    () => false,
  );
}

/**
 * A page in relevance order: the products whose name matches, then (only when they do not fill the page) the other
 * hits (namesPageSql, textPageSql). The count comes with the names unless it is kept; it also tells when the hits
 * are common and when the stages so far hold every hit.
 */
async function readSearchPage(db: Queryable, filter: ProductFilter, languageId: LanguageId, search: SearchPlan): Promise<SearchPage> {
  const countCache = countCacheOf(db);
  const key = searchCountKey(filter, languageId);
  const kept = countCache.peek(key);
  const { limit, offset } = pageOf(filter);
  const cap = countCapFor(offset, limit);
  const known = kept ? countAsDeepAs(await kept, cap) : null;
  if (known && offset >= known.n) return { products: [], count: known };
  const names = namesPageSql(filter, languageId, search, { limit, offset, total: known?.n ?? null, countCap: cap, columns: productColumns });
  const rows = await db.query<Partial<ProductRow> & { total: number; named: number[] | null }>(names.text, names.values);
  const counted = rows[0]?.total ?? 0;
  const count = known ?? (counted > cap ? { n: cap, exact: false } : { n: counted, exact: true });
  if (!known && keepCount(count)) countCache.set(key, count);
  const named = rows[0]?.named ?? [];
  const toModel = toProduct(languageId);
  if (named.length >= Math.min(offset + limit, count.n)) {
    return { products: rows.filter((r): r is ProductRow & typeof r => r.product_id != null).map(toModel), count };
  }
  const common = !hasProductFilter(filter) && (!count.exact || count.n >= COMMON_HITS);
  const text = textPageSql(filter, languageId, search, { limit, offset, total: count.n, common, named, columns: productColumns });
  const more = await db.query<Partial<ProductRow>>(text.text, text.values);
  return { products: more.filter((r): r is ProductRow => r.product_id != null).map(toModel), count };
}

export async function listProducts(db: Queryable, filter: ProductFilter, languageId: LanguageId): Promise<ProductModel[]> {
  const search = await searchPlanOf(db, filter);
  if (search && isRelevance(filter)) return (await searchPage(db, filter, languageId, search)).products;
  const { text, values } = productPageSql(filter, languageId, search);
  return (await db.query<ProductRow>(text, values)).map(toProduct(languageId));
}

const isRelevance = (filter: ProductFilter) => (filter.sort ?? 'RELEVANCE') === 'RELEVANCE';

/**
 * Counts from this many up are kept for a short while: counting tens of thousands of hits again for every page
 * of the same list is the cost, while a smaller count is cheap and stays exact at once.
 */
const KEPT_COUNT_FROM = 1_000;
const COUNT_TTL_MS = 30_000;
const counts = new Map<string, BriefCache<ListCount>>();

const listKey = (filter: ProductFilter, languageId: LanguageId) => {
  const { sort: _sort, offset: _offset, limit: _limit, ...rest } = filter;
  return JSON.stringify([languageId, rest]);
};

/** A search in relevance order counts only up to its cap: it never shares a kept count with the other sorts. */
const searchCountKey = (filter: ProductFilter, languageId: LanguageId) => `capped:${listKey(filter, languageId)}`;

/**
 * A kept count as a page `cap` deep tells it, so the same page shows the same count whatever was asked before it:
 * an exact count as it is, one that stopped at or past the cap as "more than the cap", and none (null) when it
 * stopped before the page ends.
 */
function countAsDeepAs(kept: ListCount, cap: number): ListCount | null {
  if (kept.exact) return kept;
  return kept.n >= cap ? { n: cap, exact: false } : null;
}

const countCacheOf = (db: Queryable) => cachesOf(counts, db, () => new BriefCache(COUNT_TTL_MS, 2_000));
const keepCount = (count: ListCount) => count.n >= KEPT_COUNT_FROM;

/**
 * A search in relevance order is counted with its page (searchPage): the request that asks for both reads them in
 * one statement.
 */
export async function countProducts(db: Queryable, filter: ProductFilter, languageId: LanguageId): Promise<ListCount> {
  const cache = countCacheOf(db);
  const search = await searchPlanOf(db, filter);
  if (search && isRelevance(filter)) {
    const kept = await cache.peek(searchCountKey(filter, languageId));
    const { limit, offset } = pageOf(filter);
    const known = kept && countAsDeepAs(kept, countCapFor(offset, limit));
    return known || (await searchPage(db, filter, languageId, search)).count;
  }
  return cache.get(
    listKey(filter, languageId),
    async () => {
      const { text, values } = productCountSql(filter, languageId, search);
      const [row] = await db.query<{ count: number }>(text, values);
      return { n: row?.count ?? 0, exact: true };
    },
    keepCount,
  );
}

export async function productsByIds(db: Queryable, ids: readonly number[], languageId: LanguageId): Promise<ProductModel[]> {
  const rows = await db.query<ProductRow>(
    `SELECT ${productColumns} FROM ${productFrom('$1')} WHERE p.product_id = ANY($2::int[])`,
    [languageId, ids],
  );
  return rows.map(toProduct(languageId));
}

/** By alias in the language asked, else by the alias of another language (a shared or switched link). */
export async function productByAlias(db: Queryable, alias: string, languageId: LanguageId): Promise<ProductModel | null> {
  const rows = await db.query<ProductRow>(
    `SELECT ${productColumns} FROM ${productFrom('$1')}
     WHERE p.product_id = (
       SELECT product_id FROM product_translations WHERE alias = $2 ORDER BY (language_id = $1) DESC LIMIT 1)`,
    [languageId, alias],
  );
  return rows[0] ? toProduct(languageId)(rows[0]) : null;
}

/**
 * The best-selling products of each given product's primary category, itself excluded, at most `limit` each:
 * one query for a whole list of products (loaders.ts batches them).
 */
export async function relatedProductsByProductIds(
  db: Queryable,
  productIds: readonly number[],
  languageId: LanguageId,
  limit: number,
): Promise<{ sourceId: number; product: ProductModel }[]> {
  const rows = await db.query<ProductRow & { source_id: number }>(
    `SELECT source.product_id AS source_id, related.* FROM unnest($2::int[]) WITH ORDINALITY AS source(product_id, n)
     JOIN products sp ON sp.product_id = source.product_id
     CROSS JOIN LATERAL (
       SELECT ${productColumns}, p.sales_count FROM ${productFrom('$1')}
       WHERE p.primary_category_id = sp.primary_category_id AND p.product_id <> sp.product_id
       ORDER BY p.sales_count DESC, p.product_id LIMIT $3) related
     ORDER BY source.n, related.sales_count DESC, related.product_id`,
    [languageId, productIds, limit],
  );
  const toModel = toProduct(languageId);
  return rows.map((r) => ({ sourceId: r.source_id, product: toModel(r) }));
}

/**
 * The other language's name of each SKU name. A variant name is translated alike wherever it is used
 * ('Komplett i kartong' is 'Complete in box' on every game), so one SKU with the name answers for all: an
 * index lookup per name, where collecting every SKU of a common name would read tens of thousands of rows.
 */
export async function translateSkuNames(
  db: Queryable,
  names: readonly string[],
  languageId: LanguageId,
  toLanguageId: LanguageId,
): Promise<SkuNameTranslationModel[]> {
  const rows = await db.query<{ name: string; translation: string }>(
    `SELECT n.name, t.name AS translation FROM unnest($1::text[]) WITH ORDINALITY AS n(name, i)
     CROSS JOIN LATERAL (
       SELECT other.name FROM sku_translations st
       JOIN sku_translations other ON other.sku_id = st.sku_id AND other.language_id = $3
       WHERE st.language_id = $2 AND st.name = n.name LIMIT 1) t
     ORDER BY n.i`,
    [[...new Set(names)], languageId, toLanguageId],
  );
  return rows.map((r) => ({ name: r.name, translation: r.translation }));
}

export async function skusByProductIds(db: Queryable, productIds: readonly number[], languageId: LanguageId): Promise<SkuModel[]> {
  const rows = await db.query<{
    sku_id: number;
    product_id: number;
    article_number: string;
    name: string;
    price_minor: number;
    selling_price_minor: number;
    vat_rate: number;
    stock: number;
    oversellable: boolean;
    is_static: boolean;
    incoming_date: string | null;
  }>(
    `SELECT s.sku_id, s.product_id, s.article_number, COALESCE(st.name, s.article_number) AS name, s.price_minor,
            sp.selling_price_minor, p.vat_rate, s.stock, s.oversellable, s.is_static, to_char(s.incoming_date, 'YYYY-MM-DD') AS incoming_date
     FROM skus s
     JOIN products p ON p.product_id = s.product_id
     JOIN sku_prices sp ON sp.sku_id = s.sku_id
     LEFT JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = $1
     WHERE s.product_id = ANY($2::int[])
     ORDER BY s.product_id, s.sort_order, s.sku_id`,
    [languageId, productIds],
  );
  return rows.map((r) => ({
    languageId,
    skuId: r.sku_id,
    productId: r.product_id,
    articleNumber: r.article_number,
    name: r.name,
    priceMinor: r.price_minor,
    sellingPriceMinor: r.selling_price_minor,
    vatRate: r.vat_rate,
    stock: r.stock,
    oversellable: r.oversellable,
    isStatic: r.is_static,
    incomingDate: r.incoming_date,
  }));
}

export async function parametersByProductIds(db: Queryable, productIds: readonly number[], languageId: LanguageId): Promise<ProductParameterModel[]> {
  const rows = await db.query<{ product_id: number; name: string; value: string }>(
    `SELECT product_id, name, value FROM product_parameters WHERE product_id = ANY($1::int[]) AND language_id = $2
     ORDER BY product_id, name`,
    [productIds, languageId],
  );
  return rows.map((r) => ({ productId: r.product_id, name: r.name, value: r.value }));
}

/** The whole tree in one query (the menu, lists and breadcrumbs all read it), each with its alias path from the root. */
export async function categoryTree(db: Queryable, languageId: LanguageId): Promise<CategoryModel[]> {
  const rows = await db.query<{
    category_id: number;
    parent_category_id: number | null;
    sort_order: number;
    name: string;
    alias: string;
    description: string;
  }>(
    `SELECT c.category_id, c.parent_category_id, c.sort_order, ct.name, ct.alias, ct.description
     FROM categories c JOIN category_translations ct ON ct.category_id = c.category_id AND ct.language_id = $1
     ORDER BY c.parent_category_id NULLS FIRST, c.sort_order, c.category_id`,
    [languageId],
  );
  const byId = new Map(rows.map((r) => [r.category_id, r]));
  const pathOf = (id: number): string[] => {
    const path: string[] = [];
    for (let row = byId.get(id); row; row = row.parent_category_id == null ? undefined : byId.get(row.parent_category_id)) {
      path.unshift(row.alias);
    }
    return path;
  };
  return rows.map((r) => ({
    languageId,
    categoryId: r.category_id,
    parentCategoryId: r.parent_category_id,
    order: r.sort_order,
    name: r.name,
    alias: r.alias,
    description: r.description,
    path: pathOf(r.category_id),
  }));
}

export async function categoryIdsByProductIds(db: Queryable, productIds: readonly number[]): Promise<{ productId: number; categoryId: number }[]> {
  const rows = await db.query<{ product_id: number; category_id: number }>(
    'SELECT product_id, category_id FROM product_categories WHERE product_id = ANY($1::int[]) ORDER BY category_id',
    [productIds],
  );
  return rows.map((r) => ({ productId: r.product_id, categoryId: r.category_id }));
}

export async function allBrands(db: Queryable, languageId: LanguageId): Promise<BrandModel[]> {
  const rows = await db.query<{ brand_id: number; name: string; alias: string; description: string | null }>(
    `SELECT b.brand_id, b.name, b.alias, bt.description FROM brands b
     LEFT JOIN brand_translations bt ON bt.brand_id = b.brand_id AND bt.language_id = $1
     ORDER BY lower(b.name)`,
    [languageId],
  );
  return rows.map((r) => ({ languageId, brandId: r.brand_id, name: r.name, alias: r.alias, description: r.description ?? '' }));
}

interface CampaignRow {
  campaign_id: number;
  type: string;
  value: number;
  buy_quantity: number | null;
  pay_quantity: number | null;
  threshold_minor: number | null;
  hide_title: boolean;
  name: string;
  alias: string;
  description: string;
}

const toCampaign = (languageId: LanguageId) => (r: CampaignRow): CampaignModel => ({
  languageId,
  campaignId: r.campaign_id,
  type: oneOf('campaign type', campaignTypes, r.type),
  value: r.value,
  buyQuantity: r.buy_quantity,
  payQuantity: r.pay_quantity,
  thresholdMinor: r.threshold_minor,
  hideTitle: r.hide_title,
  name: r.name,
  alias: r.alias,
  description: r.description,
});

const campaignColumns = `c.campaign_id, c.type, c.value, c.buy_quantity, c.pay_quantity, c.threshold_minor, c.hide_title,
  ct.name, ct.alias, ct.description`;

export async function activeCampaigns(db: Queryable, languageId: LanguageId): Promise<CampaignModel[]> {
  const rows = await db.query<CampaignRow>(
    `SELECT ${campaignColumns} FROM active_discount_campaigns c
     JOIN discount_campaign_translations ct ON ct.campaign_id = c.campaign_id AND ct.language_id = $1
     ORDER BY c.campaign_id`,
    [languageId],
  );
  return rows.map(toCampaign(languageId));
}

export async function campaignsByProductIds(
  db: Queryable,
  productIds: readonly number[],
  languageId: LanguageId,
): Promise<{ productId: number; campaign: CampaignModel }[]> {
  const rows = await db.query<CampaignRow & { product_id: number }>(
    `SELECT pdc.product_id, ${campaignColumns} FROM product_discount_campaigns pdc
     JOIN active_discount_campaigns c ON c.campaign_id = pdc.campaign_id
     JOIN discount_campaign_translations ct ON ct.campaign_id = c.campaign_id AND ct.language_id = $1
     WHERE pdc.product_id = ANY($2::int[]) ORDER BY c.campaign_id`,
    [languageId, productIds],
  );
  const toModel = toCampaign(languageId);
  return rows.map((r) => ({ productId: r.product_id, campaign: toModel(r) }));
}

const aliasSources = {
  product: { table: 'product_translations', id: 'product_id' },
  campaign: { table: 'discount_campaign_translations', id: 'campaign_id' },
} as const;

/**
 * Aliases of the same product or campaign in every language, for hreflang links and the language switcher
 * (a category's come with each language's category tree).
 */
export async function translationAliases(db: Queryable, kind: keyof typeof aliasSources, ids: readonly number[]): Promise<AliasModel[]> {
  const { table, id } = aliasSources[kind];
  const rows = await db.query<{ id: number; language_id: string; alias: string }>(
    `SELECT ${id} AS id, language_id, alias FROM ${table} WHERE ${id} = ANY($1::int[])`,
    [ids],
  );
  return rows.map((r) => ({ id: r.id, languageId: languageIdOf(r.language_id), alias: r.alias }));
}

async function facetValues(
  db: Queryable,
  filter: ProductFilter,
  languageId: LanguageId,
  dimension: FacetDimension,
  select: (lang: () => string) => string,
): Promise<FacetValueModel[]> {
  const params = new Params();
  const { from, where } = buildWhere(filter, languageId, params, { omit: dimension, search: await searchPlanOf(db, filter) });
  // Bound only when the facet's SQL uses it: PostgreSQL cannot type an unused parameter.
  const lang = () => params.add(languageId);
  const rows = await db.query<{ id: string; label: string; count: number }>(
    `WITH matching AS (SELECT p.product_id, p.brand_id FROM ${from} WHERE ${where}) ${select(lang)}`,
    params.values,
  );
  return rows.map((r) => ({ id: r.id, label: r.label, count: r.count }));
}

async function priceRange(db: Queryable, filter: ProductFilter, languageId: LanguageId): Promise<ProductFacetsModel['priceMinor']> {
  const params = new Params();
  const { from, where } = buildWhere(filter, languageId, params, { omit: 'price', search: await searchPlanOf(db, filter) });
  const [row] = await db.query<{ min: number | null; max: number | null }>(
    `SELECT min(p.selling_price_minor) AS min, max(p.selling_price_minor) AS max FROM ${from} WHERE ${where}`,
    params.values,
  );
  return row && row.min != null && row.max != null ? { min: row.min, max: row.max } : null;
}

const facetCaches = new Map<string, BriefCache<ProductFacetsModel>>();

/**
 * Facet counts for every filter dimension, each counted with all other active filters applied. Like a count, the
 * facets of a large list (from KEPT_COUNT_FROM products, by its brands) are kept for a short while.
 */
export async function productFacets(db: Queryable, filter: ProductFilter, languageId: LanguageId): Promise<ProductFacetsModel> {
  return cachesOf(facetCaches, db, () => new BriefCache(COUNT_TTL_MS, 500)).get(
    listKey(filter, languageId),
    () => countFacets(db, filter, languageId),
    (facets) => facets.brands.reduce((sum, b) => sum + b.count, 0) >= KEPT_COUNT_FROM,
  );
}

async function countFacets(db: Queryable, filter: ProductFilter, languageId: LanguageId): Promise<ProductFacetsModel> {
  const [categories, brands, discountCampaigns, skus, parameterRows, priceMinor] = await Promise.all([
    facetValues(db, filter, languageId, 'categories', (lang) =>
      `SELECT pc.category_id::text AS id, ct.name AS label, count(*)::int AS count FROM matching m
       JOIN product_categories pc ON pc.product_id = m.product_id
       JOIN category_translations ct ON ct.category_id = pc.category_id AND ct.language_id = ${lang()}
       GROUP BY pc.category_id, ct.name ORDER BY ct.name`),
    facetValues(db, filter, languageId, 'brands', () =>
      `SELECT b.brand_id::text AS id, b.name AS label, count(*)::int AS count FROM matching m
       JOIN brands b ON b.brand_id = m.brand_id GROUP BY b.brand_id, b.name ORDER BY lower(b.name)`),
    facetValues(db, filter, languageId, 'campaigns', (lang) =>
      `SELECT c.campaign_id::text AS id, ct.name AS label, count(*)::int AS count FROM matching m
       JOIN product_discount_campaigns pdc ON pdc.product_id = m.product_id
       JOIN active_discount_campaigns c ON c.campaign_id = pdc.campaign_id
       JOIN discount_campaign_translations ct ON ct.campaign_id = c.campaign_id AND ct.language_id = ${lang()}
       GROUP BY c.campaign_id, ct.name ORDER BY ct.name`),
    facetValues(db, filter, languageId, 'skus', (lang) =>
      `SELECT st.name AS id, st.name AS label, count(DISTINCT m.product_id)::int AS count FROM matching m
       JOIN skus s ON s.product_id = m.product_id
       JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = ${lang()}
       GROUP BY st.name ORDER BY st.name`),
    facetValues(db, filter, languageId, 'parameters', (lang) =>
      `SELECT pp.name || '\u001f' || pp.value AS id, pp.value AS label, count(*)::int AS count FROM matching m
       JOIN product_parameters pp ON pp.product_id = m.product_id AND pp.language_id = ${lang()}
       GROUP BY pp.name, pp.value ORDER BY pp.name, pp.value`),
    priceRange(db, filter, languageId),
  ]);
  const parameters = new Map<string, FacetValueModel[]>();
  for (const row of parameterRows) {
    const [name = '', value = ''] = row.id.split('\u001f');
    const values = parameters.get(name) ?? [];
    values.push({ id: value, label: row.label, count: row.count });
    parameters.set(name, values);
  }
  return {
    categories,
    brands,
    discountCampaigns,
    skus,
    parameters: [...parameters].map(([name, values]) => ({ name, values })),
    priceMinor,
  };
}

const shopVariantOf = (value: string | null): ShopVariant | null => (value == null ? null : oneOf<ShopVariant>('shop variant', ['games', 'candy'], value));

/** The demo catalog the database was seeded with: its category tree decides what pictures show. */
const seededVariant = "(SELECT value FROM shop_meta WHERE key = 'variant') AS variant";

/** What a product's picture shows; `boxedSkuNames` are the English SKU names of a product sold complete in box. */
export async function productPictureFacts(db: Queryable, productId: number, boxedSkuNames: readonly string[]): Promise<ProductPictureFacts | null> {
  const [row] = await db.query<{
    name: string;
    brand: string | null;
    images: string[] | null;
    variant: string | null;
    category_alias: string | null;
    colour: string | null;
    platform: string | null;
    genre: string | null;
    flavour: string | null;
    boxed: boolean;
  }>(
    `SELECT pt.name, b.name AS brand, p.images, ${seededVariant}, ct.alias AS category_alias,
       ${['Colour', 'Platform', 'Genre', 'Flavour'].map((name) => `(SELECT value FROM product_parameters pp
         WHERE pp.product_id = p.product_id AND pp.language_id = 'en' AND pp.name = '${name}') AS ${name.toLowerCase()}`).join(',\n       ')},
       EXISTS (SELECT 1 FROM skus s JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = 'en'
               WHERE s.product_id = p.product_id AND st.name = ANY($2::text[])) AS boxed
     FROM products p
     JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'sv'
     LEFT JOIN brands b ON b.brand_id = p.brand_id
     LEFT JOIN category_translations ct ON ct.category_id = p.primary_category_id AND ct.language_id = 'en'
     WHERE p.product_id = $1`,
    [productId, boxedSkuNames],
  );
  if (!row) return null;
  return {
    name: row.name,
    brand: row.brand,
    images: row.images,
    variant: shopVariantOf(row.variant),
    categoryAlias: row.category_alias,
    colour: row.colour,
    platformLabel: row.platform,
    genre: row.genre,
    flavour: row.flavour,
    boxed: row.boxed,
  };
}

/** What a category's picture shows; null for an unknown category. */
export async function categoryPictureFacts(db: Queryable, categoryId: number): Promise<CategoryPictureFacts | null> {
  const [row] = await db.query<{ alias: string; variant: string | null }>(
    `SELECT ct.alias, ${seededVariant} FROM category_translations ct WHERE ct.category_id = $1 AND ct.language_id = 'en'`,
    [categoryId],
  );
  return row ? { categoryAlias: row.alias, variant: shopVariantOf(row.variant) } : null;
}

/**
 * What a catalog read's answer depends on besides its variables: the catalog's version (migration 0022 moves it on
 * every catalog write) and the last campaign start or end passed, since a campaign changes selling prices without
 * any write (sku_prices reads the clock). `at` stands in for the database's clock in tests.
 */
export async function readCatalogVersion(db: Queryable, at?: Date): Promise<{ version: string; campaignBoundary: string | null }> {
  const [row] = await db.query<{ version: string; boundary: string | null }>(
    `SELECT v.version::text AS version,
       (SELECT (floor(extract(epoch FROM max(passed.at)) * 1000))::bigint::text
          FROM (SELECT starts_at AS at FROM discount_campaigns WHERE starts_at <= COALESCE($1::timestamptz, now())
                UNION ALL
                SELECT ends_at FROM discount_campaigns WHERE ends_at <= COALESCE($1::timestamptz, now())) passed) AS boundary
     FROM catalog_version v`,
    [at?.toISOString() ?? null],
  );
  if (!row) throw new Error('catalog_version has no row (migration 0022)');
  if (!at) seeCatalogState(db, `${row.version}.${row.boundary ?? ''}`);
  return { version: row.version, campaignBoundary: row.boundary };
}
