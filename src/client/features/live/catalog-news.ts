import { ref } from 'valtio';
import type { PriceFieldsFragment, StockFieldsFragment } from '../../graphql/generated/operations';
import { liveCatalog, shownListeners, shownProducts, type LiveEntry, type Stamped } from '../../lib/live-catalog';

/**
 * The writing side of lib/live-catalog.ts, loaded with the live updates: the products the page shows, the news
 * kept of them, and the news forgotten once nothing shows a product (a page shown again starts from its fresh
 * loader data, not from what was heard before it was left).
 */

/** A product a component shows, with the SKUs it shows of it. */
export interface WatchedProduct {
  productId: number;
  skuIds: number[];
}

export function watchedProducts(): WatchedProduct[] {
  return [...shownProducts].map(([productId, { skuIds }]) => ({ productId, skuIds: [...skuIds] }));
}

/** Hears each change of the products shown, and forgets the news of those no longer shown. Returns the way to stop. */
export function onWatchedChange(listener: () => void): () => void {
  const heard = () => {
    forgetUnshown();
    listener();
  };
  shownListeners.add(heard);
  return () => shownListeners.delete(heard);
}

function forgetUnshown(): void {
  const shownSkus = new Set([...shownProducts.values()].flatMap(({ skuIds }) => [...skuIds]));
  const skus = new Map([...liveCatalog.skus].filter(([skuId]) => shownSkus.has(skuId)));
  const products = new Map([...liveCatalog.products].filter(([productId]) => shownProducts.has(productId)));
  if (skus.size < liveCatalog.skus.size) liveCatalog.skus = ref(skus);
  if (products.size < liveCatalog.products.size) liveCatalog.products = ref(products);
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
    const shown = shownProducts.get(product.productId);
    if (!shown) continue;
    changed = put(products, product.productId, asOf, product.stock, product.unitPrice) || changed;
    for (const sku of product.skus) if (shown.skuIds.has(sku.skuId)) changed = put(skus, sku.skuId, asOf, sku.stock, sku.price) || changed;
  }
  if (!changed) return;
  liveCatalog.skus = ref(skus);
  liveCatalog.products = ref(products);
}
