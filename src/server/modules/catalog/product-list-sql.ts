import type { SqlParam } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { ProductSort } from '../../generated/api-types';
import { clampLimit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-limits';
import type { ProductFilter } from './models';
import type { ShopVariant } from '../../../shared/shop';
import { synonymsOf } from './search-synonyms';
import type { SearchPlan } from './search-plan';

/*
 * Builds the SQL of product lists (page, count, facets) from a filter. Only catalog-store.ts calls it: it returns
 * SQL text and parameters and runs nothing itself.
 */

/** Collects positional parameters so every value reaches SQL as $n, never as text. */
export class Params {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A price bound within the integer column's range: a bound beyond every price it can hold means the same as that
 * range's end, and a bigger number would fail the comparison.
 */
const priceBound = (minor: number) => Math.min(2 ** 31 - 1, Math.max(-(2 ** 31), minor));

const textSearchConfig: Record<LanguageId, string> = { sv: 'swedish', en: 'english' };

/** Words shorter than this get no swapped spellings: so short a swap spells another word as often as a slip. */
const MIN_SWAPPED_WORD = 4;
/** Longer "words" are pasted junk, not typing: their swaps could only cost time. */
const MAX_SWAPPED_WORD = 30;

/** The search words of a text: letters and digits only, lower case (composed, so 'é' stays one letter). */
export function searchWords(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Every other spelling of a word with two neighbouring letters swapped: 'zleda' → 'lzeda', 'zelda', 'zlead'. */
export function swappedSpellings(word: string): string[] {
  const letters = [...word];
  if (letters.length < MIN_SWAPPED_WORD || letters.length > MAX_SWAPPED_WORD) return [];
  const spellings = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    spellings.add([...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join(''));
  }
  return [...spellings];
}

/**
 * Which of a product translation's text a term may match: its name (A), the rest of its own language's text (B)
 * or the other languages' text (D); see migration 0017. Empty means any.
 */
export type SearchWeights = '' | 'a' | 'ab';

/**
 * Words become prefix terms ('zel' finds 'Zelda'), each also as whole words spelt with two neighbouring letters
 * swapped ('zleda' finds 'Zelda', 'pokméon' finds 'Pokémon'): on a phone keyboard that is the most common
 * slip, and trigrams cannot see it (a swap in a five-letter word breaks four of its six trigrams: 'zleda'
 * scores 0.2 against 'zelda', far below the threshold). The swapped spellings use the full-text GIN index like
 * the word itself, a few more index lookups and no extension: fuzzystrmatch's levenshtein counts a swap as two
 * edits and cannot use an index, and a trigram threshold low enough for swaps would match almost anything.
 * They are whole words, not prefixes: a prefix term matches more and costs the planner's estimate more, enough
 * to turn a common word's search ('kart') into a sequential scan. A word the shop's synonym list knows also
 * matches its alternatives, as prefixes like the word ('sladd' finds 'kabel'). Only letters and digits reach
 * to_tsquery.
 */
export function prefixTsQuery(text: string, variant?: ShopVariant | null, weights: SearchWeights = ''): string {
  const prefix = (word: string) => `${word}:*${weights}`;
  const whole = (word: string) => (weights ? `${word}:${weights}` : word);
  return searchWords(text)
    .map((word) => {
      const terms = new Set([
        prefix(word),
        ...swappedSpellings(word).map(whole),
        ...synonymsOf(word, variant).flatMap(searchWords).map(prefix),
      ]);
      return terms.size > 1 ? `(${[...terms].join(' | ')})` : prefix(word);
    })
    .join(' & ');
}

/**
 * A search plan as tsquery text, every operand limited to the given weights when asked ('a': the name, 'ab': the
 * shown language's text; see migration 0017). Repeated alternatives are written once.
 */
export function planTsQuery(plan: SearchPlan, weights: SearchWeights = ''): string {
  return plan.terms
    .map((alternatives) => {
      const written = [
        ...new Set(
          alternatives.map((operands) => {
            const parts = operands.map((o) => (o.prefix ? `${o.word}:*${weights}` : weights ? `${o.word}:${weights}` : o.word));
            return parts.length > 1 ? `(${parts.join(' & ')})` : parts[0]!;
          }),
        ),
      ];
      return written.length > 1 ? `(${written.join(' | ')})` : written[0]!;
    })
    .join(' & ');
}

export type FacetDimension = 'categories' | 'brands' | 'campaigns' | 'skus' | 'parameters' | 'price';

export const productFrom = (languageRef: string) =>
  `products p JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = ${languageRef}`;

interface Where {
  from: string;
  where: string;
  /** True when the filter is its search text alone: the search table answers it without the products rows. */
  searchOnly: boolean;
}

/** The tsquery of a search plan in the shop language's stemmer, as SQL. */
export function tsQuerySql(plan: SearchPlan, languageId: LanguageId, params: Params, weights: SearchWeights = ''): string {
  return `to_tsquery(${params.add(textSearchConfig[languageId])}::regconfig, fold_search_text(${params.add(planTsQuery(plan, weights))}))`;
}

/** The search table's rows of one language (migration 0021), joined to the products rows. */
const searchFrom = (languageRef: string) =>
  `products p JOIN product_search ps ON ps.product_id = p.product_id AND ps.language_id = ${languageRef}`;

/**
 * FROM and WHERE for a filter, leaving out one dimension when counting that dimension's facet values.
 * Product text is joined only when the caller selects it or the filter searches it: counting 100 000
 * products costs a third as much without the join. The search text comes as its plan (search-plan.ts): the
 * product's text in every language must hold each word or one of its alternatives (an English word finds the
 * product in the Swedish shop too).
 */
export function buildWhere(
  filter: ProductFilter,
  languageId: LanguageId,
  params: Params,
  options: { omit?: FacetDimension; withText?: boolean; search?: SearchPlan | null; bareSearch?: boolean } = {},
): Where {
  const { omit } = options;
  let langRef: string | undefined;
  const lang = () => (langRef ??= params.add(languageId));
  const conditions: string[] = [];
  const has = <T>(list: readonly T[] | null | undefined): list is readonly T[] => Boolean(list && list.length);

  if (has(filter.productIds)) conditions.push(`p.product_id = ANY(${params.add(filter.productIds)}::int[])`);
  if (has(filter.categoryIds) && omit !== 'categories') {
    conditions.push(
      `EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.product_id AND pc.category_id = ANY(${params.add(filter.categoryIds)}::int[]))`,
    );
  }
  if (has(filter.brandIds) && omit !== 'brands') conditions.push(`p.brand_id = ANY(${params.add(filter.brandIds)}::int[])`);
  if (has(filter.discountCampaignIds) && omit !== 'campaigns') {
    conditions.push(
      `EXISTS (SELECT 1 FROM product_discount_campaigns pdc WHERE pdc.product_id = p.product_id AND pdc.campaign_id = ANY(${params.add(filter.discountCampaignIds)}::int[]))`,
    );
  }
  if (has(filter.skus) && omit !== 'skus') {
    conditions.push(
      `EXISTS (SELECT 1 FROM skus s JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = ${lang()} WHERE s.product_id = p.product_id AND st.name = ANY(${params.add(filter.skus)}::text[]))`,
    );
  }
  if (has(filter.parameters) && omit !== 'parameters') {
    for (const parameter of filter.parameters) {
      if (!parameter.values.length) continue;
      conditions.push(
        `EXISTS (SELECT 1 FROM product_parameters pp WHERE pp.product_id = p.product_id AND pp.language_id = ${lang()} AND pp.name = ${params.add(parameter.name)} AND pp.value = ANY(${params.add(parameter.values)}::text[]))`,
      );
    }
  }
  if (filter.priceMinor && omit !== 'price') {
    const { min, max } = filter.priceMinor;
    if (min != null) conditions.push(`p.selling_price_minor >= ${params.add(priceBound(min))}`);
    if (max != null) conditions.push(`p.selling_price_minor <= ${params.add(priceBound(max))}`);
  }
  // A count of a search alone needs no products rows (bareSearch); a page or a facet reads them.
  const searchOnly = Boolean(options.search && options.bareSearch) && !conditions.length && !options.withText;
  let from = options.withText ? productFrom(lang()) : 'products p';
  if (options.search) {
    conditions.push(`ps.search_vector @@ ${tsQuerySql(options.search, languageId, params)}`);
    from = searchOnly ? `product_search ps` : `${from} JOIN product_search ps ON ps.product_id = p.product_id AND ps.language_id = ${lang()}`;
    if (searchOnly) conditions.push(`ps.language_id = ${lang()}`);
  }
  return { from, where: conditions.length ? conditions.join(' AND ') : 'TRUE', searchOnly };
}

/**
 * The order of a list. RELEVANCE with a search text is not one ORDER BY: the store reads the products whose name
 * matches first and the rest after (namesPageSql, textPageSql); here it means bestsellers.
 */
export function orderBy(sort: ProductSort | null | undefined, searching = false): string {
  switch (sort ?? (searching ? 'RELEVANCE' : 'LATEST')) {
    case 'BESTSELLERS':
    case 'RELEVANCE':
      return 'p.sales_count DESC, p.product_id';
    case 'LOWEST_PRICE':
      return 'p.selling_price_minor ASC, p.product_id';
    case 'HIGHEST_PRICE':
      return 'p.selling_price_minor DESC, p.product_id DESC';
    case 'LATEST':
    default:
      return 'p.created_at DESC, p.product_id DESC';
  }
}

/**
 * The most popular products a text stage looks through first when a search's hits are common. When they hold
 * enough hits, those are the stage's bestsellers, found after reading a few dozen rows for a common word; when they
 * do not, the stage reads its other hits too. A search with few hits reads them all at once instead: cheaper than
 * looking for them among thousands of products.
 */
export const POPULAR_WALK = 5_000;

/**
 * One page of a search in relevance order, from the search table (migration 0021), in stages; each reads only its
 * own rows, and a later one only when the earlier ones do not fill the page.
 * - names: products whose name in the shown language holds every word, or starts with the text as a whole. A name
 *   that is the text, a parenthesised detail aside, comes first ('gameboy', 'game boy' → 'Game Boy (DMG-01)';
 *   'playstation 2' → 'PlayStation 2 (SCPH-39004)'), then bestsellers: a name that merely starts with a common
 *   word ('Mario Kart') does not pass a better-selling one that holds it ('Super Mario World'). The name is a few
 *   hundred hits where the whole text is tens of thousands ('kart' is in every 'kartong').
 * - own: other products whose text in the shown language matches (brand, category, filter values, variants).
 * - other: products that match only in another language's text.
 * Within own and other bestsellers come first. When `common`, each is looked for among the POPULAR_WALK most
 * popular products first, then among the rest: the bestselling hits are a prefix of all hits by popularity, so
 * the order is the same as reading every hit, and a word in half the catalog reads a few dozen rows.
 *
 * Two statements at most, each selecting `columns` of its page's products in order (productFrom's aliases p and
 * pt): namesPageSql, which fills most pages, and when it does not, textPageSql with the names found so far. Each
 * stage appends to an array of ids in a CTE of its own and runs only when the array is shorter than the page (a
 * CASE branch's subquery runs only when taken): one round trip with the early stop of separate statements, and an
 * order no plan can change (rows of a UNION ALL have none). The stages are not all one statement: planning a
 * stage that does not run cost more than a round trip (the planner estimates every text condition anew).
 */
interface RelevanceOptions {
  limit: number;
  offset: number;
  columns: string;
}

/** What both statements of a relevance page share: the search table's rows, the name condition, the page's end. */
function relevanceParts(filter: ProductFilter, languageId: LanguageId, search: SearchPlan, params: Params) {
  const filtered = buildWhere({ ...filter, searchText: null }, languageId, params);
  const lang = params.add(languageId);
  const all = filtered.where === 'TRUE' ? 'product_search ps' : searchFrom(lang);
  const conditions = [`ps.language_id = ${lang}`, ...(filtered.where === 'TRUE' ? [] : [filtered.where])];
  // One range per key (not a join to the list of keys), so the planner can OR the index lookups together.
  const byKey = search.keys.map((key) => {
    const ref = params.add(key);
    return `(ps.name_key >= ${ref} AND ps.name_key < ${ref} || chr(1114111))`;
  });
  const nameHit = `(${[`ps.name_vector @@ ${tsQuerySql(search, languageId, params)}`, ...byKey].join(' OR ')})`;
  return { lang, all, conditions, nameHit };
}

/**
 * Reading every hit goes through the text index and sorts them ('+ 0': not by walking the popularity index, which
 * for a rare hit would read the whole index to find none).
 */
const BY_HITS = 'ps.sales_count + 0 DESC, ps.product_id';

/** The page's products, in the order of the ids array `ids` (a CTE's column) from the offset on. */
const pageRows = (ids: string, offset: string, lang: string) =>
  `LEFT JOIN LATERAL unnest(${ids}[${offset} + 1:]) WITH ORDINALITY AS page(product_id, n) ON TRUE
    LEFT JOIN (${productFrom(lang)}) ON p.product_id = page.product_id`;

/**
 * The names stage with the page's products, and the search's count up to one past `countCap` (`total`, when the
 * caller does not know it yet; it also ends the stage once it holds every hit). Each row carries the count, and the first the ids the stage
 * found (textPageSql goes on from them); a page with no product is one row without one.
 */
export function namesPageSql(
  filter: ProductFilter,
  languageId: LanguageId,
  search: SearchPlan,
  options: RelevanceOptions & { total: number | null; countCap: number },
) {
  const { limit, offset, columns, total, countCap } = options;
  const params = new Params();
  let counted: string;
  if (total == null) {
    const { from, where } = buildWhere(filter, languageId, params, { search, bareSearch: true });
    // Up to one past the cap: more than the cap is all the count says then (catalog-store.ts, ListCount).
    counted = `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${params.add(countCap + 1)}) hits`;
  } else {
    counted = `SELECT ${params.add(total)}::int AS n`;
  }
  const { lang, all, conditions, nameHit } = relevanceParts(filter, languageId, search, params);
  const text = `WITH total AS MATERIALIZED (${counted}),
    named AS MATERIALIZED (SELECT ARRAY(SELECT ps.product_id FROM ${all} WHERE ${[...conditions, nameHit].join(' AND ')}
      ORDER BY (ps.name_key = ANY(${params.add(search.keys)}::text[])) DESC, ${BY_HITS}
      LIMIT LEAST(${params.add(offset + limit)}, total.n)) AS ids FROM total)
    SELECT total.n AS total, CASE WHEN COALESCE(page.n, 1) = 1 THEN named.ids END AS named, ${columns} FROM total CROSS JOIN named
    ${pageRows('named.ids', params.add(offset), lang)}
    ORDER BY page.n`;
  return { text, values: params.values };
}

/** The stages after the names, appended to the names found (`named`), with the page's products. */
export function textPageSql(
  filter: ProductFilter,
  languageId: LanguageId,
  search: SearchPlan,
  options: RelevanceOptions & { total: number; common: boolean; named: readonly number[] },
) {
  const { limit, offset, total, common, named, columns } = options;
  const params = new Params();
  const { lang, all, conditions, nameHit } = relevanceParts(filter, languageId, search, params);
  const wanted = params.add(Math.min(offset + limit, total));
  const textHit = `ps.search_vector @@ ${tsQuerySql(search, languageId, params)}`;
  // The function behind @@, so the weighted test stays a filter on the rows found: as an index condition it read
  // every word's posting lists a second time.
  const own = `ts_match_vq(ps.search_vector, ${tsQuerySql(search, languageId, params, 'ab')})`;
  const popularRows = `SELECT * FROM product_search WHERE language_id = ${lang} ORDER BY sales_count DESC, product_id`;
  // Bound only when used: PostgreSQL cannot type an unused parameter.
  let walkRef: string | undefined;
  const walk = () => (walkRef ??= params.add(POPULAR_WALK));
  const stages: { from: string; where: string[]; order: string }[] = [];
  for (const match of [own, `NOT ${own}`]) {
    const where = [...conditions, textHit, match, `NOT ${nameHit}`];
    if (!common) {
      stages.push({ from: all, where, order: BY_HITS });
      continue;
    }
    // The popular products' hits, then the hits after the last of them in the same order.
    stages.push({ from: `(${popularRows} LIMIT ${walk()}) ps`, where, order: 'ps.sales_count DESC, ps.product_id' });
    stages.push({
      from: `${all} CROSS JOIN (SELECT sales_count, product_id FROM (${popularRows} OFFSET ${walk()} - 1 LIMIT 1) e) edge`,
      where: [...where, '(ps.sales_count < edge.sales_count OR (ps.sales_count = edge.sales_count AND ps.product_id > edge.product_id))'],
      order: BY_HITS,
    });
  }
  const ctes = stages.map(({ from, where, order }, i) => {
    const before = `s${i}.ids`;
    return `s${i + 1} AS MATERIALIZED (SELECT CASE WHEN cardinality(${before}) >= ${wanted} THEN ${before}
      ELSE ${before} || ARRAY(SELECT ps.product_id FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order}
        LIMIT ${wanted} - cardinality(${before})) END AS ids FROM s${i})`;
  });
  const text = `WITH s0 AS MATERIALIZED (SELECT ${params.add(named)}::int[] AS ids),
    ${ctes.join(',\n    ')}
    SELECT ${columns} FROM s${stages.length} last
    ${pageRows('last.ids', params.add(offset), lang)}
    ORDER BY page.n`;
  return { text, values: params.values };
}

export function pageOf(filter: ProductFilter): { limit: number; offset: number } {
  const limit = clampLimit(filter.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = Math.max(0, filter.offset ?? 0);
  return { limit, offset };
}
