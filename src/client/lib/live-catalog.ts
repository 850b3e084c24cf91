import { useEffect, useMemo } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import type { PriceFieldsFragment, StockFieldsFragment } from '../graphql/generated/operations';

/**
 * Stock and prices of the products this tab shows, as the live updates (features/live, loaded after the first
 * render) last heard them: each value with when it was current (`asOf`, so an answer fetched before an event that
 * arrived meanwhile never undoes it). Components read it on top of their loader data (useLiveProduct), and what
 * they show is what the tab asks the leader to watch. A product no component shows any more is forgotten, so a page
 * shown again starts from its fresh loader data.
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

/** A product a component shows, with the SKUs it shows of it. */
export interface WatchedProduct {
  productId: number;
  skuIds: number[];
}

const watched = new Map<number, { skuIds: Set<number>; count: number }>();
const watchListeners = new Set<() => void>();

/** Counts a component showing a product (with these SKUs) until the returned function is called. */
export function watchProduct(productId: number, skuIds: readonly number[]): () => void {
  const entry = watched.get(productId) ?? { skuIds: new Set<number>(), count: 0 };
  watched.set(productId, entry);
  entry.count += 1;
  for (const skuId of skuIds) entry.skuIds.add(skuId);
  for (const listener of [...watchListeners]) listener();
  return () => {
    entry.count -= 1;
    if (entry.count > 0 || watched.get(productId) !== entry) return;
    watched.delete(productId);
    const skus = new Map(liveCatalog.skus);
    for (const skuId of entry.skuIds) skus.delete(skuId);
    const products = new Map(liveCatalog.products);
    products.delete(productId);
    liveCatalog.skus = ref(skus);
    liveCatalog.products = ref(products);
    for (const listener of [...watchListeners]) listener();
  };
}

export function watchedProducts(): WatchedProduct[] {
  return [...watched].map(([productId, { skuIds }]) => ({ productId, skuIds: [...skuIds] }));
}

/** Hears each change of the products shown. Returns the way to stop hearing. */
export function onWatchedChange(listener: () => void): () => void {
  watchListeners.add(listener);
  return () => watchListeners.delete(listener);
}

const newer = <T,>(current: Stamped<T> | undefined, asOf: number) => !current || asOf >= current.asOf;

function put(map: Map<number, LiveEntry>, id: number, asOf: number, stock: StockFieldsFragment | undefined, price: PriceFieldsFragment | undefined): boolean {
  const current = map.get(id) ?? {};
  const next: LiveEntry = { ...current };
  if (stock && newer(current.stock, asOf)) next.stock = { value: stock, asOf };
  if (price && newer(current.price, asOf)) next.price = { value: price, asOf };
  if (next.stock === current.stock && next.price === current.price) return false;
  map.set(id, next);
  return true;
}

/** What one answer or event says of a product: its SKUs' stock (and prices), and its own summed stock and unit price when read. */
export interface ProductNews {
  productId: number;
  stock?: StockFieldsFragment;
  unitPrice?: PriceFieldsFragment;
  skus: readonly { skuId: number; stock: StockFieldsFragment; price?: PriceFieldsFragment }[];
}

/** Keeps what is newer than what this tab has of the products it shows (others are left out). */
export function takeNews(news: readonly ProductNews[], asOf: number): void {
  const skus = new Map(liveCatalog.skus);
  const products = new Map(liveCatalog.products);
  let changed = false;
  for (const product of news) {
    const shown = watched.get(product.productId);
    if (!shown) continue;
    changed = put(products, product.productId, asOf, product.stock, product.unitPrice) || changed;
    for (const sku of product.skus) if (shown.skuIds.has(sku.skuId)) changed = put(skus, sku.skuId, asOf, sku.stock, sku.price) || changed;
  }
  if (!changed) return;
  liveCatalog.skus = ref(skus);
  liveCatalog.products = ref(products);
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
  useEffect(
    () => watchProduct(product.productId, skuKey ? skuKey.split(',').map(Number) : []),
    [product.productId, skuKey],
  );
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
