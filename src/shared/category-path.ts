/** What a category path needs of a category: the client's menu tree and the server's catalog tree both have it. */
export interface CategoryNode {
  categoryId: number;
  parentCategoryId?: number | null;
  name: string;
}

/** How a category path reads wherever the shop shows one ("Spel › Nintendo › SNES"). */
export const CATEGORY_PATH_SEPARATOR = ' › ';

/**
 * The names from the top-level category down to `categoryId` (itself last). The walk stops after ten steps, so
 * a parent loop in bad data cannot hang a request.
 */
export function categoryNamePath(byId: ReadonlyMap<number, CategoryNode>, categoryId: number): string[] {
  const names: string[] = [];
  for (
    let node = byId.get(categoryId);
    node && names.length < 10;
    node = node.parentCategoryId == null ? undefined : byId.get(node.parentCategoryId)
  ) {
    names.unshift(node.name);
  }
  return names;
}
