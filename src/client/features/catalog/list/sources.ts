import { notFound, type LoaderEnv } from '../../../lib/route-context';
import { queryFor, tolerated } from '../../../lib/loader-query';
import type { Alternate } from '../../../components/Head';
import type { FilterInputType } from '../../../graphql/generated/operations';
import { selectionFilter } from '../../../lib/product-selection';
import { ProductListByAliasDocument } from '../../../graphql/generated/documents/ProductListByAlias';
import { BrandByAliasDocument } from '../../../graphql/generated/documents/BrandByAlias';
import { CampaignByAliasDocument } from '../../../graphql/generated/documents/CampaignByAlias';
import { CategoryByAliasDocument } from '../../../graphql/generated/documents/CategoryByAlias';
import { ListCategoriesDocument } from '../../../graphql/generated/documents/ListCategories';
import type { MessageId } from '../../../i18n/messages';
import { languageIds, type LanguageId } from '../../../../shared/locales';
import { alternatesOf, routes } from '../../../../shared/routes';
import { MAX_SEARCH_LENGTH } from '../../../../shared/limits';
import type { CategoryNode } from '../../../../shared/category-path';
import { LIST_SORT_RULES, SEARCH_SORT_RULES, type IdDimension, type SortRules, type ValueDimension } from './selection';

/** Which list a route shows, before anything is looked up. */
export type ListRoute =
  | { type: 'all' }
  | { type: 'category' | 'brand' | 'campaign' | 'alias'; alias: string | undefined }
  | { type: 'search'; text: string | undefined }
  | { type: 'generic'; kind: string | undefined; params: URLSearchParams };

/** A heading is either catalog text (a brand's name) or a UI string formatted in the page's language. */
export type ListTitle = { text: string } | { messageId: MessageId; values?: Record<string, string> };

/** What a list is, independent of the shopper's filters: its subject, base filter and page metadata. */
export interface ListSource {
  title: ListTitle;
  /** /list/brand?brands=3 is titled by the selected brand's name. */
  titleFrom?: IdDimension;
  description: string;
  /** Localized path of the canonical URL, and the query parameters that define the list (never filters). */
  path: string;
  definingParams: [string, string][];
  alternates: Alternate[];
  baseFilter: FilterInputType;
  sortRules: SortRules;
  hidden: ValueDimension[];
  /** A category page's subcategories; only these can narrow it. */
  categoryScope: ReadonlySet<number> | null;
  /** The category tree where the source read it (a category page), so the facets' labels need not ask again. */
  categoryTree: readonly CategoryNode[] | null;
  searchText: string | null;
  noindex: boolean;
}

const MAX_PRODUCT_IDS = 100;

const bothLanguages = (path: (languageId: LanguageId) => string): Alternate[] =>
  languageIds.map((languageId) => ({ languageId, canonicalUrl: path(languageId) }));

const base = {
  definingParams: [],
  baseFilter: {},
  sortRules: LIST_SORT_RULES,
  hidden: [],
  categoryScope: null,
  categoryTree: null,
  searchText: null,
  noindex: false,
  description: '',
} satisfies Partial<ListSource>;

function allProducts(env: LoaderEnv): ListSource {
  return {
    ...base,
    title: { messageId: 'list.title.all' },
    path: routes.all(env.languageId),
    alternates: alternatesOf('all'),
  };
}

/** Every category below the given one (the API lists a product under each of its category's ancestors too). */
function descendantsOf(categories: readonly { categoryId: number; parentCategoryId?: number | null }[], rootId: number): Set<number> {
  const found = new Set<number>();
  let frontier = [rootId];
  while (frontier.length) {
    const parents = new Set(frontier);
    frontier = categories.filter((c) => c.parentCategoryId != null && parents.has(c.parentCategoryId) && !found.has(c.categoryId)).map((c) => c.categoryId);
    frontier.forEach((id) => found.add(id));
  }
  return found;
}

/** /l/{alias}: a list the shop defines (stored by staff, named in both languages). */
async function storedListSource(env: LoaderEnv, alias: string): Promise<ListSource | null> {
  const { productListByAlias: list } = await queryFor(env, ProductListByAliasDocument, { alias });
  if (!list) return null;
  const searchText = list.selection.searchText ?? null;
  return {
    ...base,
    title: { text: list.name },
    description: list.description,
    path: list.canonicalUrl,
    alternates: list.alternates,
    baseFilter: selectionFilter(list.selection),
    sortRules: searchText ? SEARCH_SORT_RULES : LIST_SORT_RULES,
    searchText,
  };
}

