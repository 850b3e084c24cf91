import { createGraphQLError } from 'graphql-yoga';
import { channels, isLanguageId, languageIds, resolveLanguage, type LanguageId } from '../../../shared/locales';
import { toMajor, toMinor } from '../../../shared/money';
import { CATEGORY_PATH_SEPARATOR, categoryNamePath } from '../../../shared/category-path';
import { routes } from '../../../shared/routes';
import { MAX_SEARCH_LENGTH } from '../../../shared/limits';
import type { FilterInputType, ProductFacets, Resolvers } from '../../graphql/generated/resolvers-types';
import type { RequestContext } from '../../request-context';
import { catalogLoaders } from './loaders';
import type { CategoryModel, ProductFacetsModel, ProductFilter, SearchSuggestionsModel } from './models';
import { priceOf } from './price';
import {
  clampLimit,
  DEFAULT_RELATED_PRODUCTS,
  DEFAULT_SEARCH_SUGGESTIONS,
  MAX_FILTER_IDS,
  MAX_FILTER_PARAMETER_VALUES,
  MAX_FILTER_PARAMETERS,
  MAX_FILTER_SKU_NAMES,
  MAX_LIST_OFFSET,
  MAX_RELATED_PRODUCTS,
  MAX_SEARCH_SUGGESTIONS,
} from './list-limits';
import { countProducts, listProducts, productByAlias, productFacets, translateSkuNames } from './catalog-store';
import { stockOf } from '../inventory';
import { prefixTsQuery, swappedSpellings } from './product-list-sql';
import { synonymsOf } from './search-synonyms';

/** Category and brand tags under the header's search field. */
const MAX_SEARCH_TAGS = 5;
/** Brands whose name holds the text (few do), so categories keep most of the tags. */
const MAX_BRAND_TAGS = 2;

const alternatesOf = (aliases: { languageId: LanguageId; alias: string }[], url: (alias: string, l: LanguageId) => string) =>
  aliases.map(({ languageId, alias }) => ({ languageId, canonicalUrl: url(alias, languageId) }));

async function categoryById(ctx: RequestContext, languageId: LanguageId, id: number | null): Promise<CategoryModel | null> {
  if (id == null) return null;
  return (await catalogLoaders(ctx).categoryTree(languageId)).find((c) => c.categoryId === id) ?? null;
}

const badFilter = (message: string) => createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function checkSearchText(text: string | null | undefined) {
  if (text && text.length > MAX_SEARCH_LENGTH) throw badFilter(`searchText is longer than ${MAX_SEARCH_LENGTH} characters`);
}

/** Refuses a filter that asks for more work than any page of the shop does (see list-limits.ts). */
function checkFilter(filter: FilterInputType) {
  checkSearchText(filter.searchText);
  for (const name of ['categoryIds', 'brandIds', 'discountCampaignIds', 'productIds'] as const) {
    if ((filter[name]?.length ?? 0) > MAX_FILTER_IDS) throw badFilter(`${name} may hold at most ${MAX_FILTER_IDS} ids`);
  }
  if ((filter.skus?.length ?? 0) > MAX_FILTER_SKU_NAMES) throw badFilter(`skus may hold at most ${MAX_FILTER_SKU_NAMES} names`);
  if ((filter.parameters?.length ?? 0) > MAX_FILTER_PARAMETERS) throw badFilter(`parameters may hold at most ${MAX_FILTER_PARAMETERS} filters`);
  if (filter.parameters?.some((p) => p.values.length > MAX_FILTER_PARAMETER_VALUES)) {
    throw badFilter(`a parameter filter may hold at most ${MAX_FILTER_PARAMETER_VALUES} values`);
  }
  if ((filter.offset ?? 0) > MAX_LIST_OFFSET) throw badFilter(`offset may be at most ${MAX_LIST_OFFSET}`);
}

/** The API's filter as the store takes it: the price range in kronor becomes öre. */
export function toProductFilter({ price, ...rest }: FilterInputType): ProductFilter {
  const minor = (kronor: number | null | undefined) => (kronor == null ? null : toMinor(kronor));
  return { ...rest, priceMinor: price ? { min: minor(price.min), max: minor(price.max) } : null };
}

/** The product list the suggestions show. */
const suggestedList = (s: SearchSuggestionsModel): ProductFilter => ({ searchText: s.searchText, variant: s.variant, sort: 'RELEVANCE', limit: s.limit });

const facetsView = ({ priceMinor, ...counts }: ProductFacetsModel): ProductFacets => ({
  ...counts,
  price: priceMinor ? { min: toMajor(priceMinor.min), max: toMajor(priceMinor.max) } : null,
});

