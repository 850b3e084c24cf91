import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client';

export interface AdminClaims {
  sub: number;
  email: string;
  role: 'admin';
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const SECRET_KEY = 'admin_token_secret';

/**
 * Signs and checks admin bearer tokens: base64url(JSON claims) '.' base64url(HMAC-SHA256). The secret is
 * ADMIN_TOKEN_SECRET when set, else one generated on first use and kept in the database (shop_meta), so every
 * server instance on the same database accepts the others' tokens and restarts keep them valid.
 */
export function createAdminTokens(db: Queryable, configuredSecret?: string) {
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

  return {
    async issue(user: { userId: number; email: string }, now = Date.now()): Promise<{ token: string; claims: AdminClaims }> {
      const claims: AdminClaims = { sub: user.userId, email: user.email, role: 'admin', exp: Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { token: `${payload}.${await sign(payload)}`, claims };
    },
    /** The claims of a well-signed, unexpired token; null for anything else. */
    async verify(token: string, now = Date.now()): Promise<AdminClaims | null> {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(await sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AdminClaims;
        if (claims.role !== 'admin' || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AdminTokens = ReturnType<typeof createAdminTokens>;
