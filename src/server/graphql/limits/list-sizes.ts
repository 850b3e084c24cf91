import { Kind, type FieldNode, type ValueNode } from 'graphql';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RELATED_PRODUCTS,
  DEFAULT_SEARCH_SUGGESTIONS,
  MAX_PAGE_SIZE,
  MAX_RELATED_PRODUCTS,
  MAX_FILTER_SKU_NAMES,
  MAX_SEARCH_SUGGESTIONS,
} from '../../modules/catalog';
import { MAX_CART_LINES } from '../../modules/cart';

/**
 * What the cost limit assumes for a list whose length no argument sets (skus of a product, menu items, facet
 * values, cart lines): data the shop owner controls, small in practice.
 */
const DEFAULT_LIST_SIZE = 10;

interface SizedBy {
  /** Whose arguments set the length: the list field's own, or those of the field it sits in. */
  from: 'field' | 'parent';
  /** The argument, then input fields within it: ['filter', 'limit']. */
  argument: readonly string[];
  default: number;
  max: number;
}

/** Lists whose length the shop bounds well above DEFAULT_LIST_SIZE, by `Type.field`. */
const longLists: Record<string, number> = {
  'Cart.items': MAX_CART_LINES,
  'Query.skuNameTranslations': MAX_FILTER_SKU_NAMES,
};

/** Lists whose length a client chooses, by `Type.field`, with the same bounds the resolvers clamp to. */
const sizedLists: Record<string, SizedBy> = {
  'Product.relatedProducts': { from: 'field', argument: ['limit'], default: DEFAULT_RELATED_PRODUCTS, max: MAX_RELATED_PRODUCTS },
  'ProductListResult.products': { from: 'parent', argument: ['filter', 'limit'], default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
  'SearchSuggestions.products': { from: 'parent', argument: ['limit'], default: DEFAULT_SEARCH_SUGGESTIONS, max: MAX_SEARCH_SUGGESTIONS },
};

/** An Int written in the document, 'variable' when a variable stands anywhere on the way, else undefined. */
function literalInt(value: ValueNode | undefined, path: readonly string[]): number | 'variable' | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.VARIABLE) return 'variable';
  if (path.length === 0) return value.kind === Kind.INT ? Number.parseInt(value.value, 10) : undefined;
  if (value.kind !== Kind.OBJECT) return undefined;
  const [name, ...rest] = path;
  return literalInt(value.fields.find((f) => f.name.value === name)?.value, rest);
}

/**
 * The most items a list field can answer. Variables are not known when a document is validated (and Yoga
 * caches validation per document), so a limit given by a variable counts as the largest the server allows.
 */
export function listSize(typeName: string, field: FieldNode, parent: FieldNode | undefined): number {
  const key = `${typeName}.${field.name.value}`;
  const sized = sizedLists[key];
  if (!sized) return longLists[key] ?? DEFAULT_LIST_SIZE;
  const [argument, ...path] = sized.argument;
  const owner = sized.from === 'field' ? field : parent;
  const given = literalInt(owner?.arguments?.find((a) => a.name.value === argument)?.value, path);
  if (given === 'variable') return sized.max;
  return Math.min(sized.max, Math.max(1, given ?? sized.default));
}
