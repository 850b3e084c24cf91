import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Queryable } from '../../db/client';
import { storedTokenSecret } from '../admin';

/** What a customer token says; the session row it names decides whether it still counts (sessions.ts). */
export interface CustomerTokenClaims {
  customerId: number;
  sessionId: string;
  /** Expiry, seconds since the epoch: the session's expires_at when the token was issued. */
  exp: number;
  shopAs: boolean;
}

const ALGORITHM = 'HS256';
const ISSUER = 'storefront';
// Not the admin tokens' audience: a customer token is never an admin token, whichever secret signed it.
const AUDIENCE = 'customer';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signs and checks customer bearer tokens: JWTs (HS256, with jose) for the audience 'customer', claims sub
 * (customer id), sid (session id), exp and shopAs. The secret is CUSTOMER_TOKEN_SECRET when set, else one generated
 * on first use and kept in the database like the admin tokens' (its own key), so every instance accepts the
 * others' tokens and restarts keep them valid. A good signature is not enough: the session must also be live.
 */
export function createCustomerTokens(db: Queryable, configuredSecret?: string) {
  let secret: Promise<Uint8Array> | null = configuredSecret ? Promise.resolve(new TextEncoder().encode(configuredSecret)) : null;
  const key = () => {
    secret ??= storedTokenSecret(db, 'customer_token_secret').then(
      (value) => new TextEncoder().encode(value),
      (error: unknown) => {
        secret = null;
        throw error;
      },
    );
    return secret;
  };

  return {
    async issue(claims: CustomerTokenClaims, now = Date.now()): Promise<string> {
      return new SignJWT({ sid: claims.sessionId, ...(claims.shopAs ? { shopAs: true } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.customerId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(claims.exp)
        .sign(await key());
    },
    /** The claims of a well-signed, unexpired customer token; null for anything else. */
    async verify(token: string, now = Date.now()): Promise<CustomerTokenClaims | null> {
      // A JWT is three base64url parts; anything much longer is not one of ours and is not worth verifying.
      if (token.length > 2048) return null;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, await key(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(now) }));
      } catch {
        return null;
      }
      const customerId = Number(payload.sub);
      const { sid, exp, shopAs } = payload;
      if (!Number.isSafeInteger(customerId) || customerId <= 0 || typeof sid !== 'string' || !UUID.test(sid) || typeof exp !== 'number') return null;
      return { customerId, sessionId: sid, exp, shopAs: shopAs === true };
    },
  };
}

export type CustomerTokens = ReturnType<typeof createCustomerTokens>;
