import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { adminPasswordHash, type AdminUser } from './admin-store';

export interface AdminClaims {
  sub: number;
  email: string;
  role: 'admin';
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** A keyed fingerprint of the password hash the token was issued under; another password revokes the token. */
  pwd: string;
}

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const SECRET_KEY = 'admin_token_secret';

/**
 * Signs and checks admin bearer tokens: base64url(JSON claims) '.' base64url(HMAC-SHA256). The secret is
 * ADMIN_TOKEN_SECRET when set, else one generated on first use and kept in the database (shop_meta), so every
 * server instance on the same database accepts the others' tokens and restarts keep them valid. A token is
 * also tied to the password it was issued under and checked against the current one on every use, so setting a
 * new password (ADMIN_PASSWORD at start) signs out every holder of an old token at once.
 */
export function createAdminTokens(
  db: Queryable,
  configuredSecret?: string,
  currentPasswordHash: (userId: number) => Promise<string | null> = (userId) => adminPasswordHash(db, userId),
) {
  let secret: Promise<string> | null = configuredSecret ? Promise.resolve(configuredSecret) : null;
  const loadSecret = async () => {
    await db.query('INSERT INTO shop_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SECRET_KEY, randomBytes(32).toString('base64url')]);
    const [row] = await db.query<{ value: string }>('SELECT value FROM shop_meta WHERE key = $1', [SECRET_KEY]);
    return row!.value;
  };
  const getSecret = () => {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  const sign = async (payload: string) => createHmac('sha256', await getSecret()).update(payload).digest('base64url');
  // Keyed, so the token does not carry anything an offline guesser could check a password against.
  const fingerprint = async (passwordHash: string) => (await sign(`password:${passwordHash}`)).slice(0, 22);
  const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    async issue(user: AdminUser, now = Date.now()): Promise<{ token: string; claims: AdminClaims }> {
      const exp = Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS;
      const claims: AdminClaims = { sub: user.userId, email: user.email, role: 'admin', exp, pwd: await fingerprint(user.passwordHash) };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { token: `${payload}.${await sign(payload)}`, claims };
    },
    /** The claims of a well-signed, unexpired token issued under the user's current password; null for anything else. */
    async verify(token: string, now = Date.now()): Promise<AdminClaims | null> {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(await sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let claims: AdminClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AdminClaims;
      } catch {
        return null;
      }
      if (claims.role !== 'admin' || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
      if (typeof claims.pwd !== 'string' || typeof claims.sub !== 'number') return null;
      const passwordHash = await currentPasswordHash(claims.sub);
      if (!passwordHash || !sameText(claims.pwd, await fingerprint(passwordHash))) return null;
      return claims;
    },
  };
}

export type AdminTokens = ReturnType<typeof createAdminTokens>;
