import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { dummyHashPromise, hashPassword, verifyPassword } from '../../security/password';

/**
 * Makes the configured admin exist with the configured password (the environment is the source of truth: a
 * changed ADMIN_PASSWORD takes effect at the next start). Without both variables nothing changes. Answers the id
 * of an existing admin whose password was replaced (whoever held the old one must lose what it gave), else null.
 */
export async function seedAdmin(db: Queryable, email: string | undefined, password: string | undefined): Promise<number | null> {
  if (!email || !password) return null;
  const [existing] = await db.query<{ user_id: number; password_hash: string }>('SELECT user_id, password_hash FROM admin_users WHERE lower(email) = lower($1)', [
    email,
  ]);
  if (existing && (await verifyPassword(password, existing.password_hash))) return null;
  const hash = await hashPassword(password);
  await db.query(
    `INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)
     ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
    [email, hash],
  );
  return existing?.user_id ?? null;
}

export interface AdminUser {
  userId: number;
  email: string;
  /** What the user's tokens are tied to: a new password (a new salt, so a new hash) revokes them. */
  passwordHash: string;
}

/** The user when email and password match; the same work is done for an unknown email. */
export async function checkCredentials(db: Queryable, email: string, password: string): Promise<AdminUser | null> {
  const [user] = await db.query<{ user_id: number; email: string; password_hash: string }>(
    'SELECT user_id, email, password_hash FROM admin_users WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHashPromise));
  return user && ok ? { userId: user.user_id, email: user.email, passwordHash: user.password_hash } : null;
}

/** The user's current password hash; null when there is no such user. */
export async function adminPasswordHash(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM admin_users WHERE user_id = $1', [userId]);
  return row?.password_hash ?? null;
}

/**
 * A token secret kept in the database (shop_meta), made on first use: every instance on the database gets the
 * same one, and the first to ask makes it. Each kind of token has its own (admin and customer tokens never
 * share a key).
 */
export async function storedTokenSecret(db: Queryable, key: 'admin_token_secret' | 'customer_token_secret' = 'admin_token_secret'): Promise<string> {
  await db.query('INSERT INTO shop_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, randomBytes(32).toString('base64url')]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM shop_meta WHERE key = $1', [key]);
  return row!.value;
}