export const catalogResolvers: Resolvers = {
  Query: {
    categories: (_, args, ctx) => catalogLoaders(ctx).categoryTree(resolveLanguage(args.channelId, args.languageId)),
    category: async (_, args, ctx) => {
      const tree = await catalogLoaders(ctx).categoryTree(resolveLanguage(args.channelId, args.languageId));
      return tree.find((c) => c.alias === args.alias) ?? null;
    },
    products: (_, args, ctx) => {
      const filter = args.filter ?? {};
      checkFilter(filter);
      return { languageId: resolveLanguage(args.channelId, args.languageId), filter: { ...toProductFilter(filter), variant: ctx.variant } };
    },
    product: (_, args, ctx) => productByAlias(ctx.db, args.alias, resolveLanguage(args.channelId, args.languageId)),
    brands: (_, args, ctx) => catalogLoaders(ctx).brands(resolveLanguage(args.channelId, args.languageId)),
    brand: async (_, args, ctx) =>
      (await catalogLoaders(ctx).brands(resolveLanguage(args.channelId, args.languageId))).find((b) => b.alias === args.alias) ?? null,
    discountCampaigns: (_, args, ctx) => catalogLoaders(ctx).campaigns(resolveLanguage(args.channelId, args.languageId)),
    discountCampaign: async (_, args, ctx) =>
      (await catalogLoaders(ctx).campaigns(resolveLanguage(args.channelId, args.languageId))).find((c) => c.alias === args.alias) ?? null,
    skuNameTranslations: (_, args, ctx) => {
      if (args.names.length > MAX_FILTER_SKU_NAMES) throw badFilter(`names may hold at most ${MAX_FILTER_SKU_NAMES} names`);
      if (!isLanguageId(args.toLanguageId)) throw badFilter(`toLanguageId must be one of ${languageIds.join(', ')}`);
      return translateSkuNames(ctx.db, args.names, resolveLanguage(args.channelId, args.languageId), args.toLanguageId);
    },
    searchSuggestions: (_, args, ctx) => {
      checkSearchText(args.searchText);
      return {
        languageId: resolveLanguage(args.channelId, args.languageId),
        variant: ctx.variant,
        searchText: args.searchText.trim(),
        limit: clampLimit(args.limit, DEFAULT_SEARCH_SUGGESTIONS, MAX_SEARCH_SUGGESTIONS),
      };
    },
  },
  ProductListResult: {
    products: (list, _, ctx) => listProducts(ctx.db, list.filter, list.languageId),
    count: async (list, _, ctx) => (await countProducts(ctx.db, list.filter, list.languageId)).n,
    countExact: async (list, _, ctx) => (await countProducts(ctx.db, list.filter, list.languageId)).exact,
    facets: async (list, _, ctx) => facetsView(await productFacets(ctx.db, list.filter, list.languageId)),
  },
  SearchSuggestions: {
    products: (s, _, ctx) => (s.searchText ? listProducts(ctx.db, suggestedList(s), s.languageId) : []),
    // The same list as the products: the store reads a search's page and count together.
    count: async (s, _, ctx) => (s.searchText ? (await countProducts(ctx.db, suggestedList(s), s.languageId)).n : 0),
    countExact: async (s, _, ctx) => (s.searchText ? (await countProducts(ctx.db, suggestedList(s), s.languageId)).exact : true),
    tags: async (s, _, ctx) => {
      if (!prefixTsQuery(s.searchText)) return [];
      // Like the product search, a name also matches the text with two neighbouring letters swapped ('sgea'),
      // the shop's synonyms of it ('sladd' → Kablar) and, for a category, its name in another language ('cable').
      const needle = s.searchText.normalize('NFC').toLowerCase();
      const needles = [needle, ...swappedSpellings(needle), ...synonymsOf(needle, s.variant)];
      const matches = (name: string) => needles.some((n) => name.toLowerCase().includes(n));
      const otherLanguages = languageIds.filter((l) => l !== s.languageId);
      const [tree, brands, ...otherTrees] = await Promise.all([
        catalogLoaders(ctx).categoryTree(s.languageId),
        catalogLoaders(ctx).brands(s.languageId),
        ...otherLanguages.map((l) => catalogLoaders(ctx).categoryTree(l)),
      ]);
      const matchesElsewhere = new Set(otherTrees.flatMap((t) => t.filter((c) => matches(c.name)).map((c) => c.categoryId)));
      const byId = new Map(tree.map((c) => [c.categoryId, c]));
      // A name that is the whole text ('Nintendo') comes before one that only holds it ('Nintendo 64').
      const exactFirst = <T extends { name: string }>(list: T[]) =>
        [...list].sort((a, b) => Number(b.name.toLowerCase() === needle) - Number(a.name.toLowerCase() === needle));
      // Names repeat ('Sega' under games, consoles and controllers, and the brand Sega): each tag says what it is.
      const matched = exactFirst(tree.filter((c) => matches(c.name) || matchesElsewhere.has(c.categoryId)));
      const matchedBrands = exactFirst(brands.filter((b) => matches(b.name))).slice(0, MAX_BRAND_TAGS);
      const parentName = (c: CategoryModel) => (c.parentCategoryId == null ? null : (byId.get(c.parentCategoryId)?.name ?? null));
      // The brand's page comes first: a maker's name also names a category under each of games, consoles and
      // controllers, and those filled the tags before the brand could show ('Nintendo').
      const categoryTags = matched.slice(0, MAX_SEARCH_TAGS - matchedBrands.length);
      // A parent's name can repeat too ('SNES' under Spel › Nintendo and under Konsoler › Nintendo): where one
      // name stands for two parents in this answer, its tags name the path from the top-level category down to
      // the parent, so no two tags read (or are announced) the same and none leaves open which parent it means.
      const parentsNamed = new Map<string, Set<number>>();
      for (const c of categoryTags) {
        const name = parentName(c);
        if (name != null) parentsNamed.set(name, (parentsNamed.get(name) ?? new Set()).add(c.parentCategoryId!));
      }
      const parentLabel = (c: CategoryModel) => {
        const name = parentName(c);
        if (name == null || parentsNamed.get(name)!.size < 2) return name;
        return categoryNamePath(byId, c.categoryId).slice(0, -1).join(CATEGORY_PATH_SEPARATOR);
      };
      return [
        ...matchedBrands.map((b) => ({ label: b.name, canonicalUrl: routes.brand(b.alias, s.languageId), kind: 'BRAND' as const, parentLabel: null })),
        ...categoryTags.map((c) => ({
          label: c.name,
          canonicalUrl: routes.category(c.path, s.languageId),
          kind: 'CATEGORY' as const,
          parentLabel: parentLabel(c),
        })),
      ];
    },
  },
  Product: {
    canonicalUrl: (p) => routes.product(p.alias, p.languageId),
    unitPrice: (p) => priceOf(p.priceMinor, p.sellingPriceMinor, p.vatRate, p.languageId),
    brand: async (p, _, ctx) => (await catalogLoaders(ctx).brands(p.languageId)).find((b) => b.brandId === p.brandId) ?? null,
    categories: async (p, _, ctx) => {
      const [ids, tree] = await Promise.all([catalogLoaders(ctx).productCategoryIds.load(p.productId), catalogLoaders(ctx).categoryTree(p.languageId)]);
      return tree.filter((c) => ids.includes(c.categoryId));
    },
    primaryCategory: (p, _, ctx) => categoryById(ctx, p.languageId, p.primaryCategoryId),
    skus: (p, _, ctx) => catalogLoaders(ctx).skus(p.languageId).load(p.productId),
    stock: async (p, _, ctx) => stockOf(await catalogLoaders(ctx).skus(p.languageId).load(p.productId)),
    discountCampaigns: (p, _, ctx) => catalogLoaders(ctx).productCampaigns(p.languageId).load(p.productId),
    parameters: (p, _, ctx) => catalogLoaders(ctx).parameters(p.languageId).load(p.productId),
    relatedProducts: (p, args, ctx) =>
      catalogLoaders(ctx).relatedProducts(p.languageId)(clampLimit(args.limit, DEFAULT_RELATED_PRODUCTS, MAX_RELATED_PRODUCTS)).load(p.productId),
    createdAt: (p) => p.createdAt.toISOString(),
    alternates: async (p, _, ctx) => alternatesOf(await catalogLoaders(ctx).productAliases.load(p.productId), routes.product),
  },
  Sku: {
    stock: (s) => stockOf([s]),
    price: (s) => priceOf(s.priceMinor, s.sellingPriceMinor, s.vatRate, s.languageId),
    discountCampaigns: (s, _, ctx) => catalogLoaders(ctx).productCampaigns(s.languageId).load(s.productId),
  },
  Category: {
    canonicalUrl: (c) => routes.category(c.path, c.languageId),
    alternates: async (c, _, ctx) => {
      const other = await Promise.all(
        (Object.keys(channels) as LanguageId[]).map(async (languageId) => {
          const match = (await catalogLoaders(ctx).categoryTree(languageId)).find((x) => x.categoryId === c.categoryId);
          return match ? { languageId, canonicalUrl: routes.category(match.path, languageId) } : null;
        }),
      );
      return other.filter((x) => x !== null);
    },
  },
  Brand: {
    canonicalUrl: (b) => routes.brand(b.alias, b.languageId),
  },
  DiscountCampaign: {
    discountCampaignId: (c) => c.campaignId,
    canonicalUrl: (c) => routes.campaign(c.alias, c.languageId),
    value: (c) => (c.type === 'FIXED' ? toMajor(c.value) : c.value),
    freeShippingThreshold: (c) => (c.thresholdMinor == null ? null : toMajor(c.thresholdMinor)),
    alternates: async (c, _, ctx) => alternatesOf(await catalogLoaders(ctx).campaignAliases.load(c.campaignId), routes.campaign),
  },
};
