import type { Queryable } from '../../db/client';

/** A gift card (table gift_cards) as a cart or an order sees it. */
export interface GiftCard {
  code: string;
  balanceMinor: number;
  /** ISO 8601 (UTC), or null for a card that never expires. */
  expiresAt: string | null;
}

export const MAX_GIFT_CARD_CODE_LENGTH = 64;

/** Like promo codes: case-insensitive and forgiving about the spaces a paste brings along. */
export function normalizeGiftCardCode(input: string): string {
  return input.trim().toUpperCase();
}

const columns = `code, balance_minor, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at`;
// Spendable: not expired and something left on it. One definition for reads and for the locked draw.
const usable = 'balance_minor > 0 AND (expires_at IS NULL OR expires_at > now())';

interface GiftCardRow {
  code: string;
  balance_minor: number;
  expires_at: string | null;
}

const toGiftCard = (r: GiftCardRow): GiftCard => ({ code: r.code, balanceMinor: r.balance_minor, expiresAt: r.expires_at });

/** Which of these codes are cards that can still pay for something. */
export async function usableGiftCardCodes(db: Queryable, codes: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ code: string }>(`SELECT code FROM gift_cards WHERE code = ANY($1) AND ${usable} ORDER BY code`, [codes.map(normalizeGiftCardCode)]);
  return rows.map((r) => r.code);
}

/** The card when it can be spent now; null for an unknown, expired or used-up code. */
export async function findUsableGiftCard(db: Queryable, code: string): Promise<GiftCard | null> {
  const [row] = await db.query<GiftCardRow>(`SELECT ${columns} FROM gift_cards WHERE code = $1 AND ${usable}`, [normalizeGiftCardCode(code)]);
  return row ? toGiftCard(row) : null;
}

/**
 * The card locked for a draw, when it can still be spent. Taken last, after the cart and the SKUs (see
 * migration 0006): every transaction that locks a card locks only that one, and nothing after it.
 */
export async function lockUsableGiftCard(tx: Queryable, code: string): Promise<GiftCard | null> {
  const [row] = await tx.query<GiftCardRow & { usable: boolean }>(
    `SELECT ${columns}, ${usable} AS usable FROM gift_cards WHERE code = $1 FOR UPDATE`,
    [normalizeGiftCardCode(code)],
  );
  return row?.usable ? toGiftCard(row) : null;
}

/** What a card covers of a total: all of it when the balance reaches, else the balance. */
export function giftCardCoverMinor(balanceMinor: number, totalMinor: number): number {
  return Math.max(0, Math.min(balanceMinor, totalMinor));
}

/**
 * Takes `amountMinor` off the (locked) card for an order and records the draw. The CHECKs on gift_cards keep
 * the balance from going below zero even if a caller got the amount wrong.
 */
export async function drawGiftCard(tx: Queryable, orderId: string, code: string, amountMinor: number): Promise<void> {
  if (amountMinor <= 0) return;
  await tx.query('UPDATE gift_cards SET balance_minor = balance_minor - $2, updated_at = now() WHERE code = $1', [code, amountMinor]);
  await tx.query('INSERT INTO gift_card_draws (order_id, code, amount_minor) VALUES ($1, $2, $3)', [orderId, code, amountMinor]);
}

/**
 * Gives an order's draw back to its card, once: the draw is marked returned in the same statement that finds
 * it, so a second call (a replayed failure, a cancel after a failed payment) returns nothing. The card row is
 * locked by the UPDATE, last, as everywhere. Returns the amount given back (0 when there was none).
 */
export async function returnGiftCardDraw(tx: Queryable, orderId: string): Promise<number> {
  const [draw] = await tx.query<{ code: string; amount_minor: number }>(
    'UPDATE gift_card_draws SET returned_at = now() WHERE order_id = $1 AND returned_at IS NULL RETURNING code, amount_minor',
    [orderId],
  );
  if (!draw) return 0;
  await tx.query('UPDATE gift_cards SET balance_minor = balance_minor + $2, updated_at = now() WHERE code = $1', [draw.code, draw.amount_minor]);
  return draw.amount_minor;
}
