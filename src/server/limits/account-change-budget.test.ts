import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../testing/app';
import { openTestDb } from '../testing/db';

const SIGN_UPS = {
  registerBackInStock: 'mutation ($skuId: Int!, $email: String!) { registerBackInStock(skuId: $skuId, email: $email) { ok } }',
  monitorProductAvailability: 'mutation ($skuId: Int!, $email: String!) { monitorProductAvailability(skuId: $skuId, email: $email) { ok } }',
  subscribeToNewsletter: 'mutation ($email: String!) { subscribeToNewsletter(email: $email) { ok } }',
};

describe('sign-ups that enrol any address someone types', () => {
  let db: Db;
  let app: TestApp;
  let soldOutSku: number;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db, { ACCOUNT_CHANGES_PER_ADDRESS: '4' });
    [{ sku_id: soldOutSku }] = (await db.query<{ sku_id: number }>(
      'SELECT sku_id FROM skus WHERE stock = 0 AND NOT oversellable AND NOT is_static ORDER BY sku_id LIMIT 1',
    )) as [{ sku_id: number }];
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const signUp = async (kind: keyof typeof SIGN_UPS, from: string) => {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: from,
      payload: { query: SIGN_UPS[kind], variables: { skuId: soldOutSku, email: `stranger-${randomUUID()}@example.se` } },
    });
    return (res.json() as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code ?? 'OK';
  };

  it('draw from one address budget together (ACCOUNT_CHANGES_PER_ADDRESS) and leave other addresses alone', async () => {
    const answers = [
      await signUp('registerBackInStock', '10.9.0.1'),
      await signUp('monitorProductAvailability', '10.9.0.1'),
      await signUp('subscribeToNewsletter', '10.9.0.1'),
      await signUp('registerBackInStock', '10.9.0.1'),
      await signUp('subscribeToNewsletter', '10.9.0.1'),
      await signUp('monitorProductAvailability', '10.9.0.1'),
    ];
    expect(answers).toEqual(['OK', 'OK', 'OK', 'OK', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(await signUp('subscribeToNewsletter', '10.9.0.2')).toBe('OK');
  });
});
