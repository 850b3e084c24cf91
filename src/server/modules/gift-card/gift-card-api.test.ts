import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db, SqlParam } from '../../db/client';
import type { CheckoutInput } from '../../generated/api-types';
import { formatMoney } from '../../../shared/money';
import { gql } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import { cartCalls, createSku, openCartApp, type TestApp } from '../cart/cart-test-kit';
import { checkoutCalls, stockOfSku, VALID_PERSON } from '../checkout/checkout-test-kit';
import { placeOrder } from '../checkout';

const ADMIN = { ADMIN_EMAIL: 'admin@retro.example', ADMIN_PASSWORD: 'correct horse battery' };

interface GiftCartResult {
  id: string;
  giftCard: {
    code: string;
    balanceIncVat: number;
    balanceIncVatFormatted: string;
    appliedAmountIncVat: number;
    appliedAmountIncVatFormatted: string;
    expiresAt: string | null;
  } | null;
  warnings: { code: string; message: string }[];
  items: { skuId: number; quantity: number }[];
  summary: {
    shipping: { feeIncVat: number };
    total: { sellingPriceIncVat: number; vat: number };
    giftCardAmountIncVat: number;
    giftCardAmountIncVatFormatted: string;
    amountToPayIncVat: number;
    amountToPayIncVatFormatted: string;
  };
}

const GIFT_CART = `id giftCard { code balanceIncVat balanceIncVatFormatted appliedAmountIncVat appliedAmountIncVatFormatted expiresAt }
  warnings { code message } items { skuId quantity }
  summary { shipping { feeIncVat } total { sellingPriceIncVat vat } giftCardAmountIncVat giftCardAmountIncVatFormatted
    amountToPayIncVat amountToPayIncVatFormatted }`;

const TOTALS = `totals { totalIncVat shippingFeeIncVat giftCardIncVat amountToPayIncVat giftCardIncVatFormatted amountToPayIncVatFormatted }`;

interface Totals {
  totalIncVat: number;
  shippingFeeIncVat: number;
  giftCardIncVat: number;
  amountToPayIncVat: number;
  giftCardIncVatFormatted: string;
  amountToPayIncVatFormatted: string;
}

interface GiftOrder {
  orderId: string;
  orderNumber: number;
  status: string;
  paymentStatus: string;
  totals: Totals;
}

const ORDER = `orderId orderNumber status paymentStatus ${TOTALS}`;

