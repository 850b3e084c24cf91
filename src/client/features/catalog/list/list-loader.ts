import type { LoaderEnv } from '../../../lib/route-context';
import { queryFor, tolerated } from '../../../lib/loader-query';
import type { Alternate } from '../../../components/Head';
import type { FilterInputType, ProductCardFieldsFragment } from '../../../graphql/generated/operations';
import { FacetLabelsDocument } from '../../../graphql/generated/documents/FacetLabels';
import { ListCategoriesDocument } from '../../../graphql/generated/documents/ListCategories';
import { ProductListFacetsDocument } from '../../../graphql/generated/documents/ProductListFacets';
import { ProductListPageDocument } from '../../../graphql/generated/documents/ProductListPage';
import { SkuNameTranslationsDocument } from '../../../graphql/generated/documents/SkuNameTranslations';
import type { CategoryNode } from '../../../../shared/category-path';
import { distinctCategoryLabels, facetGroups, missingSelections, type FacetGroup, type FacetLabels } from './facets';
import { listSearch, PAGE_SIZE, type ListSelection, type PriceRange, type SortRules } from './selection';
import { parseSelection } from './selection-edits';
import { clampPages, selectionFilter } from './selection-query';
import { resolveSource, type ListRoute, type ListTitle } from './sources';

// The list's controls read a pending change's URL with it once this module is here (ListPage.tsx).
export { parseSelection };

export interface ListData {
  title: ListTitle;
  description: string;
  canonicalUrl: string;
  /** The plain list in each language (hreflang). */
  alternates: Alternate[];
  /** Where the language switch goes: the same list in the other language with the shopper's selection. */
  languageSwitch: Alternate[];
  noindex: boolean;
  searchText: string | null;
  sortRules: SortRules;
  /** The selection as the loader understood it (bad values dropped, pages clamped). */
  selection: ListSelection;
  products: ProductCardFieldsFragment[];
  count: number;
  /** False when a search has more hits than `count` (it stops counting there: '1 000+'). */
  countExact: boolean;
  groups: FacetGroup[];
  /** Lowest and highest price of the list with every filter but price: the bounds of the price inputs. */
  priceBounds: PriceRange | null;
}

/** Pages from..page, one query each, so pages already in the cache are not fetched again (see queryFor's pageAnswer). */
async function loadPages(env: LoaderEnv, filter: FilterInputType, selection: ListSelection) {
  const pages = Array.from({ length: selection.page - selection.from + 1 }, (_, i) => selection.from + i);
  const results = await Promise.all(
    pages.map((page) => queryFor(env, ProductListPageDocument, { filter: { ...filter, sort: selection.sort, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } }, { pageAnswer: true })),
  );
  // A product that moved between two page requests must not appear twice.
  const seen = new Set<number>();
  return results.flatMap((r) => r.products.products).filter((p) => !seen.has(p.productId) && Boolean(seen.add(p.productId)));
}

async function labelsFor(env: LoaderEnv): Promise<FacetLabels> {
  // It reads the category tree too, whose errors are tolerated: without labels a chosen value shows as it is.
  const labels = await tolerated(queryFor(env, FacetLabelsDocument, {}));
  if (!labels) return {};
  const { categories, brands, discountCampaigns } = labels;
  return {
    categories: new Map(categories.map((c) => [c.categoryId, c.name])),
    brands: new Map(brands.map((b) => [b.brandId, b.name])),
    campaigns: new Map(discountCampaigns.map((c) => [c.discountCampaignId, c.name])),
  };
}

async function withDistinctCategories(env: LoaderEnv, groups: FacetGroup[], known: readonly CategoryNode[] | null): Promise<FacetGroup[]> {
  if (!groups.some((g) => g.dimension === 'categories')) return groups;
  // A category page's source read the tree already; elsewhere it is mostly in the tab's cache (the frame's loader
  // reads it), though not on the server, whose client keeps no cache. Without it (its errors are tolerated) labels
  // stay as the facets gave them.
  const categories = known ?? (await tolerated(queryFor(env, ListCategoriesDocument, {})))?.categories;
  if (!categories) return groups;
  return groups.map((g) => (g.dimension === 'categories' ? { ...g, options: distinctCategoryLabels(g.options, categories) } : g));
}

