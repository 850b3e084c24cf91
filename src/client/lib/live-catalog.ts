import { useEffect, useMemo } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import type { PriceFieldsFragment, StockFieldsFragment } from '../graphql/generated/operations';

/**
 * Stock and prices of the products this tab shows, as the live updates (features/live, loaded after the first
 * render) last heard them: each value with when it was current (`asOf`, so an answer fetched before an event that
 * arrived meanwhile never undoes it). Components read it on top of their loader data (useLiveProduct), and what
 * they show is what the tab asks the leader to watch. Only the reading is here, in the pages' first JS; the writing
 * (features/live/catalog-news.ts) loads with the live updates.
 */
export interface Stamped<T> {
  value: T;
  asOf: number;
}

export interface LiveEntry {
  stock?: Stamped<StockFieldsFragment>;
  price?: Stamped<PriceFieldsFragment>;
}

/** By SKU id and by product id (a product's summed stock and its unit price). Replaced whole on every change. */
export const liveCatalog = proxy({
  skus: ref(new Map<number, LiveEntry>()),
  products: ref(new Map<number, LiveEntry>()),
});

/**
 * The products components show now: productId → the SKU ids shown of it and how many components show it. The live
 * updates (loaded later) read it, hear its changes, and forget what they hold of a product no longer shown.
 */
export const shownProducts = new Map<number, { skuIds: Set<number>; count: number }>();
export const shownListeners = new Set<() => void>();

/** Counts a component showing a product (with these SKUs) until the returned function is called. */
export function showProduct(productId: number, skuIds: readonly number[]): () => void {
  const entry = shownProducts.get(productId) ?? { skuIds: new Set<number>(), count: 0 };
  shownProducts.set(productId, entry);
  entry.count += 1;
  for (const skuId of skuIds) entry.skuIds.add(skuId);
  shownListeners.forEach((listener) => listener());
  return () => {
    if (--entry.count > 0 || shownProducts.get(productId) !== entry) return;
    shownProducts.delete(productId);
    shownListeners.forEach((listener) => listener());
  };
}

interface LiveShape {
  productId: number;
  stock: StockFieldsFragment;
  unitPrice: PriceFieldsFragment;
  skus: readonly { skuId: number; stock?: StockFieldsFragment; price?: PriceFieldsFragment }[];
}

/**
 * The product as the live updates last heard it: its loader data with newer stock and prices laid on (its own,
 * and each SKU's that the data has), the same object while nothing is newer. A product of one SKU has that SKU's
 * stock. While it is shown, the tab asks the leader to watch it.
 */
export function useLiveProduct<P extends LiveShape>(product: P): P {
  const { skus, products } = useSnapshot(liveCatalog);
  const skuKey = product.skus.map((sku) => sku.skuId).join(',');
  useEffect(() => showProduct(product.productId, skuKey ? skuKey.split(',').map(Number) : []), [product.productId, skuKey]);
  return useMemo(() => liveProduct(product, skus as Map<number, LiveEntry>, products as Map<number, LiveEntry>), [product, skus, products]);
}

export function liveProduct<P extends LiveShape>(product: P, skus: ReadonlyMap<number, LiveEntry>, products: ReadonlyMap<number, LiveEntry>): P {
  const own = products.get(product.productId);
  const only = product.skus.length === 1 ? skus.get(product.skus[0]!.skuId) : undefined;
  const stock = !only?.stock ? own?.stock : !own?.stock || only.stock.asOf >= own.stock.asOf ? only.stock : own.stock;
  let changed = Boolean(stock || own?.price);
  const liveSkus = product.skus.map((sku) => {
    const entry = skus.get(sku.skuId);
    const next = { ...sku };
    if (entry?.stock && sku.stock) next.stock = entry.stock.value;
    if (entry?.price && sku.price) next.price = entry.price.value;
    if (next.stock === sku.stock && next.price === sku.price) return sku;
    changed = true;
    return next;
  });
  if (!changed) return product;
  return { ...product, stock: stock?.value ?? product.stock, unitPrice: own?.price?.value ?? product.unitPrice, skus: liveSkus };
}
