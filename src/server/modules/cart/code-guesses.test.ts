import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, createTestAppPair } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { createSku, type TestApp } from './cart-test-kit';

interface Cart {
  id: string;
  promoCode: string | null;
  giftCard: { code: string } | null;
  warnings: { code: string; message: string }[];
}

const LIMITS = { CODE_ATTEMPTS_PER_15_MINUTES: '3' };
const PROMO_TOO_MANY = { code: 'PROMO_CODE_INVALID', message: 'För många försök. Vänta en stund och försök igen.' };
const GIFT_TOO_MANY = { code: 'GIFT_CARD_INVALID', message: 'För många försök. Vänta en stund och försök igen.' };
const wrongCode = () => `WRONG${randomBytes(6).toString('hex').toUpperCase()}`;

async function send(app: TestApp, remoteAddress: string, query: string, variables: Record<string, unknown>) {
  const res = await app.fastify.inject({ method: 'POST', url: '/graphql', remoteAddress, payload: { query, variables } });
  const body = res.json() as { data?: Record<string, Cart> | null; errors?: { message: string }[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

const SELECTION = 'id promoCode giftCard { code } warnings { code message }';
const promo = async (app: TestApp, address: string, id: string, code: string, languageId = 'sv') =>
  (await send(app, address, `mutation ($id: String!, $code: String!, $l: String) { setCartPromoCode(id: $id, promoCode: $code, languageId: $l) { ${SELECTION} } }`, { id, code, l: languageId }))
    .setCartPromoCode!;
const giftCard = async (app: TestApp, address: string, id: string, code: string) =>
  (await send(app, address, `mutation ($id: String!, $code: String!) { setCartGiftCard(id: $id, code: $code) { ${SELECTION} } }`, { id, code })).setCartGiftCard!;

async function newCart(app: TestApp, db: Db): Promise<string> {
  const sku = await createSku(db, { priceMinor: 10_000 });
  const data = await send(app, '10.40.255.1', `mutation ($s: Int!) { addToCart(id: "", item: { skuId: $s, quantity: 1 }) { id } }`, { s: sku.skuId });
  return data.addToCart!.id;
}

describe.each(testDbKinds())('promo code guessing on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, LIMITS);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('stops looking promo codes up for an address after its wrong ones, good codes included, in either language', async () => {
    const id = await newCart(app, db);
    for (let i = 0; i < 3; i++) expect((await promo(app, '10.40.0.1', id, wrongCode())).warnings).toEqual([{ code: 'PROMO_CODE_INVALID', message: 'Koden är ej giltig' }]);
    const blocked = await promo(app, '10.40.0.1', id, 'NYHETSBREV30');
    expect(blocked.warnings).toEqual([PROMO_TOO_MANY]);
    expect(blocked.promoCode).toBeNull();
    expect((await promo(app, '10.40.0.1', id, 'nyhetsbrev30', 'en')).warnings).toEqual([
      { code: 'PROMO_CODE_INVALID', message: 'Too many attempts. Please wait a while and try again.' },
    ]);
    // Removing a code is no guess; another address is not held up.
    expect((await promo(app, '10.40.0.1', id, '')).warnings).toEqual([]);
    expect((await promo(app, '10.40.0.2', id, 'NYHETSBREV30')).promoCode).toBe('NYHETSBREV30');
  });

  it('limits aliased guesses in one request as one after the other', async () => {
    const id = await newCart(app, db);
    const codes = [wrongCode(), wrongCode(), wrongCode(), wrongCode(), 'NYHETSBREV30'];
    const aliased = codes.map((code, i) => `a${i}: setCartPromoCode(id: $id, promoCode: "${code}") { promoCode warnings { code message } }`).join(' ');
    const data = await send(app, '10.40.1.1', `mutation ($id: String!) { ${aliased} }`, { id });
    expect(data.a4).toEqual({ promoCode: null, warnings: [PROMO_TOO_MANY] });
  });

  it('counts only wrong codes: good ones, and codes whose requirements are not met, are no guesses', async () => {
    const id = await newCart(app, db);
    for (let i = 0; i < 5; i++) expect((await promo(app, '10.40.2.1', id, i % 2 ? 'RETRO10' : 'SPARA100')).warnings).not.toContainEqual(PROMO_TOO_MANY);
    for (let i = 0; i < 2; i++) await promo(app, '10.40.2.1', id, wrongCode());
    expect((await promo(app, '10.40.2.1', id, 'RETRO10')).promoCode).toBe('RETRO10');
  });
});

describe.runIf(process.env.REDIS_URL)('code guessing across two instances sharing Redis', () => {
  let db: Db;
  let first: TestApp;
  let second: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    const env = { ...LIMITS, REDIS_URL: process.env.REDIS_URL! };
    ({ first, second, close } = await createTestAppPair(db, env));
  });
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('counts wrong gift card codes tried on either instance against one address', async () => {
    const id = await newCart(first, db);
    const code = `TEST${randomBytes(6).toString('hex').toUpperCase()}`;
    await db.query('INSERT INTO gift_cards (code, initial_minor, balance_minor) VALUES ($1, 5000, 5000)', [code]);
    await giftCard(first, '10.41.0.1', id, wrongCode());
    await giftCard(second, '10.41.0.1', id, wrongCode());
    await giftCard(first, '10.41.0.1', id, wrongCode());
    const blocked = await giftCard(second, '10.41.0.1', id, code);
    expect(blocked.warnings).toEqual([GIFT_TOO_MANY]);
    expect(blocked.giftCard).toBeNull();
    expect((await giftCard(second, '10.41.0.2', id, code)).giftCard).toEqual({ code });
  });

  it('counts wrong promo codes tried on either instance against one address', async () => {
    const id = await newCart(first, db);
    await promo(second, '10.41.1.1', id, wrongCode());
    await promo(first, '10.41.1.1', id, wrongCode());
    await promo(second, '10.41.1.1', id, wrongCode());
    expect((await promo(first, '10.41.1.1', id, 'RETRO10')).warnings).toEqual([PROMO_TOO_MANY]);
  });
});
