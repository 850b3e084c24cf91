import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../shared/auth';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { ADMIN, adminToken, call, dataOf, shopAs, signUp } from '../customer/customer-test-kit';

const whoAmI = (app: TestApp, token: string) => call<{ getUser: { customerId: number } | null }>(app, '{ getUser { customerId } }', {}, token);

describe.each(testDbKinds())('an admin password rotation on %s', (kind) => {
  let db: Db;
  let before: TestApp;
  let after: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    before = await createTestApp(db, ADMIN);
  });
  afterAll(async () => {
    await after?.stop();
    await after?.closePubSub();
    await db.close();
  });

  it('ends the "shop as" links and sessions made under the old password, and nothing of the customer', async () => {
    const customer = await signUp(before, { firstName: 'Rut' });
    const session = await shopAs(before, customer);
    const link = await call<{ createShopAsLink: { url: string } }>(
      before,
      'mutation ($id: Int!) { createShopAsLink(customerId: $id) { url } }',
      { id: customer.customerId },
      await adminToken(before),
    );
    const unusedLoginToken = new URL(dataOf(link).url).searchParams.get('loginToken');
    await before.stop();
    await before.closePubSub();

    // The next start with a new ADMIN_PASSWORD, as an operator rotating a leaked password does.
    after = await createTestApp(db, { ...ADMIN, ADMIN_PASSWORD: `${ADMIN.ADMIN_PASSWORD} rotated` });
    const refused = await whoAmI(after, session);
    // Signed out: no customer answers (whether as null or as UNAUTHENTICATED).
    expect(refused.body.data?.getUser ?? null).toBeNull();
    const linkLogin = await after.fastify.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { loginToken: unusedLoginToken } });
    expect(linkLogin.statusCode).toBe(401);
    // The customer's own session is theirs, not the admin's: it stays.
    expect(dataOf(await whoAmI(after, customer.token))).toMatchObject({ customerId: customer.customerId });
  });
});