async function categorySource(env: LoaderEnv, alias: string): Promise<ListSource | null> {
  const { category } = await queryFor(env, CategoryByAliasDocument, { alias });
  if (!category) return null;
  // Without the tree (its errors are tolerated) the page lists the category, only its filters cannot keep to it.
  const tree = await tolerated(queryFor(env, ListCategoriesDocument, {}));
  return {
    ...base,
    title: { text: category.name },
    description: category.description,
    path: category.canonicalUrl,
    alternates: category.alternates,
    baseFilter: { categoryIds: [category.categoryId] },
    categoryScope: tree ? descendantsOf(tree.categories, category.categoryId) : null,
    categoryTree: tree?.categories ?? null,
  };
}

async function brandSource(env: LoaderEnv, alias: string): Promise<ListSource | null> {
  const { brand } = await queryFor(env, BrandByAliasDocument, { alias });
  if (!brand) return null;
  return {
    ...base,
    title: { text: brand.name },
    description: brand.description,
    path: brand.canonicalUrl,
    // Brand aliases are the same in every language.
    alternates: bothLanguages((languageId) => routes.brand(brand.alias, languageId)),
    baseFilter: { brandIds: [brand.brandId] },
    hidden: ['brands'],
  };
}

async function campaignSource(env: LoaderEnv, alias: string): Promise<ListSource | null> {
  const { discountCampaign: campaign } = await queryFor(env, CampaignByAliasDocument, { alias });
  if (!campaign) return null;
  return {
    ...base,
    title: { text: campaign.name },
    description: campaign.description,
    path: campaign.canonicalUrl,
    alternates: campaign.alternates,
    baseFilter: { discountCampaignIds: [campaign.discountCampaignId] },
    hidden: ['campaigns'],
  };
}

function searchSource(env: LoaderEnv, rawText: string | undefined, viaGenericRoute: boolean): ListSource {
  const text = (rawText ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) notFound();
  const searchPath = (languageId: LanguageId) =>
    viaGenericRoute ? `${routes.genericList('search', languageId)}?q=${encodeURIComponent(text)}` : routes.search(text, languageId);
  return {
    ...base,
    title: { messageId: 'list.title.search', values: { search: text } },
    path: viaGenericRoute ? routes.genericList('search', env.languageId) : routes.search(text, env.languageId),
    definingParams: viaGenericRoute ? [['q', text]] : [],
    alternates: bothLanguages(searchPath),
    baseFilter: { searchText: text },
    sortRules: SEARCH_SORT_RULES,
    searchText: text,
    // Search results are endless variations of the catalog: keep them out of search engines.
    noindex: true,
  };
}

/** /list/{kind}: the ids come from the query; brand, category and campaign ids are ordinary filters there. */
function genericSource(env: LoaderEnv, kind: string | undefined, params: URLSearchParams): ListSource {
  const generic = (name: string, extra: Partial<ListSource>): ListSource => ({
    ...base,
    title: { messageId: 'list.title.all' },
    path: routes.genericList(name, env.languageId),
    alternates: bothLanguages((languageId) => routes.genericList(name, languageId)),
    noindex: true,
    ...extra,
  });
  switch (kind ?? 'all') {
    case 'all':
      return generic('all', {});
    case 'brand':
      return generic('brand', { titleFrom: 'brands' });
    case 'category':
      return generic('category', { titleFrom: 'categories' });
    case 'discountCampaign':
      return generic('discountCampaign', { titleFrom: 'campaigns' });
    case 'search':
      return searchSource(env, params.get('q') ?? undefined, true);
    case 'list': {
      const ids = [...new Set((params.get('productIds') ?? '').split(',').filter((v) => /^\d{1,9}$/.test(v)).map(Number))].slice(0, MAX_PRODUCT_IDS);
      return generic('list', {
        title: { messageId: 'list.title.selected' },
        definingParams: [['productIds', ids.join(',')]],
        alternates: bothLanguages((languageId) => `${routes.genericList('list', languageId)}?productIds=${ids.join(',')}`),
        // No ids means no products, not every product.
        baseFilter: { productIds: ids.length ? ids : [0] },
      });
    }
    default:
      notFound();
  }
}

/** Resolves a list route to its source; an unknown alias or kind is a 404. */
export async function resolveSource(env: LoaderEnv, route: ListRoute): Promise<ListSource> {
  switch (route.type) {
    case 'all':
      return allProducts(env);
    case 'search':
      return searchSource(env, route.text, false);
    case 'generic':
      return genericSource(env, route.kind, route.params);
    default: {
      const { alias } = route;
      if (!alias) notFound();
      const lookups = { category: [categorySource], brand: [brandSource], campaign: [campaignSource], alias: [storedListSource, categorySource, brandSource, campaignSource] }[route.type];
      // /l/{alias}: a stored list, else a category, a brand or a campaign of that alias.
      for (const lookup of lookups) {
        const source = await lookup(env, alias);
        if (source) return source;
      }
      notFound();
    }
  }
}
