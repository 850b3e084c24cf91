import { createHash, randomBytes } from 'node:crypto';

/*
 * The keys mailed in links (password reset, e-mail change): 32 random bytes in the link, and only their SHA-256 in
 * password_reset_keys (reset-key-store.ts), so the table alone acts on no account.
 */

/** A reset link works this long, once. */
export const RESET_KEY_MINUTES = 60;

export const keyHashOf = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** A new key for a link, and the hash to store. */
export function newMailedKey(): { key: string; keyHash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, keyHash: keyHashOf(key) };
}

/**
 * The counter of mails with a key that one address may be sent (limits.passwordResetMails): reset mails and an
 * e-mail change's mails to an address share it, so nobody can flood someone's inbox through either form.
 */
export const addressMailBudgetKey = (email: string): string => keyHashOf(email.trim().toLowerCase());
