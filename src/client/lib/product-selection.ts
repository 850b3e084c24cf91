import type { FilterInputType, ProductSelectionFieldsFragment } from '../graphql/generated/operations';

/**
 * A stored list's selection as the products query's filter: the one way /l/{alias} and a content page's
 * product-list widget turn what a list holds into products. An empty dimension is no filter.
 */
export function selectionFilter(selection: ProductSelectionFieldsFragment): FilterInputType {
  const ids = (values: readonly number[]) => (values.length ? [...values] : undefined);
  return {
    categoryIds: ids(selection.categoryIds),
    brandIds: ids(selection.brandIds),
    discountCampaignIds: ids(selection.discountCampaignIds),
    productIds: ids(selection.productIds),
    searchText: selection.searchText ?? undefined,
    sort: selection.sort ?? undefined,
  };
}
