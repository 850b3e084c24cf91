import type { ProductListSelectionInput, ProductListTranslationInput } from '../../generated/api-types';
import { invalidInput } from '../../domain-error';
import { languageIds } from '../../../shared/locales';
import type { ProductListWrite } from './content-store';
import { ALIAS, MAX_ALIAS, byLanguage, shortText } from './widget-input';

/** More ids than a list page shows in a few screens is a search or a category, not a hand-picked list. */
export const MAX_LIST_PRODUCTS = 100;
const MAX_SEARCH_TEXT = 100;

const id = (what: string, value: number | null | undefined): number | null => {
  if (value == null) return null;
  if (!Number.isSafeInteger(value) || value < 1) throw invalidInput(`${what} must be a positive id`);
  return value;
};

/**
 * A stored list to save from the admin's input (checked the way a content page is: widget-input.ts), or an
 * invalid-input error naming what is wrong. Whether the ids exist is the store's question (missingListReferences).
 */
export function productListWrite(
  listId: number | null | undefined,
  alias: string,
  translations: readonly ProductListTranslationInput[],
  selection: ProductListSelectionInput,
): ProductListWrite {
  if (!ALIAS.test(alias) || alias.length > MAX_ALIAS) throw invalidInput(`alias ${JSON.stringify(alias)}: lower-case letters, digits and single hyphens`);
  const names = byLanguage('translations', translations);
  const productIds = selection.productIds ?? [];
  if (productIds.length > MAX_LIST_PRODUCTS) throw invalidInput(`A list holds at most ${MAX_LIST_PRODUCTS} productIds`);
  productIds.forEach((p) => id('productIds', p));
  if (new Set(productIds).size !== productIds.length) throw invalidInput('productIds names a product twice');
  const searchText = (selection.searchText ?? '').trim() || null;
  if (searchText && searchText.length > MAX_SEARCH_TEXT) throw invalidInput(`searchText is longer than ${MAX_SEARCH_TEXT} characters`);
  const list: ProductListWrite = {
    listId: id('listId', listId),
    alias,
    categoryId: id('categoryId', selection.categoryId),
    brandId: id('brandId', selection.brandId),
    campaignId: id('discountCampaignId', selection.discountCampaignId),
    productIds,
    searchText,
    translations: languageIds.map((languageId) => ({
      languageId,
      name: shortText('name', names[languageId].name),
      description: shortText('description', names[languageId].description, false),
    })),
  };
  // A list without any of them would be every product: that page is /allt already.
  if (list.categoryId === null && list.brandId === null && list.campaignId === null && productIds.length === 0 && searchText === null) {
    throw invalidInput('selection needs a categoryId, brandId, discountCampaignId, productIds or searchText');
  }
  return list;
}
