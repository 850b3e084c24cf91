import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import { CART_SELECTION, createSku, type CartResult } from '../cart/cart-test-kit';
import { VALID_PERSON } from '../checkout/checkout-test-kit';
import { testDbKinds } from '../../testing/db';
import { adminToken, call, dataOf, logOut, openAccountApp, PASSWORD, shopAs, signIn, signUp, type TestApp } from './customer-test-kit';

const USER = `customerId email customerType firstName lastName phoneNumber gender careOf streetAddress addressLine2 zip city country
  personalIdNumber organisationIdNumber companyName newsletterConsent shopAs`;
const ORDERS = `inProgress { orderId orderNumber status email createdAt shippingAddress { firstName city } lines { skuId quantity } totals { totalIncVat } }
  history { orderId orderNumber status }`;
const BALANCE = 'amount amountFormatted movements { createdAt amount amountFormatted description orderNumber }';

interface UserResult {
  customerId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  gender: string;
  zip: string | null;
  city: string | null;
  country: string;
  newsletterConsent: boolean;
  shopAs: boolean;
}
interface OrdersResult {
  inProgress: { orderId: string; orderNumber: number; status: string; email: string; shippingAddress: { firstName: string; city: string } }[];
  history: { orderId: string; orderNumber: number; status: string }[];
}
interface BalanceResult {
  amount: number;
  amountFormatted: string;
  movements: { amount: number; amountFormatted: string; description: string; orderNumber: number | null }[];
}

