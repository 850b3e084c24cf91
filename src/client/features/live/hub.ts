/**
 * What the tabs of this browser show, gathered by the leading tab: each tab's watch set (the products its page
 * shows, the SKUs of its cart, its cart and language), and their union, which the leader's socket subscribes to.
 */

/** A product a tab shows: the SKUs it shows of it, and whether it shows the product's own (summed) stock. */
export interface WatchedProductOfTab {
  productId: number;
  skuIds: number[];
  summary: boolean;
}

/** What one tab asks the leader to watch. */
export interface WatchSet {
  channelId: string;
  languageId: string;
  products: WatchedProductOfTab[];
  /** The tab's cart id ('' while it has none). */
  cart: string;
}

/** The union of the open tabs' watch sets. */
export interface Union {
  /** Every SKU shown anywhere, ascending. */
  skuIds: number[];
  /** Every product shown anywhere, ascending. */
  productIds: number[];
  /** Products with several SKUs whose summed stock a tab shows: a SKU's event says nothing of the sum, which is read again. */
  summed: Set<number>;
  /** Each cart once per channel (its texts and prices are in the channel's language). */
  carts: { id: string; channelId: string; languageId: string }[];
  /** The products shown in each channel, ascending: read again in that channel's language. */
  channels: { channelId: string; languageId: string; productIds: number[] }[];
}

export const emptyUnion = (): Union => ({ skuIds: [], productIds: [], summed: new Set(), carts: [], channels: [] });

const ascending = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

export class WatchHub {
  private readonly sets = new Map<string, WatchSet>();

  /** A tab's set, replacing what it said before. */
  put(tabId: string, set: WatchSet): void {
    this.sets.set(tabId, set);
  }

  /** The tab is gone (closed, frozen, in the back/forward cache): it shows nothing until it says so again. */
  drop(tabId: string): void {
    this.sets.delete(tabId);
  }

  tabs(): string[] {
    return [...this.sets.keys()];
  }

  union(): Union {
    const sets = [...this.sets.values()];
    const skus = new Map<number, Set<number>>();
    const summary = new Set<number>();
    const carts = new Map<string, Union['carts'][number]>();
    const channels = new Map<string, { channelId: string; languageId: string; productIds: Set<number> }>();
    for (const set of sets) {
      const channelKey = `${set.channelId}|${set.languageId}`;
      const channel = channels.get(channelKey) ?? { channelId: set.channelId, languageId: set.languageId, productIds: new Set<number>() };
      channels.set(channelKey, channel);
      for (const product of set.products) {
        const known = skus.get(product.productId) ?? new Set<number>();
        skus.set(product.productId, known);
        for (const skuId of product.skuIds) known.add(skuId);
        if (product.summary) summary.add(product.productId);
        channel.productIds.add(product.productId);
      }
      if (set.cart) carts.set(`${set.cart}|${channelKey}`, { id: set.cart, channelId: set.channelId, languageId: set.languageId });
    }
    return {
      skuIds: ascending([...skus.values()].flatMap((ids) => [...ids])),
      productIds: ascending(skus.keys()),
      summed: new Set([...summary].filter((productId) => (skus.get(productId)?.size ?? 0) > 1)),
      carts: [...carts.values()].sort((a, b) => `${a.id}|${a.languageId}`.localeCompare(`${b.id}|${b.languageId}`)),
      channels: [...channels.values()]
        .filter((channel) => channel.productIds.size > 0)
        .map((channel) => ({ channelId: channel.channelId, languageId: channel.languageId, productIds: ascending(channel.productIds) })),
    };
  }
}

/** The products of `next` that `before` did not have: shown since, and so read once now (a change may have come before their subscription). */
export function addedProducts(before: Union, next: Union): number[] {
  const had = new Set(before.productIds);
  return next.productIds.filter((productId) => !had.has(productId));
}