function dataOf<T>(answer: { body: { data?: Record<string, T> | null; errors?: unknown[] } }): T {
  if (answer.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(answer.body.errors)}`);
  return Object.values(answer.body.data ?? {})[0] as T;
}

describe.each(testDbKinds())('gift cards on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const cart = cartCalls(() => app);
  const checkout = checkoutCalls(() => app);
  openCartApp(
    kind,
    (openedDb, openedApp) => {
      db = openedDb;
      app = openedApp;
    },
    ADMIN
  );

  /** A card of the test's own, so tests never share a balance. */
  async function createCard(balanceMinor: number, expiresAt: Date | null = null): Promise<string> {
    const code = `TEST${randomBytes(6).toString('hex').toUpperCase()}`;
    await db.query('INSERT INTO gift_cards (code, initial_minor, balance_minor, expires_at) VALUES ($1, $2, $2, $3)', [code, balanceMinor, expiresAt]);
    return code;
  }

  const balanceOf = async (code: string) =>
    (await db.query<{ balance_minor: number }>('SELECT balance_minor FROM gift_cards WHERE code = $1', [code]))[0]!.balance_minor;

  const giftCardRaw = (id: string, code: string, options: { key?: string | null; languageId?: string } = {}) =>
    gql<{ setCartGiftCard: GiftCartResult }>(
      app,
      `mutation ($id: String!, $code: String!, $key: String, $languageId: String) {
         setCartGiftCard(id: $id, code: $code, idempotencyKey: $key, languageId: $languageId) { ${GIFT_CART} } }`,
      { id, code, key: options.key === undefined ? randomUUID() : options.key, languageId: options.languageId ?? null },
    );
  const applyCard = async (id: string, code: string, options: { key?: string | null; languageId?: string } = {}) =>
    dataOf<GiftCartResult>(await giftCardRaw(id, code, options));
  const getCart = async (id: string, languageId = 'sv') =>
    dataOf<GiftCartResult>(
      await gql(app, `query ($id: String!, $languageId: String) { getCart(id: $id, languageId: $languageId) { ${GIFT_CART} } }`, { id, languageId }),
    );
  const checkoutTotals = async (cartId: string, input: Record<string, unknown>) =>
    dataOf<{ totals: Totals }>(
      await gql(app, `mutation ($cartId: String!, $checkout: CheckoutInput!) { createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) { ${TOTALS} } }`, {
        cartId,
        checkout: input,
      }),
    ).totals;
  const order = async (orderId: string, token: string) =>
    dataOf<GiftOrder>(await gql(app, `query ($orderId: String!, $token: String!) { order(orderId: $orderId, token: $token) { ${ORDER} } }`, { orderId, token }));

  /** A stored cart holding `quantity` of a fresh 100 kr SKU: 149 kr with the default 49 kr shipping for one. */
  async function cartWith(quantity = 1, stock = 50) {
    const sku = await createSku(db, { priceMinor: 10_000, stock });
    const created = await cart.add('', sku.skuId, quantity);
    return { cartId: created.id, skuId: sku.skuId };
  }

  async function adminToken(): Promise<string> {
    const answer = await gql<{ adminLogin: { token: string } }>(
      app,
      `mutation ($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }`,
      { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
    );
    return answer.body.data!.adminLogin.token;
  }

  async function cancelAsAdmin(orderId: string) {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${await adminToken()}` },
      payload: { query: `mutation ($orderId: String!) { setOrderStatus(orderId: $orderId, status: CANCELLED) { status } }`, variables: { orderId } },
    });
    const body = res.json() as { data?: { setOrderStatus: { status: string } }; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data!.setOrderStatus.status;
  }

  describe('setCartGiftCard', () => {
    it('applies a card in any letter case, covers at most the total and leaves the total itself alone', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      const applied = await applyCard(cartId, `  ${code.toLowerCase()} `);
      expect(applied.warnings).toEqual([]);
      expect(applied.giftCard).toEqual({
        code,
        balanceIncVat: 500,
        balanceIncVatFormatted: formatMoney(50_000, 'sv'),
        appliedAmountIncVat: 149,
        appliedAmountIncVatFormatted: formatMoney(14_900, 'sv'),
        expiresAt: null,
      });
      expect(applied.summary).toMatchObject({
        shipping: { feeIncVat: 49 },
        total: { sellingPriceIncVat: 149, vat: 29.8 },
        giftCardAmountIncVat: 149,
        amountToPayIncVat: 0,
        amountToPayIncVatFormatted: formatMoney(0, 'sv'),
      });
      // Applying draws nothing: the card is spent only when an order is placed.
      expect(await balanceOf(code)).toBe(50_000);
      const english = await getCart(cartId, 'en');
      expect(english.giftCard!.balanceIncVatFormatted).toBe(formatMoney(50_000, 'en'));

      const smaller = await createCard(10_000);
      const partly = await applyCard(cartId, smaller);
      expect(partly.giftCard).toMatchObject({ code: smaller, balanceIncVat: 100, appliedAmountIncVat: 100 });
      expect(partly.summary).toMatchObject({ giftCardAmountIncVat: 100, amountToPayIncVat: 49, giftCardAmountIncVatFormatted: formatMoney(10_000, 'sv') });

      const removed = await applyCard(cartId, '');
      expect(removed.giftCard).toBeNull();
      expect(removed.summary).toMatchObject({ giftCardAmountIncVat: 0, amountToPayIncVat: 149 });
    });

    it('refuses unknown, expired and used-up cards with the text in Swedish and English, keeping what was applied', async () => {
      const { cartId } = await cartWith(1);
      const good = await createCard(20_000);
      await applyCard(cartId, good);
      const expired = await createCard(50_000, new Date(Date.now() - 60_000));
      const usedUp = await createCard(10_000);
      await db.query('UPDATE gift_cards SET balance_minor = 0 WHERE code = $1', [usedUp]);
      for (const code of ['FINNSINTE123', expired, usedUp]) {
        const sv = await applyCard(cartId, code);
        expect(sv.warnings).toEqual([{ code: 'GIFT_CARD_INVALID', message: 'Presentkortet är ogiltigt eller förbrukat' }]);
        expect(sv.giftCard?.code).toBe(good);
        const en = await applyCard(cartId, code, { languageId: 'en' });
        expect(en.warnings).toEqual([{ code: 'GIFT_CARD_INVALID', message: 'The gift card is not valid or has no balance left' }]);
      }
      const tooLong = await giftCardRaw(cartId, 'X'.repeat(65));
      expect(tooLong.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('knows the seeded demo cards', async () => {
      const { cartId } = await cartWith(1);
      expect((await applyCard(cartId, 'presentkort500')).giftCard).toMatchObject({ code: 'PRESENTKORT500', balanceIncVat: 500 });
      expect((await applyCard(cartId, 'PRESENTKORT100')).giftCard).toMatchObject({ balanceIncVat: 100, appliedAmountIncVat: 100 });
      expect((await applyCard(cartId, 'PRESENTKORTTEST')).giftCard).toMatchObject({ balanceIncVat: 1_000_000, appliedAmountIncVat: 149 });
      expect((await applyCard(cartId, 'PRESENTKORTUTGANGET')).warnings.map((w) => w.code)).toEqual(['GIFT_CARD_INVALID']);
      expect((await applyCard(cartId, 'PRESENTKORTTOMT')).warnings.map((w) => w.code)).toEqual(['GIFT_CARD_INVALID']);
    });

    it('applies a replayed key once, and never answers it with its cart when the replay carries no cart id', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(10_000);
      const key = randomUUID();
      expect((await applyCard(cartId, code, { key })).giftCard?.code).toBe(code);
      expect((await applyCard(cartId, '')).giftCard).toBeNull();
      const replay = await applyCard(cartId, code, { key });
      expect(replay.giftCard).toBeNull();

      // Without the cart's id, the key cannot lead back to the cart (and its card) it started.
      const startKey = randomUUID();
      const started = await applyCard('', code, { key: startKey });
      const again = await applyCard('', code, { key: startKey });
      expect(again.id).not.toBe(started.id);
    });

    it('tells once and removes a card that ran out or expired after it was applied', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(10_000);
      await applyCard(cartId, code);
      await db.query('UPDATE gift_cards SET balance_minor = 0 WHERE code = $1', [code]);
      const told = await getCart(cartId);
      expect(told.warnings).toEqual([{ code: 'GIFT_CARD_INVALID', message: 'Presentkortet är ogiltigt eller förbrukat' }]);
      expect(told.giftCard).toBeNull();
      expect((await getCart(cartId)).warnings).toEqual([]);
    });
  });

  describe('guessing codes', () => {
    /** One GraphQL request from a client address of the test's own, so other tests' wrong codes do not count. */
    const from = async (remoteAddress: string, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
      (await app.fastify.inject({ method: 'POST', url: '/graphql', remoteAddress, headers, payload: { query, variables } })).json() as {
        data?: Record<string, GiftCartResult> | null;
        errors?: { message: string }[];
      };
    const SET = `mutation ($id: String!, $code: String!, $languageId: String) {
      setCartGiftCard(id: $id, code: $code, idempotencyKey: null, languageId: $languageId) { ${GIFT_CART} } }`;
    const tryCode = async (address: string, id: string, code: string, languageId = 'sv', headers: Record<string, string> = {}) =>
      dataOf<GiftCartResult>({ body: await from(address, SET, { id, code, languageId }, headers) });
    const INVALID = { code: 'GIFT_CARD_INVALID', message: 'Presentkortet är ogiltigt eller förbrukat' };
    const TOO_MANY = { code: 'GIFT_CARD_INVALID', message: 'För många försök. Vänta en stund och försök igen.' };
    const wrongCode = () => `WRONG${randomBytes(6).toString('hex').toUpperCase()}`;

    it('refuses a request with more than 15 aliases before running any of it', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(10_000);
      const aliased = (n: number) =>
        `mutation ($id: String!) { ${Array.from({ length: n }, (_, i) => `a${i}: setCartGiftCard(id: $id, code: "${i === n - 1 ? code : wrongCode()}") { id }`).join(' ')} }`;
      const refused = await from('10.9.0.1', aliased(16), { id: cartId });
      expect(refused.data).toBeUndefined();
      expect(refused.errors?.[0]?.message).toMatch(/Aliases limit of 15 exceeded, found 16/);
      expect((await getCart(cartId)).giftCard).toBeNull();
      // 15 run, one after the other, and the attempt limit stops the guessing among them.
      const allowed = await from('10.9.0.2', aliased(15), { id: cartId });
      expect(allowed.errors).toBeUndefined();
      expect(Object.keys(allowed.data!)).toHaveLength(15);
      expect((await getCart(cartId)).giftCard).toBeNull();
    });

    it('stops looking codes up for an address after 10 wrong ones, in either language', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(10_000);
      for (let i = 0; i < 10; i++) expect((await tryCode('10.9.1.1', cartId, wrongCode())).warnings).toEqual([INVALID]);
      // A good code is not looked up either, so guessing cannot go on by telling good answers from refusals.
      const blocked = await tryCode('10.9.1.1', cartId, code);
      expect(blocked.warnings).toEqual([TOO_MANY]);
      expect(blocked.giftCard).toBeNull();
      expect(blocked.items).toHaveLength(1);
      expect((await tryCode('10.9.1.1', cartId, code, 'en')).warnings).toEqual([
        { code: 'GIFT_CARD_INVALID', message: 'Too many attempts. Please wait a while and try again.' },
      ]);
      // Without TRUST_PROXY an X-Forwarded-For header does not make it another client.
      expect((await tryCode('10.9.1.1', cartId, code, 'sv', { 'x-forwarded-for': '203.0.113.7' })).warnings).toEqual([TOO_MANY]);
      // Removing a card is no guess; other addresses are not held up.
      expect((await tryCode('10.9.1.1', cartId, '')).warnings).toEqual([]);
      expect((await tryCode('10.9.1.2', cartId, code)).giftCard).toMatchObject({ code });
    });

    it('counts only wrong codes: a shopper applying good ones is never stopped', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(10_000);
      for (let i = 0; i < 12; i++) expect((await tryCode('10.9.2.1', cartId, i % 2 ? code : '')).warnings).toEqual([]);
      for (let i = 0; i < 9; i++) await tryCode('10.9.2.1', cartId, wrongCode());
      expect((await tryCode('10.9.2.1', cartId, code)).giftCard).toMatchObject({ code });
      expect((await tryCode('10.9.2.1', cartId, wrongCode())).warnings).toEqual([INVALID]);
      expect((await tryCode('10.9.2.1', cartId, code)).warnings).toEqual([TOO_MANY]);
    });
  });

  describe('checkout and placeOrder', () => {
    it('covers its balance of the total with the chosen carrier, so a dearer carrier leaves more to pay', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(12_000);
      await applyCard(cartId, code);
      expect(await checkoutTotals(cartId, VALID_PERSON)).toEqual({
        totalIncVat: 149,
        shippingFeeIncVat: 49,
        giftCardIncVat: 120,
        amountToPayIncVat: 29,
        giftCardIncVatFormatted: formatMoney(12_000, 'sv'),
        amountToPayIncVatFormatted: formatMoney(2_900, 'sv'),
      });
      expect(await checkoutTotals(cartId, { shippingMethodId: 'budbee-hem' })).toMatchObject({ totalIncVat: 169, giftCardIncVat: 120, amountToPayIncVat: 49 });
    });

    it('draws part of the total from the card, records the draw and leaves the rest to the payment provider', async () => {
      const { cartId } = await cartWith(2);
      const code = await createCard(10_000);
      await applyCard(cartId, code);
      const placed = await checkout.place(cartId, VALID_PERSON);
      expect(placed.status).toBe('PLACED');
      expect(await balanceOf(code)).toBe(0);
      const [row] = await db.query<{ gift_card_code: string; gift_card_minor: number; payment_provider: string }>(
        'SELECT gift_card_code, gift_card_minor, payment_provider FROM orders WHERE order_id = $1',
        [placed.orderId],
      );
      expect(row).toEqual({ gift_card_code: code, gift_card_minor: 10_000, payment_provider: 'test' });
      const draws = await db.query<{ code: string; amount_minor: number; returned_at: string | null }>(
        'SELECT code, amount_minor, returned_at FROM gift_card_draws WHERE order_id = $1',
        [placed.orderId],
      );
      expect(draws).toEqual([{ code, amount_minor: 10_000, returned_at: null }]);
      const placedOrder = await order(placed.orderId!, placed.token!);
      expect(placedOrder).toMatchObject({ paymentStatus: 'PENDING', totals: { totalIncVat: 249, giftCardIncVat: 100, amountToPayIncVat: 149 } });
      // The cart is emptied, its card with it.
      const after = await getCart(cartId);
      expect(after.giftCard).toBeNull();
      expect(after.items).toEqual([]);
      expect((await checkout.completePayment(placed.orderId!, placed.token!)).paymentStatus).toBe('PAID');
    });

    it('pays an order the card covers in full without a payment page, queues the confirmation once, in either language', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      await applyCard(cartId, code);
      const placed = await checkout.place(cartId, VALID_PERSON);
      expect(placed.status).toBe('PLACED');
      expect(placed.redirectUrl).toBe(`/checkout/confirm?order=${placed.orderId}&token=${placed.token}`);
      expect(await balanceOf(code)).toBe(50_000 - 14_900);
      expect(await order(placed.orderId!, placed.token!)).toMatchObject({
        status: 'RECEIVED',
        paymentStatus: 'PAID',
        totals: { totalIncVat: 149, giftCardIncVat: 149, amountToPayIncVat: 0 },
      });
      const [row] = await db.query<{ payment_provider: string; payment_reference: string | null }>(
        'SELECT payment_provider, payment_reference FROM orders WHERE order_id = $1',
        [placed.orderId],
      );
      expect(row).toEqual({ payment_provider: 'giftcard', payment_reference: null });
      // The confirmation page settles the payment: already paid, it changes nothing and queues no second mail.
      expect((await checkout.completePayment(placed.orderId!, placed.token!)).paymentStatus).toBe('PAID');
      const mails = await db.query<{ kind: string; text: string }>(
        "SELECT kind, text FROM mail_outbox WHERE subject LIKE '%' || $1 || '%'",
        [String(placed.orderNumber)],
      );
      expect(mails.map((m) => m.kind)).toEqual(['orderconfirmed']);
      expect(mails[0]!.text).toContain(`Betalt med presentkort: ${formatMoney(14_900, 'sv')}`);

      const english = await cartWith(1);
      await applyCard(english.cartId, code);
      const placedEn = await checkout.placeRaw(english.cartId, VALID_PERSON, randomUUID(), 'en');
      const result = placedEn.body.data!.placeOrder;
      expect(result.redirectUrl).toBe(`/en/checkout/confirm?order=${result.orderId}&token=${result.token}`);
    });

    it('answers a replayed key with the same fully paid order and draws once', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      await applyCard(cartId, code);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 5 }, () => checkout.place(cartId, VALID_PERSON, key)));
      expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
      expect(new Set(answers.map((a) => a.redirectUrl)).size).toBe(1);
      expect(await balanceOf(code)).toBe(50_000 - 14_900);
    });

    it('never overdraws one card spent by 10 carts at once: an order the card no longer covers as shown is not placed', async () => {
      const code = await createCard(50_000);
      const sku = await createSku(db, { priceMinor: 10_000, stock: 100 });
      const carts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const id = (await cart.add('', sku.skuId, 1)).id;
        // Every cart shows the whole card: nothing is reserved until an order draws from it.
        expect((await applyCard(id, code)).summary.amountToPayIncVat).toBe(0);
        carts.push(id);
      }
      const answers = await Promise.all(carts.map((cartId) => checkout.place(cartId, VALID_PERSON)));
      const placed = answers.filter((a) => a.status === 'PLACED');
      const refused = answers.filter((a) => a.status !== 'PLACED');
      // Which orders come first depends on the database's scheduling; three find the card as shown whatever it is.
      expect(placed.length).toBeGreaterThanOrEqual(3);
      for (const answer of refused) {
        expect(answer).toMatchObject({ status: 'NOT_PLACEABLE', orderId: null });
        expect(answer.message).toMatch(/^Varukorgen har ändrats\. Kontrollera den innan du slutför ditt köp\. Presentkortet (är ogiltigt eller förbrukat|räcker nu bara till 53,00 kr)$/);
      }
      const orders = await db.query<{ gift_card_minor: number; total_minor: number; payment_status: string }>(
        'SELECT gift_card_minor, total_minor, payment_status FROM orders WHERE order_id = ANY($1::text[]) ORDER BY gift_card_minor DESC',
        [placed.map((a) => a.orderId!)],
      );
      const drawnByOrders = orders.reduce((sum, o) => sum + o.gift_card_minor, 0);
      expect(drawnByOrders + (await balanceOf(code))).toBe(50_000);
      expect(orders.slice(0, 3).map((o) => o.gift_card_minor)).toEqual([14_900, 14_900, 14_900]);
      expect(orders.filter((o) => o.payment_status === 'PAID')).toHaveLength(3);
      const [drawn] = await db.query<{ n: number; sum: number }>(
        'SELECT count(*)::int AS n, COALESCE(sum(amount_minor), 0)::int AS sum FROM gift_card_draws WHERE code = $1',
        [code],
      );
      expect(drawn).toEqual({ n: orders.filter((o) => o.gift_card_minor > 0).length, sum: drawnByOrders });
      // Nothing was taken for a refused order; its cart is as it was, for the shopper to look at again.
      expect(await stockOfSku(db, sku.skuId)).toBe(100 - placed.length);
    });

    it('does not place the order when the card expired after it was applied: the shopper sees it gone first', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      await applyCard(cartId, code);
      await db.query(`UPDATE gift_cards SET expires_at = now() - interval '1 minute' WHERE code = $1`, [code]);
      const refused = await checkout.place(cartId, VALID_PERSON);
      expect(refused).toMatchObject({
        status: 'NOT_PLACEABLE',
        orderId: null,
        message: 'Varukorgen har ändrats. Kontrollera den innan du slutför ditt köp. Presentkortet är ogiltigt eller förbrukat',
      });
      // Told once: the card is off the cart, and placing again (now knowingly) charges the full price.
      const seen = await getCart(cartId);
      expect(seen.giftCard).toBeNull();
      expect(seen.summary.amountToPayIncVat).toBe(149);
      const placed = await checkout.place(cartId, VALID_PERSON);
      expect(placed.status).toBe('PLACED');
      expect((await order(placed.orderId!, placed.token!)).totals).toMatchObject({ giftCardIncVat: 0, amountToPayIncVat: 149 });
      expect(await balanceOf(code)).toBe(50_000);
    });
  });

  describe('no payment method when the card pays it all', () => {
    /** The valid form with the payment method cleared (an explicit null clears what was saved). */
    const NO_METHOD = { ...VALID_PERSON, paymentMethod: null };
    const REQUIRED = { field: 'paymentMethod', message: 'Detta fält är obligatoriskt' };

    const orderRow = async (orderId: string) =>
      (
        await db.query<{ payment_method: string; payment_status: string; payment_provider: string; gift_card_minor: number }>(
          'SELECT payment_method, payment_status, payment_provider, gift_card_minor FROM orders WHERE order_id = $1',
          [orderId],
        )
      )[0]!;
    const methodOf = async (orderId: string, token: string, languageId: string) =>
      dataOf<{ paymentMethod: string; paymentMethodLabel: string }>(
        await gql(
          app,
          `query ($orderId: String!, $token: String!, $languageId: String) {
             order(orderId: $orderId, token: $token, languageId: $languageId) { paymentMethod paymentMethodLabel } }`,
          { orderId, token, languageId },
        ),
      );

    /**
     * The database as placeOrder sees it when another order spends the card between the cart's read of it and
     * the lock: the balance is set to `leftMinor` in the transaction right before the card is locked.
     */
    const cardSpentBeforeTheLock = (code: string, leftMinor: number): Db => ({
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            exec: (sql) => tx.exec(sql),
            async query<R>(text: string, params?: readonly SqlParam[]) {
              if (text.includes('FROM gift_cards WHERE code = $1 FOR UPDATE')) {
                await tx.query('UPDATE gift_cards SET balance_minor = $2 WHERE code = $1', [code, leftMinor]);
              }
              return tx.query<R>(text, params);
            },
          }),
        ),
    });

    it('needs no method (nor invoice\'s id number), ignores one chosen and records the order as paid by gift card', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      await applyCard(cartId, code);
      const saved = await checkout.save(cartId, NO_METHOD);
      expect(saved.validationErrors).toEqual([]);
      expect(saved.paymentBlocked).toBe(false);
      expect(await checkoutTotals(cartId, {})).toMatchObject({ giftCardIncVat: 149, amountToPayIncVat: 0 });
      // Nothing is billed, so invoice's identity rule has nothing to bill; nor is GIFT_CARD wrong here.
      expect((await checkout.save(cartId, { ...NO_METHOD, paymentMethod: 'INVOICE' })).validationErrors).toEqual([]);
      expect((await checkout.save(cartId, { ...NO_METHOD, paymentMethod: 'GIFT_CARD' })).validationErrors).toEqual([]);

      const placed = await checkout.place(cartId, NO_METHOD);
      expect(placed).toMatchObject({ status: 'PLACED', validationErrors: [], redirectUrl: `/checkout/confirm?order=${placed.orderId}&token=${placed.token}` });
      expect(await orderRow(placed.orderId!)).toEqual({ payment_method: 'GIFT_CARD', payment_status: 'PAID', payment_provider: 'giftcard', gift_card_minor: 14_900 });
      expect(await methodOf(placed.orderId!, placed.token!, 'sv')).toEqual({ paymentMethod: 'GIFT_CARD', paymentMethodLabel: 'Presentkort' });
      expect(await methodOf(placed.orderId!, placed.token!, 'en')).toEqual({ paymentMethod: 'GIFT_CARD', paymentMethodLabel: 'Gift card' });
      const [mail] = await db.query<{ text: string; html: string }>(
        "SELECT text, html FROM mail_outbox WHERE kind = 'orderconfirmed' AND subject LIKE '%' || $1 || '%'",
        [String(placed.orderNumber)],
      );
      expect(mail!.text).toContain('Betalsätt: Presentkort');
      expect(mail!.html).toMatch(/Betalsätt<\/div>\s*(<!-- -->)?Presentkort/);

      // A method chosen before the card was applied is set aside too.
      const other = await cartWith(1);
      await applyCard(other.cartId, code);
      const withInvoice = await checkout.place(other.cartId, { ...VALID_PERSON, paymentMethod: 'INVOICE' });
      expect(withInvoice.status).toBe('PLACED');
      expect(await orderRow(withInvoice.orderId!)).toMatchObject({ payment_method: 'GIFT_CARD', payment_status: 'PAID' });
      expect(await balanceOf(code)).toBe(50_000 - 2 * 14_900);
    });

    it('still needs a method for what the card leaves to pay, also once a dearer carrier is chosen', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(15_000);
      await applyCard(cartId, code);
      // 149 kr with PostNord: covered. 169 kr with Budbee: 1 kr is left to pay.
      expect((await checkout.save(cartId, NO_METHOD)).validationErrors).toEqual([]);
      const dearer = await checkout.save(cartId, { shippingMethodId: 'budbee-hem' });
      expect(dearer.validationErrors).toEqual([REQUIRED]);
      expect(dearer.paymentBlocked).toBe(false);
      const refused = await checkout.place(cartId, { ...NO_METHOD, shippingMethodId: 'budbee-hem' });
      expect(refused).toMatchObject({ status: 'INVALID', orderId: null, message: 'Se till att alla fält är giltiga', validationErrors: [REQUIRED] });
      expect(await balanceOf(code)).toBe(15_000);
      // Invoice is billed for the rest, so it needs its id number again.
      const invoice = await checkout.save(cartId, { paymentMethod: 'INVOICE' });
      expect(invoice.validationErrors).toEqual([{ field: 'personalIdNumber', message: 'Du måste ange personnummer eller organisationsnummer för att betala med faktura' }]);

      const placed = await checkout.place(cartId, { ...VALID_PERSON, shippingMethodId: 'budbee-hem' });
      expect(placed.status).toBe('PLACED');
      expect(await orderRow(placed.orderId!)).toEqual({ payment_method: 'CARD', payment_status: 'PENDING', payment_provider: 'test', gift_card_minor: 15_000 });
    });

    it('refuses GIFT_CARD sent as the method while something is left to pay, in either language', async () => {
      const { cartId } = await cartWith(1);
      await applyCard(cartId, await createCard(10_000));
      const asGiftCard = { ...VALID_PERSON, paymentMethod: 'GIFT_CARD' };
      const payTheRest = { field: 'paymentMethod', message: 'Välj hur du vill betala resten' };
      expect((await checkout.save(cartId, asGiftCard)).validationErrors).toEqual([payTheRest]);
      expect((await checkout.save(cartId, asGiftCard, 'en')).validationErrors).toEqual([{ field: 'paymentMethod', message: 'Choose how to pay the rest' }]);
      expect(await checkout.place(cartId, asGiftCard)).toMatchObject({ status: 'INVALID', orderId: null, validationErrors: [payTheRest] });
      // Without a card there is no rest: the method is simply missing.
      await applyCard(cartId, '');
      expect((await checkout.save(cartId, asGiftCard)).validationErrors).toEqual([REQUIRED]);
      expect(await checkout.place(cartId, asGiftCard)).toMatchObject({ status: 'INVALID', validationErrors: [REQUIRED] });
    });

    it('does not place an order the card covers less of under the lock than the checkout showed, whatever method was chosen before', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      await applyCard(cartId, code);
      /** The checkout shows the whole card (149 kr paid by it); another order leaves `leftMinor` before the lock. */
      const place = async (input: Record<string, unknown>, leftMinor: number, languageId: 'sv' | 'en' = 'sv') => {
        await db.query('UPDATE gift_cards SET balance_minor = 50000 WHERE code = $1', [code]);
        return placeOrder(cardSpentBeforeTheLock(code, leftMinor), app.pubsub, {
          cartId,
          customerId: null,
          input: input as CheckoutInput,
          idempotencyKey: randomUUID(),
          languageId,
          provider: 'test',
          variant: 'games',
        });
      };
      const notPlaced = (message: string) => ({ status: 'NOT_PLACEABLE', orderId: null, redirectUrl: null, validationErrors: [], message });
      const ordersOfCart = async () => (await db.query('SELECT 1 FROM orders WHERE cart_id = $1', [cartId])).length;

      // The checkout showed 149 kr paid by the card and asked for no method; the card chosen before must not
      // be charged the 99 kr the card no longer covers.
      expect(await place({ ...NO_METHOD, paymentMethod: 'CARD' }, 5_000)).toMatchObject(
        notPlaced(`Varukorgen har ändrats. Kontrollera den innan du slutför ditt köp. Presentkortet räcker nu bara till ${formatMoney(5_000, 'sv')}`),
      );
      expect(await balanceOf(code)).toBe(5_000);
      expect(await place(NO_METHOD, 5_000, 'en')).toMatchObject(
        notPlaced(`Your cart has changed. Please check it before completing your purchase. The gift card now only covers ${formatMoney(5_000, 'en')}`),
      );
      expect(await place({ ...NO_METHOD, paymentMethod: 'INVOICE' }, 0)).toMatchObject(
        notPlaced('Varukorgen har ändrats. Kontrollera den innan du slutför ditt köp. Presentkortet är ogiltigt eller förbrukat'),
      );
      expect(await balanceOf(code)).toBe(0);
      expect(await ordersOfCart()).toBe(0);

      // Seen again, the checkout shows what the card covers now and asks how to pay the rest; then it is placed.
      await db.query('UPDATE gift_cards SET balance_minor = 5000 WHERE code = $1', [code]);
      expect((await getCart(cartId)).items).toHaveLength(1);
      expect(await checkoutTotals(cartId, {})).toMatchObject({ giftCardIncVat: 50, amountToPayIncVat: 99 });
      expect((await checkout.save(cartId, NO_METHOD)).validationErrors).toEqual([REQUIRED]);
      const placed = await checkout.place(cartId, { ...NO_METHOD, paymentMethod: 'CARD' });
      expect(placed.status).toBe('PLACED');
      expect(await orderRow(placed.orderId!)).toEqual({ payment_method: 'CARD', payment_status: 'PENDING', payment_provider: 'test', gift_card_minor: 5_000 });
      expect(await balanceOf(code)).toBe(0);
    });

    it('keeps GIFT_CARD in the database for orders the card paid in full', async () => {
      const { cartId } = await cartWith(2);
      const placed = await checkout.place(cartId, VALID_PERSON);
      await expect(db.query("UPDATE orders SET payment_method = 'GIFT_CARD' WHERE order_id = $1", [placed.orderId])).rejects.toThrow(
        /orders_gift_card_method_paid_in_full/,
      );
    });
  });

  describe('giving a draw back', () => {
    it('returns the draw once when the payment fails, and puts the card back on the cart', async () => {
      const { cartId, skuId } = await cartWith(1, 5);
      const code = await createCard(10_000);
      await applyCard(cartId, code);
      const placed = await checkout.place(cartId, { ...VALID_PERSON, email: 'fail@example.se' });
      expect(placed.redirectUrl).toBe(`/checkout/klarna-fail?order=${placed.orderId}&token=${placed.token}&reason=general`);
      expect(await balanceOf(code)).toBe(0);
      const settled = await checkout.completePayment(placed.orderId!, placed.token!);
      expect(settled).toMatchObject({ status: 'CANCELLED', paymentStatus: 'FAILED' });
      expect(await balanceOf(code)).toBe(10_000);
      await checkout.completePayment(placed.orderId!, placed.token!);
      expect(await balanceOf(code)).toBe(10_000);
      expect(await stockOfSku(db, skuId)).toBe(5);
      const back = await getCart(cartId);
      expect(back.giftCard).toMatchObject({ code, appliedAmountIncVat: 100 });
      expect(back.items).toEqual([{ skuId, quantity: 1 }]);
      // Cancelling a cancelled order changes nothing either.
      expect(await cancelAsAdmin(placed.orderId!)).toBe('CANCELLED');
      expect(await balanceOf(code)).toBe(10_000);
      const [draw] = await db.query<{ returned: boolean }>('SELECT returned_at IS NOT NULL AS returned FROM gift_card_draws WHERE order_id = $1', [placed.orderId]);
      expect(draw!.returned).toBe(true);
    });

    it('returns the draw when the admin cancels a paid order, once', async () => {
      const { cartId } = await cartWith(1);
      const code = await createCard(50_000);
      await applyCard(cartId, code);
      const placed = await checkout.place(cartId, VALID_PERSON);
      expect(await balanceOf(code)).toBe(35_100);
      expect(await cancelAsAdmin(placed.orderId!)).toBe('CANCELLED');
      expect(await balanceOf(code)).toBe(50_000);
      expect(await cancelAsAdmin(placed.orderId!)).toBe('CANCELLED');
      expect(await balanceOf(code)).toBe(50_000);
    });
  });
});
