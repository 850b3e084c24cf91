import type { FacetValueFieldsFragment, ProductListFacetsQuery } from '../../../graphql/generated/operations';
import type { ListSelection, ValueDimension } from './selection';
import { CATEGORY_PATH_SEPARATOR, categoryNamePath, type CategoryNode } from '../../../../shared/category-path';

export type ApiFacets = ProductListFacetsQuery['products']['facets'];

export interface FacetOption {
  value: number | string;
  label: string;
  count: number;
  selected: boolean;
}

export interface FacetGroup {
  dimension: ValueDimension;
  options: FacetOption[];
}

/** Names of ids, for selected values a facet no longer lists. */
export type FacetLabels = Partial<Record<'categories' | 'brands' | 'campaigns', ReadonlyMap<number, string>>>;

export interface FacetOptions {
  /** Dimensions the list is defined by (a brand page has no brand filter). */
  hidden: readonly ValueDimension[];
  /** On a category page, only its subcategories can narrow it. */
  categoryScope: ReadonlySet<number> | null;
  labels: FacetLabels;
}

const apiFacet: Record<ValueDimension, keyof Omit<ApiFacets, '__typename' | 'price'>> = {
  categories: 'categories',
  brands: 'brands',
  campaigns: 'discountCampaigns',
  skus: 'skus',
};

export const FACET_ORDER: readonly ValueDimension[] = ['categories', 'brands', 'campaigns', 'skus'];

const valueOf = (dimension: ValueDimension, id: string): number | string => (dimension === 'skus' ? id : Number(id));

/**
 * Selected values whose count fell to zero (another filter excludes them all) are missing from the server's
 * facets; they must still be shown, checked, so the shopper can remove them.
 */
export function missingSelections(facets: ApiFacets, selection: ListSelection): ValueDimension[] {
  return FACET_ORDER.filter((dimension) => {
    const listed = new Set(facets[apiFacet[dimension]].map((v: FacetValueFieldsFragment) => valueOf(dimension, v.id)));
    return (selection[dimension] as (number | string)[]).some((v) => !listed.has(v));
  });
}

/** The filter groups a list shows: the server's counts, the shopper's ticks, and nothing that cannot narrow the list. */
export function facetGroups(facets: ApiFacets, selection: ListSelection, options: FacetOptions): FacetGroup[] {
  return FACET_ORDER.filter((dimension) => !options.hidden.includes(dimension)).flatMap((dimension) => {
    const selected = selection[dimension] as (number | string)[];
    const listed = facets[apiFacet[dimension]]
      .map((v) => ({ value: valueOf(dimension, v.id), label: v.label, count: v.count }))
      .filter((o) => dimension !== 'categories' || !options.categoryScope || options.categoryScope.has(o.value as number));
    const seen = new Set(listed.map((o) => o.value));
    const labels = dimension === 'skus' ? undefined : options.labels[dimension];
    const missing = selected
      .filter((v) => !seen.has(v))
      .map((v) => ({ value: v, label: typeof v === 'string' ? v : (labels?.get(v) ?? `#${v}`), count: 0 }));
    const all = [...listed, ...missing].map((o) => ({ ...o, selected: selected.includes(o.value) }));
    return all.length ? [{ dimension, options: all }] : [];
  });
}

/**
 * Category names repeat across the tree (a "Game Boy" under games and under consoles); such labels get
 * their top-level category added, or their whole path when even that does not tell them apart.
 */
export function distinctCategoryLabels(options: readonly FacetOption[], tree: readonly CategoryNode[]): FacetOption[] {
  const byId = new Map(tree.map((c) => [c.categoryId, c]));
  const pathOf = (id: number) => categoryNamePath(byId, id);
  const repeated = (list: readonly FacetOption[]) => {
    const seen = new Map<string, number>();
    for (const o of list) seen.set(o.label, (seen.get(o.label) ?? 0) + 1);
    return (o: FacetOption) => (seen.get(o.label) ?? 0) > 1;
  };
  const isRepeated = repeated(options);
  const withRoot = options.map((o) => {
    const path = pathOf(o.value as number);
    return isRepeated(o) && path.length > 1 ? { ...o, label: `${o.label} (${path[0]})` } : o;
  });
  const stillRepeated = repeated(withRoot);
  return withRoot.map((o) => {
    const path = pathOf(o.value as number);
    return stillRepeated(o) && path.length > 1 ? { ...o, label: path.join(CATEGORY_PATH_SEPARATOR) } : o;
  });
}
