import type { Queryable } from '../../db/client';
import { deleteOldIdempotencyKeys, deleteStaleGuestCarts, RETENTION_BATCH } from './cart-store';

/** Runs a batch delete until a batch comes back short; answers how many rows went in all. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < RETENTION_BATCH) return total;
  }
}

/**
 * Forgets what the cart keeps only for a while: guest carts left empty since `emptyBefore` or untouched since
 * `untouchedBefore` (a customer's own cart stays with the account), and replay keys older than `keysBefore`.
 */
export async function deleteStaleCartData(
  db: Queryable,
  { emptyBefore, untouchedBefore, keysBefore }: { emptyBefore: Date; untouchedBefore: Date; keysBefore: Date },
): Promise<{ guestCarts: number; idempotencyKeys: number }> {
  const guestCarts = await inBatches(() => deleteStaleGuestCarts(db, emptyBefore, untouchedBefore));
  const idempotencyKeys = await inBatches(() => deleteOldIdempotencyKeys(db, keysBefore));
  return { guestCarts, idempotencyKeys };
}
