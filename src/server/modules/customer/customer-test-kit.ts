/** Shared by the account test files: customers signed up through /auth, and GraphQL calls made with their tokens. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { AUTH_PATHS, type AuthSuccess } from '../../../shared/auth';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/app';
import { openWritableTestDb, type TestDbKind } from '../../testing/db';
import { browserPasswordHash } from '../../testing/browser-password';

export type { TestApp } from '../../testing/app';

export const ADMIN = { ADMIN_EMAIL: 'account-admin@example.se', ADMIN_PASSWORD: 'account admin password, long enough' };

const browserHash = browserPasswordHash;
/** Every kit customer's password, as their browser sends it (what updateUser's and deleteUser's `password` take). */
export const PASSWORD = browserHash('hemligt lösenord');

export interface SignedUp {
  customerId: number;
  email: string;
  token: string;
}

let addresses = 0;
/** Each sign-in speaks from its own client address, so the login limits of one never reach another. */
const nextAddress = () => `10.88.${Math.floor(++addresses / 250)}.${addresses % 250}`;

async function auth(app: TestApp, path: string, body: Record<string, unknown>, token?: string): Promise<AuthSuccess> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: path,
    remoteAddress: nextAddress(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

const customerIdOf = (token: string) => Number((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub);

/** A new account (its own address each time) registered through /auth/register, with the token it answered. */
export async function signUp(app: TestApp, details: { email?: string; firstName?: string; newsletterConsent?: boolean } = {}): Promise<SignedUp> {
  const email = details.email ?? `kund-${randomUUID()}@example.se`;
  const { token } = await auth(app, AUTH_PATHS.register, { username: email, password: PASSWORD, firstName: details.firstName, newsletterConsent: details.newsletterConsent });
  return { customerId: customerIdOf(token), email, token };
}

/** The same customer signing in again (another device): a second session of their own. */
export async function signIn(app: TestApp, customer: SignedUp): Promise<string> {
  return (await auth(app, AUTH_PATHS.login, { username: customer.email, password: PASSWORD })).token;
}

/** Logs the token's session out, as the account button's logout does. */
export async function logOut(app: TestApp, token: string): Promise<void> {
  await app.fastify.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: { authorization: `Bearer ${token}` }, payload: {} });
}

export interface Answer<T> {
  status: number;
  body: { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/**
 * One GraphQL operation through the whole HTTP stack, as the customer whose token is given (none: a guest), from
 * `address` (Fastify's own default unless given).
 */
export async function call<T = Record<string, unknown>>(
  app: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  address = '127.0.0.1',
): Promise<Answer<T>> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: address,
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

/** A shop-as session: the kit's admin creates a one-time link for the customer, and the link signs in. */
export async function shopAs(app: TestApp, customer: SignedUp): Promise<string> {
  const created = await call<{ createShopAsLink: { url: string } }>(
    app,
    'mutation ($id: Int!) { createShopAsLink(customerId: $id) { url } }',
    { id: customer.customerId },
    await adminToken(app),
  );
  const loginToken = new URL(dataOf(created).url).searchParams.get('loginToken');
  return (await auth(app, AUTH_PATHS.login, { loginToken })).token;
}

/** A writable database and an app on it (with the kit's admin, and `env` over it) for one describe block. */
export function openAccountApp(kind: TestDbKind, use: (db: Db, app: TestApp) => void, env: Record<string, string> = {}): void {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    app = await createTestApp(db, { ...ADMIN, ...env });
    use(db, app);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });
}
