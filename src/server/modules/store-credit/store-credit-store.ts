import type { Queryable } from '../../db/client';

/** What a movement is (column kind): an admin's booking, an order's draw, or that draw given back. */
export type CreditMovementKind = 'ADMIN' | 'ORDER' | 'ORDER_RETURN';

/** One change to a customer's store credit, öre inc VAT, with the balance it left. */
export interface CreditMovementRow {
  kind: CreditMovementKind;
  amountMinor: number;
  /** The admin's text (ADMIN); the order kinds are worded when listed. */
  description: string;
  orderId: string | null;
  /** ISO 8601 (UTC). */
  createdAt: string;
  balanceAfterMinor: number;
}

/**
 * The movements, newest first, each with the balance after it. Movements of one customer are written one at a
 * time under the lock on their balance row, so their id order is the order they happened in.
 */
export async function selectMovements(db: Queryable, customerId: number): Promise<CreditMovementRow[]> {
  const rows = await db.query<{ kind: CreditMovementKind; amount_minor: number; description: string; order_id: string | null; created_at: string; balance_after: number }>(
    `SELECT kind, amount_minor, description, order_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
       (sum(amount_minor) OVER (ORDER BY movement_id))::int AS balance_after
     FROM customer_credit_movements WHERE customer_id = $1 ORDER BY movement_id DESC`,
    [customerId],
  );
  return rows.map((r) => ({
    kind: r.kind,
    amountMinor: r.amount_minor,
    description: r.description,
    orderId: r.order_id,
    createdAt: r.created_at,
    balanceAfterMinor: r.balance_after,
  }));
}

export async function selectBalance(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db.query<{ balance_minor: number }>('SELECT balance_minor FROM customer_credit_balances WHERE customer_id = $1', [customerId]);
  return row?.balance_minor ?? 0;
}

/** Locks the customer's balance row (creating it at 0 first when asked) and answers the balance; 0 when none. */
export async function lockBalance(tx: Queryable, customerId: number, create: boolean): Promise<number> {
  if (create) {
    await tx.query('INSERT INTO customer_credit_balances (customer_id, balance_minor) VALUES ($1, 0) ON CONFLICT (customer_id) DO NOTHING', [customerId]);
  }
  const [row] = await tx.query<{ balance_minor: number }>('SELECT balance_minor FROM customer_credit_balances WHERE customer_id = $1 FOR UPDATE', [customerId]);
  return row?.balance_minor ?? 0;
}

/** Adds the movement and moves the (locked) balance by its amount; the balance's CHECK refuses going below zero. */
export async function insertMovement(
  tx: Queryable,
  customerId: number,
  movement: { kind: CreditMovementKind; amountMinor: number; description: string; orderId: string | null },
): Promise<void> {
  await tx.query('UPDATE customer_credit_balances SET balance_minor = balance_minor + $2, updated_at = now() WHERE customer_id = $1', [
    customerId,
    movement.amountMinor,
  ]);
  await tx.query('INSERT INTO customer_credit_movements (customer_id, amount_minor, description, kind, order_id) VALUES ($1, $2, $3, $4, $5)', [
    customerId,
    movement.amountMinor,
    movement.description,
    movement.kind,
    movement.orderId,
  ]);
}

/** The order's draw that has not been given back yet: whose balance and how much (positive öre); null for none. */
export async function selectUnreturnedDraw(tx: Queryable, orderId: string): Promise<{ customerId: number; amountMinor: number } | null> {
  const [row] = await tx.query<{ customer_id: number; amount_minor: number }>(
    `SELECT customer_id, -amount_minor AS amount_minor FROM customer_credit_movements d
     WHERE d.order_id = $1 AND d.kind = 'ORDER'
       AND NOT EXISTS (SELECT 1 FROM customer_credit_movements r WHERE r.order_id = $1 AND r.kind = 'ORDER_RETURN')`,
    [orderId],
  );
  return row ? { customerId: row.customer_id, amountMinor: row.amount_minor } : null;
}
