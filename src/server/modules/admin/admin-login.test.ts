import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, createTestAppPair } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

const ADMIN = { ADMIN_EMAIL: 'lockout-admin@example.se', ADMIN_PASSWORD: 'first password, long enough' };
const LIMITS = { ADMIN_LOGIN_FAILURES_PER_ACCOUNT: '3', ADMIN_LOGIN_FAILURES_PER_ADDRESS: '4' };

interface Answer {
  data?: { adminLogin?: { token: string } } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function login(app: App, email: string, password: string, remoteAddress: string): Promise<Answer> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress,
    payload: { query: 'mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', variables: { e: email, p: password } },
  });
  return res.json() as Answer;
}

const codeOf = (answer: Answer) => answer.errors?.[0]?.extensions?.code;

/** An admin-only call that changes nothing: UNAUTHENTICATED without a valid token, else "no such SKU". */
async function adminCall(app: App, token: string) {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}` },
    payload: { query: 'mutation { setSkuStock(skuId: -1, stock: 1) { skuId } }' },
  });
  return (res.json() as Answer).errors?.[0]?.message;
}

describe.each(testDbKinds())('admin sign-in limits on %s', (kind) => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, { ...ADMIN, ...LIMITS });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('locks an address out after its wrong logins, whichever accounts they named, even for the right password', async () => {
    for (let i = 0; i < 4; i++) expect(codeOf(await login(app, `nobody${i}@example.se`, 'wrong password!', '10.30.0.1'))).toBe('UNAUTHENTICATED');
    const refused = await login(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, '10.30.0.1');
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.message).toBe('För många försök. Vänta en stund och försök igen.');
    expect(refused.data?.adminLogin).toBeUndefined();
    expect((await login(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, '10.30.0.2')).data?.adminLogin?.token).toEqual(expect.any(String));
  });

  it('locks an account after its wrong logins from any addresses, and right ones do not count', async () => {
    const email = ADMIN.ADMIN_EMAIL.toUpperCase();
    expect((await login(app, email, ADMIN.ADMIN_PASSWORD, '10.30.1.9')).data?.adminLogin?.token).toEqual(expect.any(String));
    for (let i = 0; i < 3; i++) expect(codeOf(await login(app, email, 'wrong password!', `10.30.1.${i}`))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, '10.30.1.8'))).toBe('RATE_LIMITED');
    // The refused attempt did not use up the new address's own allowance.
    expect(codeOf(await login(app, 'someone@example.se', 'wrong password!', '10.30.1.8'))).toBe('UNAUTHENTICATED');
  });

  it('refuses an email no address can have before counting anything, so no counter is kept for it', async () => {
    const huge = `${'x'.repeat(100_000)}@example.se`;
    for (let i = 0; i < 6; i++) {
      const answer = await login(app, huge, 'wrong password!', '10.30.2.1');
      expect(codeOf(answer)).toBe('UNAUTHENTICATED');
      expect(answer.errors?.[0]?.message).toBe('Fel email eller lösenord, försök gärna igen');
    }
    // Had they counted, the address would be locked out by now (4 per address).
    expect(codeOf(await login(app, 'someone@example.se', 'wrong password!', '10.30.2.1'))).toBe('UNAUTHENTICATED');
  });
});

describe.each(testDbKinds())('admin tokens and password changes on %s', (kind) => {
  let db: Db;
  const apps: App[] = [];
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.stop();
      await app.closePubSub();
    }
    await db.close();
  });

  it('refuses a token issued before the password was changed (ADMIN_PASSWORD at start), on every instance', async () => {
    const before = await createTestApp(db, ADMIN);
    apps.push(before);
    const token = (await login(before, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, '10.31.0.1')).data!.adminLogin!.token;
    expect(await adminCall(before, token)).toBe('There is no SKU with id -1');
    const after = await createTestApp(db, { ...ADMIN, ADMIN_PASSWORD: 'second password, long enough' });
    apps.push(after);
    expect(await adminCall(after, token)).toMatch(/^Admin sign-in required/);
    expect(await adminCall(before, token)).toMatch(/^Admin sign-in required/);
    const fresh = (await login(after, ADMIN.ADMIN_EMAIL, 'second password, long enough', '10.31.0.1')).data!.adminLogin!.token;
    expect(await adminCall(before, fresh)).toBe('There is no SKU with id -1');
  });
});

describe.runIf(process.env.REDIS_URL)('admin lockout across two instances sharing Redis', () => {
  let db: Db;
  let first: App;
  let second: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    const env = { ...ADMIN, ...LIMITS, REDIS_URL: process.env.REDIS_URL! };
    ({ first, second, close } = await createTestAppPair(db, env));
  });
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('counts wrong logins on both instances against one account', async () => {
    expect(codeOf(await login(first, ADMIN.ADMIN_EMAIL, 'wrong password!', '10.32.0.1'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(second, ADMIN.ADMIN_EMAIL, 'wrong password!', '10.32.0.2'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(first, ADMIN.ADMIN_EMAIL, 'wrong password!', '10.32.0.3'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(second, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, '10.32.0.4'))).toBe('RATE_LIMITED');
  });
});
