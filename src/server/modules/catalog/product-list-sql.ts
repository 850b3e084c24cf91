import type { SqlParam } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { ProductSort } from '../../generated/api-types';
import { clampLimit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-limits';
import type { ProductFilter } from './models';
import type { ShopVariant } from '../../../shared/shop';
import { synonymsOf } from './search-synonyms';

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
function searchWords(text: string): string[] {
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

export type FacetDimension = 'categories' | 'brands' | 'campaigns' | 'skus' | 'parameters' | 'price';

export const productFrom = (languageRef: string) =>
  `products p JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = ${languageRef}`;

interface Where {
  from: string;
  where: string;
  /**
   * SQL expression of search relevance, when the filter has search text; its parameters are added only when it
   * is called, so a count or a list in another order does not send parameters its SQL never uses.
   */
  rank: (() => string) | null;
}

/**
 * FROM and WHERE for a filter, leaving out one dimension when counting that dimension's facet values.
 * Product text is joined only when the caller selects it or the filter searches it: counting 100 000
 * products costs a third as much without the join.
 */
export function buildWhere(
  filter: ProductFilter,
  languageId: LanguageId,
  params: Params,
  options: { omit?: FacetDimension; withText?: boolean } = {},
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

  let rank: (() => string) | null = null;
  const text = filter.searchText?.trim();
  if (text) {
    const tsquery = prefixTsQuery(text, filter.variant);
    const folded = `fold_search_text(${params.add(text)})`;
    // Full-text match in the language's stemmer, or a close trigram match for typos ('legnd' → 'Legend'; the
    // threshold is set per connection in db/client.ts).
    if (tsquery) {
      const config = `${params.add(textSearchConfig[languageId])}::regconfig`;
      const tsQueryOf = (weights: SearchWeights) =>
        `to_tsquery(${config}, fold_search_text(${params.add(weights ? prefixTsQuery(text, filter.variant, weights) : tsquery)}))`;
      // The product's text in every language: an English word finds the product in the Swedish shop too.
      conditions.push(`(pt.search_vector @@ ${tsQueryOf('')} OR ${folded} <% pt.search_folded)`);
      // A product whose name holds every word (as a stem, a prefix, with one swap or as a synonym) comes first,
      // then one whose text in the shown language does, then one that only matches in another language or only
      // looks like the text; then the closer spelling (a swapped match scores lower than the word typed right),
      // then bestsellers (orderBy). Term frequency (ts_rank) is left out: in a product's short text it only
      // counts repeats, so the hyphenated 'Pokémon-utgåva' console scored twice and came before every Pokémon game.
      rank = () =>
        `((pt.search_vector @@ ${tsQueryOf('a')})::int + (pt.search_vector @@ ${tsQueryOf('ab')})::int + word_similarity(${folded}, pt.search_folded))`;
    } else {
      conditions.push(`${folded} <% pt.search_folded`);
      rank = () => `word_similarity(${folded}, pt.search_folded)`;
    }
  }

  const from = options.withText || rank ? productFrom(lang()) : 'products p';
  return { from, where: conditions.length ? conditions.join(' AND ') : 'TRUE', rank };
}

export function orderBy(sort: ProductSort | null | undefined, rank: (() => string) | null): string {
  switch (sort ?? (rank ? 'RELEVANCE' : 'LATEST')) {
    case 'BESTSELLERS':
      return 'p.sales_count DESC, p.product_id';
    case 'LOWEST_PRICE':
      return 'p.selling_price_minor ASC, p.product_id';
    case 'HIGHEST_PRICE':
      return 'p.selling_price_minor DESC, p.product_id DESC';
    case 'RELEVANCE':
      return rank ? `${rank()} DESC, p.sales_count DESC, p.product_id` : 'p.sales_count DESC, p.product_id';
    case 'LATEST':
    default:
      return 'p.created_at DESC, p.product_id DESC';
  }
}

export function pageOf(filter: ProductFilter): { limit: number; offset: number } {
  const limit = clampLimit(filter.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = Math.max(0, filter.offset ?? 0);
  return { limit, offset };
}
