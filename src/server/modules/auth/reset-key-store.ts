import type { Queryable } from '../../db/client';

/**
 * What a mailed key may do (migration 0019): set a new password, confirm a new sign-in address, or undo an address
 * change. Every lookup names the purpose, so a key mailed for one can never be used for another.
 */
export type KeyPurpose = 'reset' | 'confirm-email' | 'undo-email';

/** A live key's customer, and the address it concerns (null for a reset key). */
export interface TakenKey {
  customerId: number;
  email: string | null;
}

export async function insertResetKey(
  db: Queryable,
  key: { keyHash: string; customerId: number; expiresAt: Date; purpose?: KeyPurpose; email?: string | null },
): Promise<void> {
  await db.query('INSERT INTO password_reset_keys (key_hash, customer_id, expires_at, purpose, email) VALUES ($1, $2, $3, $4, $5)', [
    key.keyHash,
    key.customerId,
    key.expiresAt,
    key.purpose ?? 'reset',
    key.email ?? null,
  ]);
}

/** The customer of a key of this purpose that is neither used nor expired, without taking it; null otherwise. */
export async function findLiveResetKey(db: Queryable, keyHash: string, now: Date, purpose: KeyPurpose = 'reset'): Promise<number | null> {
  const [row] = await db.query<{ customer_id: number }>(
    'SELECT customer_id FROM password_reset_keys WHERE key_hash = $1 AND purpose = $3 AND used_at IS NULL AND expires_at > $2',
    [keyHash, now, purpose],
  );
  return row?.customer_id ?? null;
}

/**
 * Marks the key used and answers its customer and address, in one statement so two requests with the same key
 * cannot both succeed; null when there is no such key of this purpose, or it is used or expired.
 */
export async function takeResetKey(db: Queryable, keyHash: string, now: Date, purpose: KeyPurpose = 'reset'): Promise<TakenKey | null> {
  const [row] = await db.query<{ customer_id: number; email: string | null }>(
    `UPDATE password_reset_keys SET used_at = $2
     WHERE key_hash = $1 AND purpose = $3 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id, email`,
    [keyHash, now, purpose],
  );
  return row ? { customerId: row.customer_id, email: row.email } : null;
}

/**
 * Marks every unused key of the customer of these purposes used: once the password changed, an older reset link
 * must not work (and an undo link must: the default leaves those alone).
 */
export async function spendCustomerKeys(db: Queryable, customerId: number, now: Date, purposes: readonly KeyPurpose[] = ['reset']): Promise<void> {
  await db.query('UPDATE password_reset_keys SET used_at = $2 WHERE customer_id = $1 AND used_at IS NULL AND purpose = ANY($3::text[])', [
    customerId,
    now,
    purposes,
  ]);
}

/**
 * Every address the customer's keys name (addresses it asked to move to, and addresses it moved from): the mails
 * sent there are about the account, and go with it when it is deleted.
 */
export async function selectKeyAddresses(db: Queryable, customerId: number): Promise<string[]> {
  const rows = await db.query<{ email: string }>('SELECT DISTINCT email FROM password_reset_keys WHERE customer_id = $1 AND email IS NOT NULL', [customerId]);
  return rows.map((row) => row.email);
}

/** Deletes reset keys used or expired before `before`: a link naming one is refused either way. */
export async function deleteSpentResetKeys(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM password_reset_keys WHERE used_at < $1 OR expires_at < $1 RETURNING 1', [before]);
  return rows.length;
}

/**
 * Spends the customer's undo links made at or after the one just used: undoing an earlier move ends the later
 * moves' links, so one who moved the account twice cannot take it back with the second move's link after the
 * owner undid the first.
 */
export async function spendLaterUndoKeys(db: Queryable, customerId: number, usedKeyHash: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE password_reset_keys SET used_at = $3
     WHERE customer_id = $1 AND purpose = 'undo-email' AND used_at IS NULL
       AND created_at >= (SELECT created_at FROM password_reset_keys WHERE key_hash = $2)`,
    [customerId, usedKeyHash, now],
  );
}
