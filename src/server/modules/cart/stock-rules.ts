/** How much of a SKU a cart line may hold. Pure: the cart session turns the notices into shopper texts. */

/** One cart holds at most this many lines: every read reprices and checks each, so a cart must stay small. */
export const MAX_CART_LINES = 100;

export interface StockFacts {
  stock: number;
  oversellable: boolean;
  /** Static SKUs (made to order, sold by weight) are never short: stock does not limit them. */
  isStatic: boolean;
}

/**
 * Units of a line beyond what is on the shelf: on an oversellable SKU they are pre-ordered and ship when more
 * arrives, so delivery may take longer. Static SKUs are never short; other SKUs are capped at stock, so only
 * oversellable lines have any.
 */
export function unitsBeyondStock(quantity: number, facts: Pick<StockFacts, 'stock' | 'isStatic'>): number {
  return facts.isStatic ? 0 : Math.max(0, quantity - Math.max(facts.stock, 0));
}

export type StockNotice =
  | { kind: 'stockLimit'; stock: number }
  | { kind: 'alreadyAtStock'; quantity: number }
  | { kind: 'outOfStock' }
  | { kind: 'oversell' }
  | { kind: 'stockChanged'; stock: number }
  | { kind: 'itemRemoved' };

export interface QuantityDecision {
  /** The line's quantity afterwards; 0 means no line. */
  quantity: number;
  notice: StockNotice | null;
}

/**
 * The quantity a line gets when the shopper wants `wanted` of it and it holds `current` now (addToCart passes
 * current + asked, updateCartItem the new quantity). Stock caps it unless the SKU is static or oversellable;
 * going beyond stock on an oversellable SKU is allowed but delivery may take longer.
 */
export function decideQuantity(current: number, wanted: number, facts: StockFacts): QuantityDecision {
  if (facts.isStatic) return { quantity: wanted, notice: null };
  if (facts.oversellable) {
    const beyondStock = wanted > facts.stock && wanted > current;
    return { quantity: wanted, notice: beyondStock ? { kind: 'oversell' } : null };
  }
  if (wanted <= facts.stock) return { quantity: wanted, notice: null };
  if (facts.stock <= 0) return { quantity: 0, notice: { kind: 'outOfStock' } };
  if (current >= facts.stock) return { quantity: current, notice: { kind: 'alreadyAtStock', quantity: current } };
  return { quantity: facts.stock, notice: { kind: 'stockLimit', stock: facts.stock } };
}

/**
 * A line read again after stock moved. Stock that fell below the quantity lowers it (or removes the line at
 * 0); on an oversellable SKU the quantity stays and the shopper hears once that delivery may take longer.
 * `seenStock` is the stock recorded when the line last changed or was last read.
 */
export function reconcileStock(quantity: number, seenStock: number | null, facts: StockFacts): QuantityDecision {
  if (facts.isStatic || facts.stock >= quantity) return { quantity, notice: null };
  if (facts.oversellable) {
    const fellBelow = seenStock === null || seenStock >= quantity;
    return { quantity, notice: fellBelow ? { kind: 'oversell' } : null };
  }
  if (facts.stock <= 0) return { quantity: 0, notice: { kind: 'itemRemoved' } };
  return { quantity: facts.stock, notice: { kind: 'stockChanged', stock: facts.stock } };
}
