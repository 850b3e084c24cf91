import { createHmac } from 'node:crypto';
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
// A "shop as" link's token is not a sign-in token: it only starts a session, once (shop_as_links).
const SHOP_AS_AUDIENCE = 'customer-shop-as';
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
    /**
     * Loads the secret. Callers that issue tokens inside a transaction call it first: on PGlite's one connection,
     * reading the stored secret from inside a transaction would wait for that transaction.
     */
    async ready(): Promise<void> {
      await key();
    },
    /** A keyed digest (base64url) of `text` under the customer secret, for values the server hands out and checks. */
    async mac(text: string): Promise<string> {
      return createHmac('sha256', await key()).update(text).digest('base64url');
    },
    async issueShopAs(link: { linkId: string; customerId: number; exp: number }, now = Date.now()): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(link.customerId))
        .setJti(link.linkId)
        .setIssuer(ISSUER)
        .setAudience(SHOP_AS_AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(link.exp)
        .sign(await key());
    },
    /** The link id and customer of a well-signed, unexpired shop-as token; whether it is still unused is the store's. */
    async verifyShopAs(token: string, now = Date.now()): Promise<{ linkId: string; customerId: number } | null> {
      if (token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: SHOP_AS_AUDIENCE, currentDate: new Date(now) });
        const customerId = Number(payload.sub);
        if (!Number.isSafeInteger(customerId) || typeof payload.jti !== 'string' || !UUID.test(payload.jti)) return null;
        return { linkId: payload.jti, customerId };
      } catch {
        return null;
      }
    },
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
