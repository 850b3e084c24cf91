import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createContext } from '../../graphql/context';
import { hashPassword } from '../../security/password';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { createCustomer } from '../customer';
import { requireSignedIn } from '../../signed-in';
import { graphqlErrorOf } from '../../graphql/errors';
import type { DomainError } from '../../domain-error';
import { refreshSession, sessionOfToken, SESSION_ABSOLUTE_SECONDS, startSession } from './sessions';
import { revokeCustomerSessions, revokeSession } from './session-store';
import { createCustomerTokens } from './tokens';

/** What the GraphQL edge answers for a service's refusal (graphql/errors.ts). */
const answeredAsGraphQL = (error: DomainError): never => {
  throw graphqlErrorOf(error);
};

const SECRET = 'c'.repeat(32);
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(testDbKinds())('customer sessions on %s', (kind) => {
  let db: Db;
  let customerId: number;
  const tokens = () => createCustomerTokens(db, SECRET);
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    customerId = (await createCustomer(db, {
      email: `sessions-${kind}-${Date.now()}@example.se`,
      passwordHash: await hashPassword('x'),
      customerType: 'PERSON',
      newsletterConsent: false,
      languageId: 'sv',
    }))!;
  });
  afterAll(() => db.close());

  it('answers a token that names the customer and session, with the session lifetime asked for', async () => {
    const issued = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    expect(issued.maxAge).toBeGreaterThan(1795);
    expect(issued.maxAge).toBeLessThanOrEqual(1800);
    const claims = claimsOf(issued.token);
    expect(claims).toMatchObject({ sub: String(customerId), aud: 'customer', iss: 'storefront' });
    expect(claims.shopAs).toBeUndefined();
    const session = await sessionOfToken(db, tokens(), issued.token);
    expect(session).toEqual({ customerId, sessionId: claims.sid, shopAsAdminId: null });
  });

  it('refuses a tampered token, one signed with another secret, one for another session id, and garbage', async () => {
    const { token } = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(token), sub: String(customerId + 1) })).toString('base64url');
    expect(await sessionOfToken(db, tokens(), `${header}.${forged}.${signature}`)).toBeNull();
    expect(await sessionOfToken(db, createCustomerTokens(db, 'o'.repeat(32)), token)).toBeNull();
    const otherSid = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customerId))
      .setIssuer('storefront')
      .setAudience('customer')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await sessionOfToken(db, tokens(), otherSid)).toBeNull();
    expect(await sessionOfToken(db, tokens(), 'not.a.token')).toBeNull();
    expect(await sessionOfToken(db, tokens(), '')).toBeNull();
  });

  it('refuses an admin-audience token signed with the same secret', async () => {
    const { token } = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    const sid = claimsOf(token).sid as string;
    const admin = await new SignJWT({ sid, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customerId))
      .setIssuer('storefront')
      .setAudience('admin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await sessionOfToken(db, tokens(), admin)).toBeNull();
  });

  it('refuses a token once it or its session expired, and once the session is revoked', async () => {
    const now = Date.now();
    const short = await startSession(db, tokens(), { customerId, lifetimeSeconds: 60, now });
    expect(await sessionOfToken(db, tokens(), short.token, now + 1000)).not.toBeNull();
    expect(await sessionOfToken(db, tokens(), short.token, now + 61_000)).toBeNull();

    const revoked = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    await revokeSession(db, claimsOf(revoked.token).sid as string, new Date());
    expect(await sessionOfToken(db, tokens(), revoked.token)).toBeNull();

    const a = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    const b = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    await revokeCustomerSessions(db, customerId, new Date(), claimsOf(b.token).sid as string);
    expect(await sessionOfToken(db, tokens(), a.token)).toBeNull();
    expect(await sessionOfToken(db, tokens(), b.token)).not.toBeNull();
  });

  it('refreshes a session by its lifetime, never past its absolute limit, and not once it is revoked', async () => {
    const start = Date.now();
    const first = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800, now: start });
    const sid = claimsOf(first.token).sid as string;
    const later = start + 1000 * 1000;
    const refreshed = await refreshSession(db, tokens(), sid, later);
    expect(refreshed?.maxAge).toBeGreaterThan(1795);
    expect(claimsOf(refreshed!.token).sid).toBe(sid);
    expect(claimsOf(refreshed!.token).exp).toBeGreaterThan(claimsOf(first.token).exp as number);
    // The old token's session moved on: it stays good until its own exp, past which only the new one counts.
    expect(await sessionOfToken(db, tokens(), refreshed!.token, start + 2000 * 1000)).not.toBeNull();
    expect(await sessionOfToken(db, tokens(), first.token, start + 2000 * 1000)).toBeNull();

    const week = await startSession(db, tokens(), { customerId, lifetimeSeconds: 604_800, now: start });
    const weekSid = claimsOf(week.token).sid as string;
    let at = start;
    let last = week;
    for (let i = 0; i < 6; i++) {
      at += 6 * 24 * 3600 * 1000;
      const next = await refreshSession(db, tokens(), weekSid, at);
      if (!next) break;
      last = next;
    }
    const lastExp = (claimsOf(last.token).exp as number) * 1000;
    expect(lastExp).toBeLessThanOrEqual(start + SESSION_ABSOLUTE_SECONDS * 1000);
    expect(await refreshSession(db, tokens(), weekSid, start + SESSION_ABSOLUTE_SECONDS * 1000 + 1000)).toBeNull();

    await revokeSession(db, sid, new Date());
    expect(await refreshSession(db, tokens(), sid)).toBeNull();
  });

  it('gives the GraphQL context the customer from Bearer first, else the cookie, once per operation', async () => {
    const base = { db, customerTokens: tokens(), operationDeadlineMs: 10_000 } as unknown as Parameters<typeof createContext>[0];
    const { token } = await startSession(db, tokens(), { customerId, lifetimeSeconds: 1800 });
    const headers = (authorization: string | null) => ({ headers: { get: (name: string) => (name === 'authorization' ? authorization : null) } });
    const byBearer = createContext(base, { request: headers(`Bearer ${token}`) });
    expect((await byBearer.customer())?.customerId).toBe(customerId);
    expect(byBearer.customer()).toBe(byBearer.customer());
    const byCookie = createContext(base, { customerCookieToken: token });
    expect((await requireSignedIn(byCookie)).customerId).toBe(customerId);
    const badBearerWins = createContext(base, { request: headers('Bearer nonsense'), customerCookieToken: token });
    expect(await badBearerWins.customer()).toBeNull();
    await expect(requireSignedIn(createContext(base)).catch(answeredAsGraphQL)).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });
});
