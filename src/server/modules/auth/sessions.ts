import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { LONG_SESSION_SECONDS } from '../../../shared/auth';
import { extendSession, findLiveSession, insertSession, revokeCustomerSessions, type SessionRow } from './session-store';
import type { CustomerTokens } from './tokens';
import type { CustomerSession } from '../../request-context';

export type { CustomerSession };

/**
 * However often it is refreshed, a session ends this long after it began: a token that leaked keeps nobody signed
 * in for ever, and a remembered shopper signs in again once a month.
 */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** An admin's "shop as" session slides like a short one and ends after two hours whatever happens. */
export const SHOP_AS_ABSOLUTE_SECONDS = 2 * 60 * 60;

/** sessionLifetime (minutes) to seconds: 30 gives 1800, absent a week; never longer than a week. */
export function sessionLifetimeSeconds(sessionLifetimeMinutes: number | undefined): number {
  if (sessionLifetimeMinutes === undefined) return LONG_SESSION_SECONDS;
  return Math.min(sessionLifetimeMinutes * 60, LONG_SESSION_SECONDS);
}

export interface IssuedToken {
  token: string;
  /** Seconds the token is good for. */
  maxAge: number;
  shopAs: boolean;
}

function absoluteEnd(session: Pick<SessionRow, 'createdAt' | 'shopAsAdminId'>): number {
  const limit = session.shopAsAdminId === null ? SESSION_ABSOLUTE_SECONDS : SHOP_AS_ABSOLUTE_SECONDS;
  return session.createdAt.getTime() + limit * 1000;
}

/** The expiry a session gets when it starts or is refreshed at `now`: now + its lifetime, within its absolute limit. */
function nextExpiry(session: Pick<SessionRow, 'createdAt' | 'shopAsAdminId' | 'lifetimeSeconds'>, now: number): number {
  // Whole seconds (the token's exp is in seconds and equals the row's expiry): the lifetime rounded up, the
  // absolute end rounded down.
  const sliding = Math.ceil((now + session.lifetimeSeconds * 1000) / 1000) * 1000;
  return Math.min(sliding, Math.floor(absoluteEnd(session) / 1000) * 1000);
}

async function tokenFor(tokens: CustomerTokens, session: Pick<SessionRow, 'sessionId' | 'customerId' | 'shopAsAdminId'>, expiresAt: number, now: number): Promise<IssuedToken> {
  const shopAs = session.shopAsAdminId !== null;
  const token = await tokens.issue({ customerId: session.customerId, sessionId: session.sessionId, exp: expiresAt / 1000, shopAs }, now);
  return { token, maxAge: Math.floor((expiresAt - now) / 1000), shopAs };
}

/** Starts a session for the customer and answers its first token. */
export async function startSession(
  db: Queryable,
  tokens: CustomerTokens,
  options: { customerId: number; lifetimeSeconds: number; shopAsAdminId?: number | null; now?: number },
): Promise<IssuedToken> {
  const now = options.now ?? Date.now();
  const createdAt = new Date(Math.floor(now / 1000) * 1000);
  const session = { sessionId: randomUUID(), customerId: options.customerId, createdAt, lifetimeSeconds: options.lifetimeSeconds, shopAsAdminId: options.shopAsAdminId ?? null };
  const expiresAt = nextExpiry(session, now);
  await insertSession(db, { ...session, expiresAt: new Date(expiresAt) });
  return tokenFor(tokens, session, expiresAt, now);
}

/** Ends every other session of the customer and starts a new one (a password change or reset). */
export async function replaceSessions(db: Queryable, tokens: CustomerTokens, customerId: number, lifetimeSeconds: number, now = Date.now()): Promise<IssuedToken> {
  await revokeCustomerSessions(db, customerId, new Date(now));
  return startSession(db, tokens, { customerId, lifetimeSeconds, now });
}

/**
 * A new token for the same session with a new expiry (now + the session's lifetime, never past its absolute
 * limit); null when the session is no longer live or has reached that limit.
 */
export async function refreshSession(db: Queryable, tokens: CustomerTokens, sessionId: string, now = Date.now()): Promise<IssuedToken | null> {
  const session = await findLiveSession(db, sessionId, new Date(now));
  if (!session) return null;
  const expiresAt = nextExpiry(session, now);
  if (expiresAt <= now || !(await extendSession(db, sessionId, new Date(expiresAt), new Date(now)))) return null;
  return tokenFor(tokens, session, expiresAt, now);
}

/**
 * The session a token stands for, and when the token runs out (ms since the epoch; a refreshed token of the same
 * session runs out later): well signed, unexpired, and its session row live and the customer's; else null.
 */
export async function tokenSession(
  db: Queryable,
  tokens: CustomerTokens,
  token: string | null | undefined,
  now = Date.now(),
): Promise<{ session: CustomerSession; expiresAt: number } | null> {
  if (!token) return null;
  const claims = await tokens.verify(token, now);
  if (!claims) return null;
  const session = await findLiveSession(db, claims.sessionId, new Date(now));
  if (!session || session.customerId !== claims.customerId) return null;
  return { session: { customerId: session.customerId, sessionId: session.sessionId, shopAsAdminId: session.shopAsAdminId }, expiresAt: claims.exp * 1000 };
}

/** The session a token stands for: well signed, unexpired, and its session row live and the customer's; else null. */
export async function sessionOfToken(db: Queryable, tokens: CustomerTokens, token: string | null | undefined, now = Date.now()): Promise<CustomerSession | null> {
  return (await tokenSession(db, tokens, token, now))?.session ?? null;
}
