import type { Stock, StockStatus } from '../../generated/api-types';

/** What a SKU's row says about its stock. */
export interface StockFacts {
  stock: number;
  oversellable: boolean;
  isStatic: boolean;
  incomingDate: string | null;
}

/** 'In stock' means five or more; with fewer the shopper is shown how many are left. */
export const IN_STOCK_THRESHOLD = 5;

function statusOf(total: number, oversellable: boolean, isStatic: boolean, incoming: string | null): StockStatus {
  if (isStatic) return 'STATIC';
  if (total >= IN_STOCK_THRESHOLD) return 'IN_STOCK';
  if (total > 0) return 'FEW_LEFT';
  if (oversellable) return 'OVERSELLABLE';
  if (incoming) return 'INCOMING';
  return 'OUT_OF_STOCK';
}

/** One SKU's stock, or a product's stock summed over its SKUs. */
export function stockOf(skus: readonly StockFacts[]): Stock {
  const totalStock = skus.reduce((sum, s) => sum + s.stock, 0);
  const isStatic = skus.some((s) => s.isStatic);
  const oversellable = skus.some((s) => s.oversellable);
  const incoming =
    skus
      .map((s) => s.incomingDate)
      .filter((d): d is string => Boolean(d))
      .sort()[0] ?? null;
  return {
    inStock: isStatic || totalStock > 0,
    oversellable,
    totalStock,
    static: isStatic,
    incoming,
    status: statusOf(totalStock, oversellable, isStatic, incoming),
  };
}
