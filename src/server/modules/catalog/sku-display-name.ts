/** What the shop knows when it names a SKU on its own. */
export interface SkuNaming {
  productId: number;
  /** The product's name in the language wanted; null when the product has none in it. */
  productName: string | null;
  /** The SKU's own name ('Komplett i kartong'); null when it has none in that language. */
  skuName: string | null;
  /** Whether the product is sold as more than one SKU. */
  hasSiblings: boolean;
}

/**
 * A SKU named where it stands without its product page (cart warnings, order lines): the product's name, with the
 * SKU's own name in parentheses when the product is sold as several SKUs, so the shopper knows which one is meant
 * ('Super Mario Bros. 3 (Komplett i kartong)'). A product's only SKU is just the product ('Tetris'). A product
 * without a name in the language is named by its id, never left blank.
 */
export function skuDisplayName({ productId, productName, skuName, hasSiblings }: SkuNaming): string {
  const product = productName ?? `#${productId}`;
  return hasSiblings && skuName ? `${product} (${skuName})` : product;
}