function canonicalOf(path: string, definingParams: [string, string][], selection: ListSelection): string {
  const params = new URLSearchParams(definingParams);
  // A "load more" view starts at `from`: that page is what it shows first.
  if (selection.from > 1) params.set('page', String(selection.from));
  const query = params.toString().replace(/%2C/gi, ',');
  return query ? `${path}?${query}` : path;
}

/**
 * The list in each language with the shopper's filters, sort and pages: ids, prices in kronor and sorts mean
 * the same in every language, SKU names are translated (a name the other language lacks is left out rather
 * than matching nothing there).
 */
async function languageSwitchOf(env: LoaderEnv, alternates: readonly Alternate[], selection: ListSelection, rules: SortRules): Promise<Alternate[]> {
  return Promise.all(
    alternates.map(async ({ languageId, canonicalUrl }) => {
      let skus = selection.skus;
      if (skus.length && languageId !== env.languageId) {
        const { skuNameTranslations } = await queryFor(env, SkuNameTranslationsDocument, { names: skus, toLanguageId: languageId });
        skus = [...new Set(skuNameTranslations.map((t) => t.translation))];
      }
      const [path = '', query = ''] = canonicalUrl.split('?');
      return { languageId, canonicalUrl: path + listSearch(new URLSearchParams(query), { ...selection, skus }, rules) };
    }),
  );
}

/**
 * Loads a list as the URL describes it: the route gives the subject, the query the shopper's filters, sort
 * and pages. Runs on the server for the first HTML and in the browser on every later navigation, so reload
 * and back/forward always show what the URL says.
 */
export async function listLoader(env: LoaderEnv, route: ListRoute, url: URL): Promise<ListData> {
  const source = await resolveSource(env, route);
  let selection = parseSelection(url.searchParams, source.sortRules);
  // The list's own subject is not a filter: a brand page ignores brands=, a category page narrows only to its children.
  for (const dimension of source.hidden) selection = { ...selection, [dimension]: [] };
  if (source.categoryScope) selection = { ...selection, categories: selection.categories.filter((id) => source.categoryScope?.has(id)) };

  // Subcategories chosen on a category page replace the page's own category (they all lie inside it).
  const filter: FilterInputType = { ...source.baseFilter, ...selectionFilter(selection) };
  const [{ products: list }, firstTry] = await Promise.all([
    queryFor(env, ProductListFacetsDocument, { filter }),
    loadPages(env, filter, selection),
  ]);
  const clamped = clampPages(selection, list.count);
  const products = clamped === selection ? firstTry : await loadPages(env, filter, clamped);
  selection = clamped;

  const labels = missingSelections(list.facets, selection).length ? await labelsFor(env) : {};
  const [groups, languageSwitch] = await Promise.all([
    withDistinctCategories(env, facetGroups(list.facets, selection, { hidden: source.hidden, categoryScope: source.categoryScope, labels }), source.categoryTree),
    languageSwitchOf(env, source.alternates, selection, source.sortRules),
  ]);
  const titled = source.titleFrom && groups.find((g) => g.dimension === source.titleFrom)?.options.filter((o) => o.selected);
  const title: ListTitle = titled && titled.length ? { text: titled.map((o) => o.label).join(', ') } : source.title;

  return {
    title,
    description: source.description,
    canonicalUrl: canonicalOf(source.path, source.definingParams, selection),
    alternates: source.alternates,
    languageSwitch,
    noindex: source.noindex,
    searchText: source.searchText,
    sortRules: source.sortRules,
    selection,
    products,
    count: list.count,
    countExact: list.countExact,
    groups,
    priceBounds: list.facets.price ? { min: list.facets.price.min, max: list.facets.price.max } : null,
  };
}
