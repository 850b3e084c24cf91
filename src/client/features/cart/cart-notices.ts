import { proxy, ref } from 'valtio';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { notify } from '../../lib/ui-state';

type Warning = CartFieldsFragment['warnings'][number];

/**
 * What the server last told about each line (stock lowered, line removed, price changed, pre-order), shown under
 * the line in the cart panel and the checkout; a removed line's note shows above the lines. The server tells
 * each correction once (it records what the shopper has been told), so these live in this page's memory only:
 * a reload neither keeps nor repeats them.
 */
export const cartNotices = proxy({ bySku: ref(new Map<number, readonly string[]>()) });

/**
 * Keeps the line notes of a cart answer's warnings. A refused code is about no line; a pre-order is said by the
 * line itself for as long as it holds.
 */
export function noteCartWarnings(warnings: readonly Warning[]): void {
  const about = warnings.filter((w): w is Warning & { skuId: number } => typeof w.skuId === 'number' && w.code !== 'OVERSELL_DELIVERY');
  if (about.length === 0) return;
  const next = new Map(cartNotices.bySku);
  for (const skuId of new Set(about.map((w) => w.skuId))) next.set(skuId, [...new Set(about.filter((w) => w.skuId === skuId).map((w) => w.message))]);
  cartNotices.bySku = ref(next);
}

/** The notes of lines the cart no longer holds (removed for want of stock), for above the lines. */
export function notesOfGoneLines(bySku: ReadonlyMap<number, readonly string[]>, cart: Pick<CartFieldsFragment, 'items'> | null): string[] {
  const held = new Set(cart?.items.map((item) => item.skuId) ?? []);
  return [...bySku].flatMap(([skuId, notes]) => (held.has(skuId) ? [] : notes));
}

/** The shopper changed the line: what was said about it before no longer holds. */
export function forgetLineNote(skuId: number): void {
  if (!cartNotices.bySku.has(skuId)) return;
  const next = new Map(cartNotices.bySku);
  next.delete(skuId);
  cartNotices.bySku = ref(next);
}

/**
 * Tells the warnings of an answer no change of this tab's waits for (a getCart, a change replayed later): in one
 * snackbar message, since it shows one at a time, and under the lines.
 */
export function tellCartWarnings(warnings: readonly Warning[]): void {
  const texts = [...new Set(warnings.map((w) => w.message))];
  if (texts.length > 0) notify(texts.join(' '), 'info');
  noteCartWarnings(warnings);
}
