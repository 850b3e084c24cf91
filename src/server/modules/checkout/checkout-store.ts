import type { Queryable } from '../../db/client';
import { emptyCheckout, fromStored } from './fields';
import type { CheckoutFields } from './models';

export async function loadCheckout(db: Queryable, cartId: string): Promise<CheckoutFields> {
  const [row] = await db.query<{ fields: unknown }>('SELECT fields FROM checkouts WHERE cart_id = $1', [cartId]);
  return row ? fromStored(row.fields) : emptyCheckout();
}

export async function saveCheckout(tx: Queryable, cartId: string, fields: CheckoutFields): Promise<void> {
  await tx.query(
    `INSERT INTO checkouts (cart_id, fields) VALUES ($1, $2::jsonb)
     ON CONFLICT (cart_id) DO UPDATE SET fields = EXCLUDED.fields, updated_at = now()`,
    [cartId, JSON.stringify(fields)],
  );
}
