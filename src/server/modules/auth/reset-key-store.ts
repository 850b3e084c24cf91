import type { Queryable } from '../../db/client';

export async function insertResetKey(db: Queryable, key: { keyHash: string; customerId: number; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO password_reset_keys (key_hash, customer_id, expires_at) VALUES ($1, $2, $3)', [key.keyHash, key.customerId, key.expiresAt]);
}

/** The customer of a key that is neither used nor expired, without taking it; null otherwise. */
export async function findLiveResetKey(db: Queryable, keyHash: string, now: Date): Promise<number | null> {
  const [row] = await db.query<{ customer_id: number }>('SELECT customer_id FROM password_reset_keys WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2', [keyHash, now]);
  return row?.customer_id ?? null;
}

/**
 * Marks the key used and answers its customer, in one statement so two requests with the same key cannot both
 * succeed; null when there is no such key or it is used or expired.
 */
export async function takeResetKey(db: Queryable, keyHash: string, now: Date): Promise<number | null> {
  const [row] = await db.query<{ customer_id: number }>(
    `UPDATE password_reset_keys SET used_at = $2
     WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id`,
    [keyHash, now],
  );
  return row?.customer_id ?? null;
}

/** Marks every unused key of the customer used: once the password changed, an older reset link must not work. */
export async function useCustomerResetKeys(db: Queryable, customerId: number, now: Date): Promise<void> {
  await db.query('UPDATE password_reset_keys SET used_at = $2 WHERE customer_id = $1 AND used_at IS NULL', [customerId, now]);
}

/** Deletes reset keys used or expired before `before`: a link naming one is refused either way. */
export async function deleteSpentResetKeys(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM password_reset_keys WHERE used_at < $1 OR expires_at < $1 RETURNING 1', [before]);
  return rows.length;
}
