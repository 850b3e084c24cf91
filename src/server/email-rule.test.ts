import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEmail } from '../shared/email';
import type { Db } from './db/client';
import { loadEnv } from './env';
import { createTestApp, gql, type TestApp } from './testing/app';
import { browserPasswordHash } from './testing/browser-password';
import { openTestDb } from './testing/db';

/** One list, one verdict each, and every place that takes an address agrees with it. */
const ADDRESSES: readonly [string, boolean][] = [
  ['anna@example.se', true],
  ['åsa@exempel.se', true],
  ['a.b+tag@mail.example.com', true],
  ['kund@sub.exempel.nu', true],
  ['anna@example', false],
  ['anna@example.s', false],
  ['an na@example.se', false],
  ['anna@@example.se', false],
  ['a,b@example.se', false],
  ['"anna"@example.se', false],
  ['anna<x>@example.se', false],
  ['anna@exa;mple.se', false],
];

describe('the one email rule', () => {
  let db: Db;
  let app: TestApp;
  let soldOutSku: number;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db, { ACCOUNT_CHANGES_PER_ADDRESS: '1000' });
    [{ sku_id: soldOutSku }] = (await db.query<{ sku_id: number }>(
      'SELECT sku_id FROM skus WHERE stock = 0 AND NOT oversellable AND NOT is_static ORDER BY sku_id LIMIT 1',
    )) as [{ sku_id: number }];
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it.each(ADDRESSES)('%s: %s in the forms, /auth, the GraphQL sign-ups and the configuration alike', async (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
    const register = await app.fastify.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username: email, password: browserPasswordHash('ett lösenord') },
    });
    expect(register.statusCode, register.body).toBe(valid ? 200 : 400);
    const login = await app.fastify.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: browserPasswordHash('ett lösenord') } });
    expect(login.statusCode, login.body).toBe(valid ? 200 : 400);
    const newsletter = await gql(app, 'mutation ($e: String!) { subscribeToNewsletter(email: $e) { ok } }', { e: email });
    expect(newsletter.body.errors === undefined).toBe(valid);
    const backInStock = await gql(app, 'mutation ($s: Int!, $e: String!) { registerBackInStock(skuId: $s, email: $e) { ok } }', { s: soldOutSku, e: email });
    expect(backInStock.body.errors === undefined).toBe(valid);
    const configured = () => loadEnv({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'a long enough password', MAIL_FROM: email });
    if (valid) expect(configured).not.toThrow();
    else expect(configured).toThrow();
  });
});