describe.each(testDbKinds())('customer accounts over GraphQL on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  openAccountApp(kind, (openedDb, openedApp) => {
    db = openedDb;
    app = openedApp;
  });

  const getUser = (token?: string) => call<{ getUser: UserResult }>(app, `query { getUser { ${USER} } }`, {}, token);
  const getOrders = (token?: string) => call<{ getOrders: OrdersResult }>(app, `query { getOrders { ${ORDERS} } }`, {}, token);
  const getBalance = (token?: string, languageId = 'sv') =>
    call<{ getBalance: BalanceResult }>(app, `query ($l: String) { getBalance(languageId: $l) { ${BALANCE} } }`, { l: languageId }, token);
  const updateUser = (user: Record<string, unknown>, token?: string, languageId = 'sv') =>
    call<{ updateUser: UserResult }>(app, `mutation ($user: UserInput!, $l: String) { updateUser(user: $user, languageId: $l) { ${USER} } }`, { user, l: languageId }, token);

  const getCart = (id: string, token?: string) =>
    call<{ getCart: CartResult }>(app, `query ($id: String!) { getCart(id: $id) { ${CART_SELECTION} } }`, { id }, token);
  const addToCart = (id: string, skuId: number, quantity: number, token?: string, key: string = randomUUID()) =>
    call<{ addToCart: CartResult }>(
      app,
      `mutation ($id: String!, $item: CartItemInputType!, $key: String) { addToCart(id: $id, item: $item, idempotencyKey: $key) { ${CART_SELECTION} } }`,
      { id, item: { skuId, quantity }, key },
      token,
    );
  const updateCartItem = (id: string, skuId: number, quantity: number, token?: string) =>
    call<{ updateCartItem: CartResult }>(
      app,
      `mutation ($id: String!, $item: CartItemInputType!) { updateCartItem(id: $id, item: $item) { ${CART_SELECTION} } }`,
      { id, item: { skuId, quantity } },
      token,
    );
  const setPromoCode = (id: string, promoCode: string, token?: string) =>
    call<{ setCartPromoCode: CartResult }>(app, `mutation ($id: String!, $c: String!) { setCartPromoCode(id: $id, promoCode: $c) { ${CART_SELECTION} } }`, { id, c: promoCode }, token);
  const claimCart = (id: string, token?: string) =>
    call<{ claimCart: CartResult }>(app, `mutation ($id: String!) { claimCart(id: $id) { ${CART_SELECTION} } }`, { id }, token);
  const checkout = (cartId: string, token?: string) =>
    call<{ checkout: { cartId: string; email: string | null; cart: { id: string; items: { skuId: number }[] } } }>(
      app,
      'query ($id: String!) { checkout(cartId: $id) { cartId email cart { id items { skuId } } } }',
      { id: cartId },
      token,
    );
  const saveCheckout = (cartId: string, form: Record<string, unknown>, token?: string) =>
    call<{ createOrUpdateCheckout: { cartId: string } }>(
      app,
      'mutation ($id: String!, $c: CheckoutInput!) { createOrUpdateCheckout(cartId: $id, checkout: $c) { cartId } }',
      { id: cartId, c: form },
      token,
    );
  const placeOrder = (cartId: string, form: Record<string, unknown>, token?: string) =>
    call<{ placeOrder: { status: string; orderId: string | null; orderNumber: number | null; message: string | null } }>(
      app,
      'mutation ($id: String!, $c: CheckoutInput!, $key: String) { placeOrder(cartId: $id, checkout: $c, idempotencyKey: $key) { status orderId orderNumber message } }',
      { id: cartId, c: form, key: randomUUID() },
      token,
    );

  /** An order of one item, placed by the customer whose token is given (none: a guest), with this form. */
  async function buy(form: Record<string, unknown>, token?: string): Promise<{ orderId: string; orderNumber: number }> {
    const sku = await createSku(db, { priceMinor: 20_000, stock: 50 });
    const cart = dataOf(await addToCart('', sku.skuId, 1, token));
    const placed = dataOf(await placeOrder(cart.id, form, token));
    expect(placed).toMatchObject({ status: 'PLACED' });
    return { orderId: placed.orderId!, orderNumber: placed.orderNumber! };
  }

  const codeOf = (answer: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => answer.body.errors?.[0]?.extensions?.code;

  describe('who may ask', () => {
    it('answers every user field UNAUTHENTICATED without a token, with a made-up one, and after the session ends', async () => {
      const a = await signUp(app);
      const forged = `${a.token.slice(0, -4)}AAAA`;
      for (const token of [undefined, forged, 'not-a-token']) {
        expect(codeOf(await getUser(token))).toBe('UNAUTHENTICATED');
        expect(codeOf(await getOrders(token))).toBe('UNAUTHENTICATED');
        expect(codeOf(await getBalance(token))).toBe('UNAUTHENTICATED');
        expect(codeOf(await updateUser({ firstName: 'Mallory' }, token))).toBe('UNAUTHENTICATED');
        expect(codeOf(await call(app, 'mutation { deleteUser { ok } }', {}, token))).toBe('UNAUTHENTICATED');
        expect(codeOf(await claimCart('', token))).toBe('UNAUTHENTICATED');
      }
      expect(dataOf(await getUser(a.token)).customerId).toBe(a.customerId);
      await logOut(app, a.token);
      expect(codeOf(await getUser(a.token))).toBe('UNAUTHENTICATED');
    });

    it("answers each customer their own details only: the id comes from the token, never from the request", async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const b = await signUp(app, { firstName: 'Bertil' });
      expect(dataOf(await getUser(a.token))).toMatchObject({ customerId: a.customerId, email: a.email, firstName: 'Anna', shopAs: false });
      expect(dataOf(await getUser(b.token))).toMatchObject({ customerId: b.customerId, email: b.email, firstName: 'Bertil' });
      dataOf(await updateUser({ lastName: 'Bertilsson' }, b.token));
      expect(dataOf(await getUser(a.token)).lastName).toBeNull();
    });
  });

  describe('an admin shopping as the customer', () => {
    it('may look and save details, but not change the sign-in email nor delete the account', async () => {
      const customer = await signUp(app, { firstName: 'Stina' });
      const token = await shopAs(app, customer);
      expect(dataOf(await getUser(token))).toMatchObject({ customerId: customer.customerId, shopAs: true });
      const save = (user: Record<string, unknown>) => call(app, 'mutation ($u: UserInput!) { updateUser(user: $u) { email firstName } }', { u: user }, token);
      expect(dataOf(await save({ email: customer.email, firstName: 'Kristina' }))).toMatchObject({ email: customer.email, firstName: 'Kristina' });
      const changed = await save({ email: `annan-${customer.customerId}@example.se` });
      expect(changed.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const deleted = await call(app, 'mutation { deleteUser { ok } }', {}, token);
      expect(deleted.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      // The account is untouched, and the customer's own session still works.
      expect(dataOf(await getUser(customer.token))).toMatchObject({ email: customer.email, firstName: 'Kristina' });
    });
  });

  describe('orders', () => {
    it('gives an order placed with a token to that customer, and shows neither the other customer nor guest orders with the same email', async () => {
      const a = await signUp(app);
      const b = await signUp(app);
      const mine = await buy({ ...VALID_PERSON, email: a.email }, a.token);
      const theirs = await buy({ ...VALID_PERSON, email: b.email, firstName: 'Bertil' }, b.token);
      // A guest who types A's address is not A: nothing proves it, so the order never shows on A's pages.
      const guest = await buy({ ...VALID_PERSON, email: a.email });
      const owners = await db.query<{ order_id: string; customer_id: number | null }>(
        'SELECT order_id, customer_id FROM orders WHERE order_id = ANY($1::text[]) ORDER BY order_id',
        [[mine.orderId, theirs.orderId, guest.orderId]],
      );
      expect(Object.fromEntries(owners.map((o) => [o.order_id, o.customer_id]))).toEqual({
        [mine.orderId]: a.customerId,
        [theirs.orderId]: b.customerId,
        [guest.orderId]: null,
      });
      const ofA = dataOf(await getOrders(a.token));
      expect(ofA.inProgress.map((o) => o.orderId)).toEqual([mine.orderId]);
      expect(ofA.history).toEqual([]);
      expect(ofA.inProgress[0]).toMatchObject({ status: 'RECEIVED', email: a.email, shippingAddress: { firstName: 'Anna', city: 'Stockholm' } });
      expect(dataOf(await getOrders(b.token)).inProgress.map((o) => o.orderId)).toEqual([theirs.orderId]);
    });

    it('groups orders into in progress (received, processing) and history (completed, cancelled), newest first', async () => {
      const a = await signUp(app);
      const placed = [];
      for (let i = 0; i < 4; i++) placed.push(await buy({ ...VALID_PERSON, email: a.email }, a.token));
      const [first, second, third, fourth] = placed.map((p) => p.orderId);
      // Placed within the same second or not, the later order comes first; statuses as the admin would set them.
      await db.query(`UPDATE orders SET status = 'COMPLETED' WHERE order_id = $1`, [first!]);
      await db.query(`UPDATE orders SET status = 'PROCESSING' WHERE order_id = $1`, [second!]);
      await db.query(`UPDATE orders SET status = 'CANCELLED' WHERE order_id = $1`, [third!]);
      const orders = dataOf(await getOrders(a.token));
      expect(orders.inProgress.map((o) => [o.orderId, o.status])).toEqual([
        [fourth, 'RECEIVED'],
        [second, 'PROCESSING'],
      ]);
      expect(orders.history.map((o) => [o.orderId, o.status])).toEqual([
        [third, 'CANCELLED'],
        [first, 'COMPLETED'],
      ]);
    });
  });

  describe("a customer's cart", () => {
    it("cannot be read or changed with another customer's token or none: it answers as an unknown id does", async () => {
      const a = await signUp(app);
      const b = await signUp(app);
      const sku = await createSku(db, { priceMinor: 10_000, stock: 20 });
      const other = await createSku(db, { priceMinor: 5_000, stock: 20 });
      const cartOfA = dataOf(await addToCart('', sku.skuId, 2, a.token));
      dataOf(await saveCheckout(cartOfA.id, { ...VALID_PERSON, email: a.email }, a.token));
      const [owner] = await db.query<{ customer_id: number }>('SELECT customer_id FROM carts WHERE cart_id = $1', [cartOfA.id]);
      expect(owner!.customer_id).toBe(a.customerId);

      for (const token of [b.token, undefined]) {
        expect(dataOf(await getCart(cartOfA.id, token))).toMatchObject({ id: '', items: [] });
        const read = dataOf(await checkout(cartOfA.id, token));
        expect(read).toMatchObject({ cartId: '', email: null, cart: { id: '', items: [] } });
        // A change lands in a cart of the asker's own (B's, or a new guest cart), never in A's.
        const added = dataOf(await addToCart(cartOfA.id, other.skuId, 1, token));
        expect(added.id).not.toBe(cartOfA.id);
        const updated = dataOf(await updateCartItem(cartOfA.id, sku.skuId, 0, token));
        expect(updated.id).not.toBe(cartOfA.id);
        expect(dataOf(await setPromoCode(cartOfA.id, '', token)).id).not.toBe(cartOfA.id);
        const refused = await saveCheckout(cartOfA.id, { email: 'mallory@example.se' }, token);
        expect(codeOf(refused)).toBe('BAD_USER_INPUT');
        expect(dataOf(await placeOrder(cartOfA.id, { ...VALID_PERSON, email: 'mallory@example.se' }, token))).toMatchObject({ status: 'NOT_PLACEABLE', orderId: null });
      }
      const mine = dataOf(await getCart(cartOfA.id, a.token));
      expect(mine.items.map((i) => [i.skuId, i.quantity])).toEqual([[sku.skuId, 2]]);
      expect(dataOf(await checkout(cartOfA.id, a.token))).toMatchObject({ cartId: cartOfA.id, email: a.email });
      // B's changes went to B's own one cart.
      const ofB = await db.query<{ cart_id: string }>('SELECT cart_id FROM carts WHERE customer_id = $1', [b.customerId]);
      expect(ofB).toHaveLength(1);
      expect(ofB[0]!.cart_id).not.toBe(cartOfA.id);
    });

    it('is the one a signed-in customer adds to without an id, so a customer never has two carts', async () => {
      const a = await signUp(app);
      const sku = await createSku(db, { priceMinor: 10_000, stock: 20 });
      const first = dataOf(await addToCart('', sku.skuId, 1, a.token));
      const again = dataOf(await addToCart('', sku.skuId, 1, a.token));
      expect(again.id).toBe(first.id);
      expect(again.items[0]!.quantity).toBe(2);
    });
  });

  describe('claimCart', () => {
    it("merges the guest cart into the customer's, capping quantities at stock with the cart's warnings, and removes the guest cart", async () => {
      const a = await signUp(app);
      const scarce = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const plenty = await createSku(db, { priceMinor: 3_000, stock: 50 });
      const own = dataOf(await addToCart('', scarce.skuId, 4, a.token));
      const guest = dataOf(await addToCart('', scarce.skuId, 3));
      dataOf(await addToCart(guest.id, plenty.skuId, 2));
      const merged = dataOf(await claimCart(guest.id, a.token));
      expect(merged.id).toBe(own.id);
      expect(merged.items.map((i) => [i.skuId, i.quantity])).toEqual([
        [scarce.skuId, 5],
        [plenty.skuId, 2],
      ]);
      expect(merged.warnings).toEqual([{ code: 'STOCK_LIMIT', message: 'Du kan tyvärr inte lägga fler i varukorgen. Endast 5 kvar på lager', skuId: scarce.skuId }]);
      expect(await db.query('SELECT 1 FROM carts WHERE cart_id = $1', [guest.id])).toHaveLength(0);
      expect(dataOf(await getCart(guest.id))).toMatchObject({ id: '', items: [] });
      // Claiming again (a replayed request) finds no guest cart and answers the customer's cart as it is.
      const again = dataOf(await claimCart(guest.id, a.token));
      expect(again.items.map((i) => [i.skuId, i.quantity])).toEqual([
        [scarce.skuId, 5],
        [plenty.skuId, 2],
      ]);
    });

    it("makes the customer's cart from the guest cart under a new id when they have none, and answers '' when there is nothing", async () => {
      const a = await signUp(app);
      expect(dataOf(await claimCart('', a.token))).toMatchObject({ id: '', items: [] });
      expect(dataOf(await claimCart('C'.repeat(22), a.token))).toMatchObject({ id: '', items: [] });
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const guest = dataOf(await addToCart('', sku.skuId, 2));
      const claimed = dataOf(await claimCart(guest.id, a.token));
      expect(claimed.id).not.toBe(guest.id);
      expect(claimed.id).not.toBe('');
      expect(claimed.items.map((i) => [i.skuId, i.quantity])).toEqual([[sku.skuId, 2]]);
      const [row] = await db.query<{ customer_id: number }>('SELECT customer_id FROM carts WHERE cart_id = $1', [claimed.id]);
      expect(row!.customer_id).toBe(a.customerId);
    });

    it('keeps the guest cart\'s applied changes applied: one replayed after the claim (its answer was lost) is not applied again', async () => {
      const a = await signUp(app);
      const sku = await createSku(db, { priceMinor: 10_000, stock: 50 });
      const guest = dataOf(await addToCart('', sku.skuId, 1));
      const key = randomUUID();
      dataOf(await addToCart(guest.id, sku.skuId, 2, undefined, key));
      const claimed = dataOf(await claimCart(guest.id, a.token));
      expect(claimed.items.map((i) => i.quantity)).toEqual([3]);
      // The outbox did not hear the answer, so after the login it sends the same change again, signed in.
      const replayed = dataOf(await addToCart(guest.id, sku.skuId, 2, a.token, key));
      expect(replayed.id).toBe(claimed.id);
      expect(replayed.items.map((i) => i.quantity)).toEqual([3]);
    });

    it("never takes another customer's cart", async () => {
      const a = await signUp(app);
      const b = await signUp(app);
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const cartOfB = dataOf(await addToCart('', sku.skuId, 1, b.token));
      expect(dataOf(await claimCart(cartOfB.id, a.token))).toMatchObject({ id: '', items: [] });
      expect(dataOf(await getCart(cartOfB.id, b.token)).items.map((i) => i.quantity)).toEqual([1]);
    });
  });

  describe('updateUser', () => {
    it('saves trimmed details, keeps what is left out and clears what is null', async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const saved = dataOf(
        await updateUser({ lastName: '  Andersson ', phoneNumber: '070-123 45 67', zip: '111 22', city: 'Stockholm', country: 'se', gender: 'WOMAN' }, a.token),
      );
      expect(saved).toMatchObject({ firstName: 'Anna', lastName: 'Andersson', phoneNumber: '070-123 45 67', zip: '111 22', country: 'SE', gender: 'WOMAN' });
      const cleared = dataOf(await updateUser({ firstName: null, city: null }, a.token));
      expect(cleared).toMatchObject({ firstName: null, city: null, lastName: 'Andersson', gender: 'WOMAN' });
      expect(dataOf(await getUser(a.token))).toMatchObject({ firstName: null, lastName: 'Andersson' });
    });

    it("refuses bad fields with the checkout's texts in extensions.fields and saves nothing", async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const answer = await updateUser(
        { firstName: 'Changed', email: 'anna@', phoneNumber: '12', personalIdNumber: '19900101-0000', zip: '1', country: 'SE', lastName: 'x'.repeat(201) },
        a.token,
      );
      expect(answer.body.errors?.[0]).toMatchObject({
        message: 'Se till att alla fält är giltiga',
        extensions: {
          code: 'BAD_USER_INPUT',
          fields: {
            email: 'Du måste ange en giltig email',
            personalIdNumber: 'Du måste ange ett giltigt personnummer',
            lastName: expect.any(String),
            phoneNumber: expect.any(String),
            zip: expect.any(String),
          },
        },
      });
      const english = await updateUser({ email: '' }, a.token, 'en');
      expect(english.body.errors?.[0]).toMatchObject({ message: 'Make sure all fields are valid', extensions: { fields: { email: 'This field is required' } } });
      expect(await updateUser({ country: 'US' }, a.token).then((r) => Object.keys((r.body.errors?.[0]?.extensions?.fields as object) ?? {}))).toEqual(['country']);
      expect(dataOf(await getUser(a.token))).toMatchObject({ firstName: 'Anna', email: a.email, phoneNumber: null });
    });

    it('changes the letter case of its own address at once, without a password (another address: email-change-api.test.ts)', async () => {
      const a = await signUp(app);
      expect(dataOf(await updateUser({ email: a.email.toUpperCase() }, a.token)).email).toBe(a.email.toUpperCase());
    });

    it('signs the address up when the account is registered with the consent, and not without it', async () => {
      const subscribed = (email: string) => db.query('SELECT 1 FROM newsletter_subscriptions WHERE lower(email) = lower($1)', [email]);
      const consenting = await signUp(app, { newsletterConsent: true });
      expect(await subscribed(consenting.email)).toHaveLength(1);
      expect(dataOf(await getUser(consenting.token)).newsletterConsent).toBe(true);
      const silent = await signUp(app);
      expect(await subscribed(silent.email)).toHaveLength(0);
    });

    it('signs the address up for the newsletter with the consent, and off when it is withdrawn', async () => {
      const a = await signUp(app);
      const subscribed = () => db.query('SELECT 1 FROM newsletter_subscriptions WHERE lower(email) = lower($1)', [a.email]);
      expect(dataOf(await updateUser({ newsletterConsent: true }, a.token)).newsletterConsent).toBe(true);
      expect(await subscribed()).toHaveLength(1);
      expect(dataOf(await updateUser({ newsletterConsent: false }, a.token)).newsletterConsent).toBe(false);
      expect(await subscribed()).toHaveLength(0);
    });
  });

  describe('deleteUser', () => {
    it('erases the account and the person in their orders, keeps the orders for bookkeeping and ends every session', async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const second = await signIn(app, a);
      const order = await buy({ ...VALID_PERSON, email: a.email, personalIdNumber: '19900101-0017', orderMessage: 'Ring på' }, a.token);
      const company = await buy(
        { ...VALID_PERSON, email: a.email, customerType: 'ORGANIZATION', companyName: 'Spel AB', organisationIdNumber: '556036-0793' },
        a.token,
      );
      dataOf(await updateUser({ newsletterConsent: true }, a.token));
      await db.query(`INSERT INTO mail_outbox (kind, to_address, subject, html, text, language_id, order_id) VALUES ('orderconfirmed', $1, 's', 'h', 't', 'sv', $2)`, [
        a.email,
        order.orderId,
      ]);
      // A guest's order mail to the same address: the account never proved the address is its own.
      const guestOrder = await buy({ ...VALID_PERSON, email: a.email });
      await db.query(`INSERT INTO mail_outbox (kind, to_address, subject, html, text, language_id, order_id) VALUES ('orderconfirmed', $1, 's', 'h', 't', 'sv', $2)`, [
        a.email,
        guestOrder.orderId,
      ]);
      const admin = await adminToken(app);
      dataOf(await call(app, `mutation ($id: Int!) { addCustomerCredit(customerId: $id, amount: 100, description: "Goodwill") { amount } }`, { id: a.customerId }, admin));

      const answer = await call<{ deleteUser: { ok: boolean; message: string } }>(app, 'mutation ($p: String) { deleteUser(password: $p) { ok message } }', { p: PASSWORD }, a.token);
      expect(dataOf(answer)).toEqual({ ok: true, message: 'Ditt konto har tagits bort' });

      for (const token of [a.token, second]) expect(codeOf(await getUser(token))).toBe('UNAUTHENTICATED');
      for (const table of ['customers', 'customer_sessions', 'customer_credit_movements', 'carts']) {
        expect(await db.query(`SELECT 1 FROM ${table} WHERE customer_id = $1`, [a.customerId])).toHaveLength(0);
      }
      expect(await db.query('SELECT 1 FROM newsletter_subscriptions WHERE lower(email) = lower($1)', [a.email])).toHaveLength(0);
      expect(await db.query('SELECT order_id FROM mail_outbox WHERE lower(to_address) = lower($1)', [a.email])).toEqual([{ order_id: guestOrder.orderId }]);
      const kept = await db.query<{ order_id: string; customer_id: number | null; customer: Record<string, unknown>; total_minor: number }>(
        'SELECT order_id, customer_id, customer, total_minor FROM orders WHERE order_id = ANY($1::text[]) ORDER BY order_number',
        [[order.orderId, company.orderId]],
      );
      expect(kept).toHaveLength(2);
      expect(kept[0]).toMatchObject({ customer_id: null, total_minor: expect.any(Number) });
      expect(kept[0]!.customer).toMatchObject({ customerType: 'PERSON', country: 'SE', email: null, firstName: null, lastName: null, phoneNumber: null });
      expect(kept[0]!.customer).toMatchObject({ streetAddress: null, zip: null, city: null, personalIdNumber: null, orderMessage: null });
      expect(kept[1]!.customer).toMatchObject({ customerType: 'ORGANIZATION', companyName: 'Spel AB', organisationIdNumber: '556036-0793', firstName: null, email: null });
      expect(JSON.stringify(kept)).not.toContain(a.email);
      expect(await db.query('SELECT 1 FROM order_lines WHERE order_id = $1', [order.orderId])).toHaveLength(1);
    });
  });

  describe('deleteUser asks for the password', () => {
    /** Without a password, the operation does not name the argument at all (as a client before this change). */
    const deleteUser = (token: string, password?: string, languageId = 'sv') =>
      password === undefined
        ? call<{ deleteUser: { ok: boolean } }>(app, 'mutation ($l: String) { deleteUser(languageId: $l) { ok } }', { l: languageId }, token)
        : call<{ deleteUser: { ok: boolean } }>(app, 'mutation ($p: String, $l: String) { deleteUser(password: $p, languageId: $l) { ok } }', { p: password, l: languageId }, token);

    it('refuses without it or with a wrong one, in the shopper\'s language at the field, and erases nothing', async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      expect((await deleteUser(a.token)).body.errors?.[0]).toMatchObject({
        message: 'Du måste ange ett lösenord',
        extensions: { code: 'BAD_USER_INPUT', fields: { password: 'Du måste ange ett lösenord' } },
      });
      expect((await deleteUser(a.token, 'x'.repeat(64))).body.errors?.[0]).toMatchObject({
        message: 'Fel lösenord, försök gärna igen',
        extensions: { code: 'BAD_USER_INPUT', fields: { password: 'Fel lösenord, försök gärna igen' } },
      });
      expect((await deleteUser(a.token, 'not the browser hash', 'en')).body.errors?.[0]).toMatchObject({
        message: 'Wrong password, please try again',
        extensions: { fields: { password: 'Wrong password, please try again' } },
      });
      expect(dataOf(await getUser(a.token))).toMatchObject({ customerId: a.customerId, firstName: 'Anna' });
      expect(dataOf(await deleteUser(a.token, PASSWORD))).toEqual({ ok: true });
      expect(codeOf(await getUser(a.token))).toBe('UNAUTHENTICATED');
    });
  });

  describe('store credit', () => {
    const addCredit = (customerId: number, amount: number, description: string, token?: string) =>
      call<{ addCustomerCredit: BalanceResult }>(
        app,
        `mutation ($id: Int!, $a: Float!, $d: String!) { addCustomerCredit(customerId: $id, amount: $a, description: $d) { ${BALANCE} } }`,
        { id: customerId, a: amount, d: description },
        token,
      );

    it('answers the balance in kronor with its movements newest first; only an admin books credit, never below zero', async () => {
      const a = await signUp(app);
      const b = await signUp(app);
      expect(dataOf(await getBalance(a.token))).toEqual({ amount: 0, amountFormatted: formatMoney(0, 'sv'), movements: [] });
      expect(codeOf(await addCredit(a.customerId, 100, 'Self-service', a.token))).toBe('UNAUTHENTICATED');
      const admin = await adminToken(app);
      dataOf(await addCredit(a.customerId, 500, 'Returned game', admin));
      dataOf(await addCredit(a.customerId, -199.5, 'Used at checkout', admin));
      expect(codeOf(await addCredit(a.customerId, -1000, 'Too much', admin))).toBe('BAD_USER_INPUT');
      expect(codeOf(await addCredit(a.customerId, 0, 'Nothing', admin))).toBe('BAD_USER_INPUT');
      const balance = dataOf(await getBalance(a.token));
      expect(balance).toMatchObject({ amount: 300.5, amountFormatted: formatMoney(30_050, 'sv') });
      expect(balance.movements.map((m) => [m.amount, m.description, m.amountFormatted])).toEqual([
        [-199.5, 'Used at checkout', formatMoney(-19_950, 'sv')],
        [500, 'Returned game', formatMoney(50_000, 'sv')],
      ]);
      expect(dataOf(await getBalance(a.token, 'en')).amountFormatted).toBe(formatMoney(30_050, 'en'));
      expect(dataOf(await getBalance(b.token))).toMatchObject({ amount: 0, movements: [] });
    });
  });

  describe('subscribeToNewsletter', () => {
    const subscribe = (email: string, languageId = 'sv') =>
      call<{ subscribeToNewsletter: { ok: boolean; message: string } }>(
        app,
        'mutation ($e: String!, $l: String) { subscribeToNewsletter(email: $e, languageId: $l) { ok message } }',
        { e: email, l: languageId },
      );

    it('signs an address up once, whatever its case, and confirms in the language of the request', async () => {
      const email = `news-${randomUUID()}@example.se`;
      expect(dataOf(await subscribe(` ${email} `))).toEqual({ ok: true, message: 'Tack! Du är nu anmäld till vårt nyhetsbrev' });
      expect(dataOf(await subscribe(email.toUpperCase(), 'en'))).toEqual({ ok: true, message: 'Thank you! You are now signed up for our newsletter' });
      expect(await db.query('SELECT email, language_id FROM newsletter_subscriptions WHERE lower(email) = lower($1)', [email])).toEqual([{ email, language_id: 'sv' }]);
    });

    it('refuses an address that is not an email with the form text', async () => {
      const answer = await subscribe('not@mail');
      expect(answer.body.errors?.[0]).toMatchObject({ message: 'Du måste ange en giltig email', extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Du måste ange en giltig email' } } });
    });
  });

  describe('monitorProductAvailability', () => {
    const monitor = (email: string, skuId: number, languageId = 'sv') =>
      call<{ monitorProductAvailability: { ok: boolean; message: string } }>(
        app,
        'mutation ($e: String!, $s: Int!, $l: String) { monitorProductAvailability(email: $e, skuId: $s, languageId: $l) { ok message } }',
        { e: email, s: skuId, l: languageId },
      );
    const setStock = (skuId: number, stock: number, token: string) =>
      call(app, 'mutation ($s: Int!, $n: Int!) { setSkuStock(skuId: $s, stock: $n) { skuId } }', { s: skuId, n: stock }, token);
    const mailsTo = (email: string) =>
      db.query<{ kind: string; subject: string; text: string; language_id: string }>(
        'SELECT kind, subject, text, language_id FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at',
        [email],
      );

    it('registers like registerBackInStock and queues one mail through the outbox when the SKU is back in stock', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 0 });
      const swede = `bevaka-${randomUUID()}@example.se`;
      const english = `watch-${randomUUID()}@example.se`;
      expect(dataOf(await monitor(swede, sku.skuId))).toEqual({ ok: true, message: 'Vi meddelar dig när varan finns i lager igen' });
      expect(dataOf(await monitor(english, sku.skuId, 'en'))).toEqual({ ok: true, message: 'We will let you know when it is back in stock' });
      expect((await monitor('nope', sku.skuId)).body.errors?.[0]).toMatchObject({ extensions: { code: 'INVALID_EMAIL' } });
      const admin = await adminToken(app);
      dataOf(await setStock(sku.skuId, 3, admin));
      await vi.waitFor(async () => expect(await mailsTo(english)).toHaveLength(1), { timeout: 5_000 });
      await vi.waitFor(async () => expect(await mailsTo(swede)).toHaveLength(1), { timeout: 5_000 });
      expect((await mailsTo(swede))[0]).toMatchObject({ kind: 'backinstock', subject: `${sku.sv} finns i lager igen`, language_id: 'sv' });
      expect((await mailsTo(english))[0]).toMatchObject({ kind: 'backinstock', subject: `${sku.en} is back in stock`, language_id: 'en' });
      // Selling out and coming back again does not send the same notice twice: the request was answered.
      dataOf(await setStock(sku.skuId, 0, admin));
      dataOf(await setStock(sku.skuId, 12, admin));
      const pending = await db.query('SELECT 1 FROM back_in_stock_requests WHERE sku_id = $1 AND notified_at IS NULL', [sku.skuId]);
      expect(pending).toHaveLength(0);
      expect(await mailsTo(swede)).toHaveLength(1);
    });
  });
});
