import type { Queryable } from '../../db/client';
import { normalizeCode } from '../../../shared/codes';
import { insertDraw, lockUsableCard, returnDraw, selectSpentCardExists, selectUsableCard, selectUsableCodes, type GiftCard } from './gift-card-store';

export type { GiftCard };

/** What a card covers of a total: all of it when the balance reaches, else the balance. */
export function giftCardCoverMinor(balanceMinor: number, totalMinor: number): number {
  return Math.max(0, Math.min(balanceMinor, totalMinor));
}

/** Which of these codes are cards that can still pay for something (not expired, something left). */
export function usableGiftCardCodes(db: Queryable, codes: readonly string[]): Promise<string[]> {
  return selectUsableCodes(db, codes.map(normalizeCode));
}

/** The card when it can be spent now; null for an unknown, expired or used-up code. */
export function findUsableGiftCard(db: Queryable, code: string): Promise<GiftCard | null> {
  return selectUsableCard(db, normalizeCode(code));
}

/** Whether the code names a card that expired or has nothing left (a promo code refused is told so). */
export function isSpentGiftCard(db: Queryable, code: string): Promise<boolean> {
  return selectSpentCardExists(db, normalizeCode(code));
}

/**
 * The card locked for a draw, when it can still be spent. Taken last, after the cart and the SKUs (see
 * migration 0006): every transaction that locks a card locks only that one, and nothing after it.
 */
export function lockUsableGiftCard(tx: Queryable, code: string): Promise<GiftCard | null> {
  return lockUsableCard(tx, normalizeCode(code));
}

/**
 * Takes `amountMinor` off the (locked) card for an order and records the draw. The CHECKs on gift_cards keep
 * the balance from going below zero even if a caller got the amount wrong.
 */
export async function drawGiftCard(tx: Queryable, orderId: string, code: string, amountMinor: number): Promise<void> {
  if (amountMinor > 0) await insertDraw(tx, orderId, code, amountMinor);
}

/**
 * Gives an order's draw back to its card, once: a second call (a replayed failure, a cancel after a failed
 * payment) returns nothing. The card is locked last, as everywhere. Returns the amount given back (0 for none).
 */
export function returnGiftCardDraw(tx: Queryable, orderId: string): Promise<number> {
  return returnDraw(tx, orderId);
}
