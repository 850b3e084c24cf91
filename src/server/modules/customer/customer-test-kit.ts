/** Shared by the account test files: signed-up customers with real tokens, and GraphQL calls made with them. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/client';
import { hashPassword } from '../../security/password';
import { createTestApp, type TestApp } from '../../testing/app';
import { openWritableTestDb, type TestDbKind } from '../../testing/db';
import { createCustomerTokens } from '../auth';
import { startSession } from '../auth/sessions';
import { createCustomer } from './credentials-store';

export type { TestApp } from '../../testing/app';

/** The test app's customer token secret, so the kit signs tokens the app accepts. */
export const CUSTOMER_TOKEN_SECRET = 'account-tests-'.padEnd(40, 'k');
export const ADMIN = { ADMIN_EMAIL: 'account-admin@example.se', ADMIN_PASSWORD: 'account admin password, long enough' };

export interface SignedUp {
  customerId: number;
  email: string;
  token: string;
}

/** A new account (its own address each time) and a session token for it, as logging in would give. */
export async function signUp(db: Db, details: { email?: string; firstName?: string } = {}): Promise<SignedUp> {
  const email = details.email ?? `kund-${randomUUID()}@example.se`;
  const customerId = await createCustomer(db, {
    email,
    passwordHash: await hashPassword('browser-hash'),
    customerType: 'PERSON',
    firstName: details.firstName ?? null,
    newsletterConsent: false,
    languageId: 'sv',
  });
  if (customerId === null) throw new Error(`An account already has ${email}`);
  const { token } = await startSession(db, createCustomerTokens(db, CUSTOMER_TOKEN_SECRET), { customerId, lifetimeSeconds: 3600 });
  return { customerId, email, token };
}

/** A second sign-in of the same customer (another device). */
export async function anotherSession(db: Db, customer: SignedUp): Promise<string> {
  return (await startSession(db, createCustomerTokens(db, CUSTOMER_TOKEN_SECRET), { customerId: customer.customerId, lifetimeSeconds: 3600 })).token;
}

export interface Answer<T> {
  status: number;
  body: { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** One GraphQL operation through the whole HTTP stack, as the customer whose token is given (none: a guest). */
export async function call<T = Record<string, unknown>>(app: TestApp, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Answer<T>> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/graphql',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The single field of an answer, failing loudly when the API answered errors instead. */
export function dataOf<T>(answer: Answer<Record<string, T>>): T {
  if (answer.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(answer.body.errors)}`);
  return Object.values(answer.body.data ?? {})[0] as T;
}

export async function adminToken(app: TestApp): Promise<string> {
  const answer = await call<{ adminLogin: { token: string } }>(app, 'mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', {
    e: ADMIN.ADMIN_EMAIL,
    p: ADMIN.ADMIN_PASSWORD,
  });
  return dataOf(answer).token;
}

/** A writable database and an app on it (with the kit's token secret and admin) for one describe block. */
export function openAccountApp(kind: TestDbKind, use: (db: Db, app: TestApp) => void): void {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    app = await createTestApp(db, { CUSTOMER_TOKEN_SECRET, ...ADMIN });
    use(db, app);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });
}
