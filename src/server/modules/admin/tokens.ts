import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Queryable } from '../../db/client';
import { adminPasswordHash, storedTokenSecret, type AdminUser } from './admin-store';
import type { AdminClaims } from '../../request-context';

export type { AdminClaims };

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
/** A preview token (the cookie that lets a browser see unpublished content pages) lasts half an hour. */
export const PREVIEW_LIFETIME_SECONDS = 30 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'storefront';
const AUDIENCE = 'admin';
/** Its own audience: a preview token can only show drafts, never pass for the admin's bearer token. */
const PREVIEW_AUDIENCE = 'preview';

/**
 * Signs and checks admin bearer tokens: JWTs (HS256, with jose) for the audience 'admin'. The secret is
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
  const getSecret = () => {
    secret ??= storedTokenSecret(db).catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  const key = async () => new TextEncoder().encode(await getSecret());
  // Keyed, so the token does not carry anything an offline guesser could check a password against.
  const fingerprint = async (passwordHash: string) =>
    createHmac('sha256', await getSecret()).update(`password:${passwordHash}`).digest('base64url').slice(0, 22);
  const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const sign = async (claims: AdminClaims, audience: string, now: number) =>
    new SignJWT({ email: claims.email, role: claims.role, pwd: claims.pwd })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(claims.sub))
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(claims.exp)
      .sign(await key());
  const check = async (token: string, audience: string, now: number): Promise<AdminClaims | null> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await key(), { algorithms: [ALGORITHM], issuer: ISSUER, audience, currentDate: new Date(now) }));
    } catch {
      return null;
    }
    const sub = Number(payload.sub);
    const { email, role, pwd, exp } = payload;
    if (role !== 'admin' || !Number.isSafeInteger(sub) || typeof email !== 'string' || typeof pwd !== 'string' || typeof exp !== 'number') return null;
    const passwordHash = await currentPasswordHash(sub);
    if (!passwordHash || !sameText(pwd, await fingerprint(passwordHash))) return null;
    return { sub, email, role, exp, pwd };
  };

  return {
    async issue(user: AdminUser, now = Date.now()): Promise<{ token: string; claims: AdminClaims }> {
      const exp = Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS;
      const claims: AdminClaims = { sub: user.userId, email: user.email, role: 'admin', exp, pwd: await fingerprint(user.passwordHash) };
      return { token: await sign(claims, AUDIENCE, now), claims };
    },
    /** The claims of a well-signed, unexpired token issued under the user's current password; null for anything else. */
    verify: (token: string, now = Date.now()) => check(token, AUDIENCE, now),
    /**
     * A preview token for a signed-in admin: the same claims for the preview audience, ending after
     * PREVIEW_LIFETIME_SECONDS or with the admin's token, whichever is first.
     */
    async issuePreview(admin: AdminClaims, now = Date.now()): Promise<{ token: string; exp: number }> {
      const exp = Math.min(admin.exp, Math.floor(now / 1000) + PREVIEW_LIFETIME_SECONDS);
      return { token: await sign({ ...admin, exp }, PREVIEW_AUDIENCE, now), exp };
    },
    /** The claims of a valid preview token (its password still current); null for anything else, an admin token included. */
    verifyPreview: (token: string, now = Date.now()) => check(token, PREVIEW_AUDIENCE, now),
  };
}

export type AdminTokens = ReturnType<typeof createAdminTokens>;
