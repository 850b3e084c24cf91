import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, gql } from '../../testing/app';
import { openTestDb, testDbKinds } from '../../testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Answer = { registerBackInStock: { ok: boolean; message: string } | null };

const REGISTER = `mutation ($skuId: Int!, $email: String!, $channelId: String, $languageId: String) {
  registerBackInStock(skuId: $skuId, email: $email, channelId: $channelId, languageId: $languageId) { ok message }
}`;

describe.each(testDbKinds())('registerBackInStock on %s', (kind) => {
  let db: Db;
  let app: App;
  let soldOutSku: number;
  let inStockSku: number;
  // PostgreSQL shares one seeded database between test files: every address here is this run's own.
  const address = (name: string) => `${name}-${randomUUID()}@example.se`;
  const requestsFor = (skuId: number, email: string) =>
    db.query<{ email: string; language_id: string; notified_at: Date | null }>(
      'SELECT email, language_id, notified_at FROM back_in_stock_requests WHERE sku_id = $1 AND lower(email) = lower($2)',
      [skuId, email],
    );

  beforeAll(async () => {
    db = await openTestDb(kind);
    app = await createTestApp(db);
    const [soldOut] = await db.query<{ sku_id: number }>(
      'SELECT sku_id FROM skus WHERE stock = 0 AND NOT oversellable AND NOT is_static ORDER BY sku_id LIMIT 1',
    );
    const [inStock] = await db.query<{ sku_id: number }>('SELECT sku_id FROM skus WHERE stock >= 5 ORDER BY sku_id LIMIT 1');
    soldOutSku = soldOut!.sku_id;
    inStockSku = inStock!.sku_id;
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('records a request for a sold-out SKU and answers the confirmation in Swedish by default', async () => {
    const email = address('anna');
    const { body } = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email: `  ${email} ` });
    expect(body.errors).toBeUndefined();
    expect(body.data!.registerBackInStock).toEqual({ ok: true, message: 'Vi meddelar dig när varan finns i lager igen' });
    const rows = await requestsFor(soldOutSku, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, language_id: 'sv', notified_at: null });
  });

  it('keeps one request when the same address asks twice, in any letter case, and still confirms', async () => {
    const email = address('kim');
    const first = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email });
    await db.query('UPDATE back_in_stock_requests SET notified_at = now() WHERE sku_id = $1 AND email = $2', [soldOutSku, email]);
    const again = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email: email.toUpperCase(), languageId: 'en' });
    expect(first.body.data!.registerBackInStock!.ok).toBe(true);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data!.registerBackInStock).toEqual({ ok: true, message: 'We will let you know when it is back in stock' });
    const rows = await requestsFor(soldOutSku, email);
    expect(rows).toHaveLength(1);
    // Asking again after a notice re-arms the request, in the language of the latest ask.
    expect(rows[0]).toMatchObject({ email, language_id: 'en', notified_at: null });
  });

  it('refuses an empty or invalid email with the spec text and the INVALID_EMAIL code, saving nothing', async () => {
    for (const email of ['', '   ', 'anna@', 'anna@example', 'an na@example.se']) {
      const { status, body } = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email });
      expect(status).toBe(200);
      expect(body.data?.registerBackInStock ?? null).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message: 'Du måste ange en giltig email', extensions: { code: 'INVALID_EMAIL' } });
    }
    const [count] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM back_in_stock_requests WHERE email IN ('', 'anna@', 'anna@example')");
    expect(count!.n).toBe(0);
  });

  it('refuses an unknown SKU with SKU_NOT_FOUND', async () => {
    for (const skuId of [999_999_999, 0, -3]) {
      const { body } = await gql<Answer>(app, REGISTER, { skuId, email: address('lo') });
      expect(body.errors?.[0]).toMatchObject({ message: 'Varan kunde inte hittas', extensions: { code: 'SKU_NOT_FOUND' } });
    }
  });

  it('refuses a SKU that is in stock with ALREADY_IN_STOCK, saving nothing', async () => {
    const email = address('sam');
    const { body } = await gql<Answer>(app, REGISTER, { skuId: inStockSku, email });
    expect(body.errors?.[0]).toMatchObject({ message: 'Varan finns redan i lager', extensions: { code: 'ALREADY_IN_STOCK' } });
    expect(await requestsFor(inStockSku, email)).toHaveLength(0);
  });

  it('answers every text in the language of the request, by languageId or by channelId', async () => {
    const english = { languageId: 'en' };
    const invalid = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email: 'nope', ...english });
    expect(invalid.body.errors?.[0]?.message).toBe('You must enter a valid email');
    const unknown = await gql<Answer>(app, REGISTER, { skuId: 999_999_999, email: address('en'), channelId: '2|en' });
    expect(unknown.body.errors?.[0]?.message).toBe('The item could not be found');
    const inStock = await gql<Answer>(app, REGISTER, { skuId: inStockSku, email: address('en'), ...english });
    expect(inStock.body.errors?.[0]?.message).toBe('This item is already in stock');
    const swedishChannel = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email: 'nope', channelId: '1|se' });
    expect(swedishChannel.body.errors?.[0]?.message).toBe('Du måste ange en giltig email');
    const email = address('eng');
    const ok = await gql<Answer>(app, REGISTER, { skuId: soldOutSku, email, channelId: '2|en' });
    expect(ok.body.data!.registerBackInStock!.message).toBe('We will let you know when it is back in stock');
    expect((await requestsFor(soldOutSku, email))[0]!.language_id).toBe('en');
  });
});
