import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { proxy, ref, subscribe } from 'valtio';
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

const subscribeToLiveCatalog = (onChange: () => void) => subscribe(liveCatalog, onChange);

/**
 * The product as the live updates last heard it: its loader data with newer stock and prices laid on (its own,
 * and each SKU's that the data has), the same object while nothing shown differs. A product of one SKU has that
 * SKU's stock. While it is shown, the tab asks the leader to watch it.
 * The component renders again only when what it shows of the product changes. The live updates' first catch-up
 * replaces the whole catalog with values mostly equal to the page's; every product card rendering again for it (as
 * a store's change, in one task) took 250-430 ms at 4x CPU on the home page.
 */
export function useLiveProduct<P extends LiveShape>(product: P): P {
  const skuKey = product.skus.map((sku) => sku.skuId).join(',');
  useEffect(() => showProduct(product.productId, skuKey ? skuKey.split(',').map(Number) : []), [product.productId, skuKey]);
  const last = useRef<{ product: P; skus: ReadonlyMap<number, LiveEntry>; products: ReadonlyMap<number, LiveEntry>; live: P } | null>(null);
  const read = useCallback((): P => {
    const { skus, products } = liveCatalog;
    const seen = last.current;
    if (seen?.product === product && seen.skus === skus && seen.products === products) return seen.live;
    const next = liveProduct(product, skus, products);
    // React asks again on every change of the catalog: the same object while this product's values are the same.
    const live = seen?.product === product && sameLiveValues(seen.live, next) ? seen.live : next;
    last.current = { product, skus, products, live };
    return live;
  }, [product]);
  return useSyncExternalStore(subscribeToLiveCatalog, read, () => product);
}

/** Whether two fragments of flat fields (stock, price) say the same. */
function sameFields<T extends object>(a: T | undefined, b: T | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function sameLiveValues(a: LiveShape, b: LiveShape): boolean {
  return (
    sameFields(a.stock, b.stock) &&
    sameFields(a.unitPrice, b.unitPrice) &&
    a.skus.length === b.skus.length &&
    a.skus.every((sku, i) => sku.skuId === b.skus[i]!.skuId && sameFields(sku.stock, b.skus[i]!.stock) && sameFields(sku.price, b.skus[i]!.price))
  );
}

/** The news laid on the page's product: a value equal to the page's keeps the page's object, and the product itself when nothing differs. */
export function liveProduct<P extends LiveShape>(product: P, skus: ReadonlyMap<number, LiveEntry>, products: ReadonlyMap<number, LiveEntry>): P {
  const own = products.get(product.productId);
  const only = product.skus.length === 1 ? skus.get(product.skus[0]!.skuId) : undefined;
  const stock = !only?.stock ? own?.stock : !own?.stock || only.stock.asOf >= own.stock.asOf ? only.stock : own.stock;
  const newer = <T extends object>(heard: Stamped<T> | undefined, shown: T): T => (heard && !sameFields(heard.value, shown) ? heard.value : shown);
  const liveStock = newer(stock, product.stock);
  const livePrice = newer(own?.price, product.unitPrice);
  let changed = liveStock !== product.stock || livePrice !== product.unitPrice;
  const liveSkus = product.skus.map((sku) => {
    const entry = skus.get(sku.skuId);
    const next = { ...sku };
    if (sku.stock) next.stock = newer(entry?.stock, sku.stock);
    if (sku.price) next.price = newer(entry?.price, sku.price);
    if (next.stock === sku.stock && next.price === sku.price) return sku;
    changed = true;
    return next;
  });
  if (!changed) return product;
  return { ...product, stock: liveStock, unitPrice: livePrice, skus: liveSkus };
}
