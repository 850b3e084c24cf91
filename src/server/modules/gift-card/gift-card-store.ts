import type { Queryable } from '../../db/client';
/** A gift card (table gift_cards) as a cart or an order sees it. */
export interface GiftCard {
  code: string;
  balanceMinor: number;
  /** ISO 8601 (UTC), or null for a card that never expires. */
  expiresAt: string | null;
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

export async function selectUsableCodes(db: Queryable, codes: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ code: string }>(`SELECT code FROM gift_cards WHERE code = ANY($1) AND ${usable} ORDER BY code`, [codes]);
  return rows.map((r) => r.code);
}

export async function selectUsableCard(db: Queryable, code: string): Promise<GiftCard | null> {
  const [row] = await db.query<GiftCardRow>(`SELECT ${columns} FROM gift_cards WHERE code = $1 AND ${usable}`, [code]);
  return row ? toGiftCard(row) : null;
}

/** Whether the code names a card that cannot be spent now (expired or used up). */
export async function selectSpentCardExists(db: Queryable, code: string): Promise<boolean> {
  const rows = await db.query<{ code: string }>(`SELECT code FROM gift_cards WHERE code = $1 AND NOT (${usable})`, [code]);
  return rows.length > 0;
}

/** Locks the card's row whether or not it can be spent; null when it cannot. */
export async function lockUsableCard(tx: Queryable, code: string): Promise<GiftCard | null> {
  const [row] = await tx.query<GiftCardRow & { usable: boolean }>(`SELECT ${columns}, ${usable} AS usable FROM gift_cards WHERE code = $1 FOR UPDATE`, [code]);
  return row?.usable ? toGiftCard(row) : null;
}

/** Takes the amount off the card and records the draw for the order. */
export async function insertDraw(tx: Queryable, orderId: string, code: string, amountMinor: number): Promise<void> {
  await tx.query('UPDATE gift_cards SET balance_minor = balance_minor - $2, updated_at = now() WHERE code = $1', [code, amountMinor]);
  await tx.query('INSERT INTO gift_card_draws (order_id, code, amount_minor) VALUES ($1, $2, $3)', [orderId, code, amountMinor]);
}

/**
 * Marks the order's draw returned and puts its amount back on the card, in the statement that finds it, so it
 * happens once. The card row is locked by the UPDATE. The amount given back, 0 when there was none.
 */
export async function returnDraw(tx: Queryable, orderId: string): Promise<number> {
  const [draw] = await tx.query<{ code: string; amount_minor: number }>(
    'UPDATE gift_card_draws SET returned_at = now() WHERE order_id = $1 AND returned_at IS NULL RETURNING code, amount_minor',
    [orderId],
  );
  if (!draw) return 0;
  await tx.query('UPDATE gift_cards SET balance_minor = balance_minor + $2, updated_at = now() WHERE code = $1', [draw.code, draw.amount_minor]);
  return draw.amount_minor;
}
