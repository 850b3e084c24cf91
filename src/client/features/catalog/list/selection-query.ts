import type { FilterInputType } from '../../../graphql/generated/operations';
import { PAGE_SIZE, type ListSelection } from './selection';

/* What the list's loader makes of a selection for the API. */

/** Pages from..page clamped to the pages that exist (an old link may point past the end of a shorter list). */
export function clampPages(selection: ListSelection, count: number): ListSelection {
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (selection.page <= lastPage) return selection;
  const span = selection.page - selection.from;
  return { ...selection, page: lastPage, from: Math.max(1, lastPage - span) };
}

/** The filter part of the API input (no sort or paging: facets and count do not depend on them). */
export function selectionFilter(selection: ListSelection): FilterInputType {
  const filter: FilterInputType = {};
  if (selection.categories.length) filter.categoryIds = selection.categories;
  if (selection.brands.length) filter.brandIds = selection.brands;
  if (selection.campaigns.length) filter.discountCampaignIds = selection.campaigns;
  if (selection.skus.length) filter.skus = selection.skus;
  if (selection.price) {
    filter.price = {};
    if (selection.price.min !== null) filter.price.min = selection.price.min;
    if (selection.price.max !== null) filter.price.max = selection.price.max;
  }
  return filter;
}
