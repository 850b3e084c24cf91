import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { gql } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import { cartCalls, createSku, openCartApp, type TestApp } from '../cart/cart-test-kit';
import { checkoutCalls, stockOfSku, VALID_PERSON } from './checkout-test-kit';

describe.each(testDbKinds())('checkout API on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const cart = cartCalls(() => app);
  const checkout = checkoutCalls(() => app);
  openCartApp(kind, (openedDb, openedApp) => {
    db = openedDb;
    app = openedApp;
  });

  /** A stored cart holding `quantity` of a fresh SKU (100 kr unless said). */
  async function cartWith(quantity = 1, sku?: { skuId: number }) {
    const item = sku ?? (await createSku(db, { priceMinor: 10_000, stock: 20 }));
    const created = await cart.add('', item.skuId, quantity);
    return { cartId: created.id, skuId: item.skuId };
  }

  const errorFor = (errors: { field: string; message: string }[], field: string) => errors.find((e) => e.field === field)?.message;

  describe('validation', () => {
    it('answers every required field with the spec text while the form is empty, and blocks payment', async () => {
      const { cartId } = await cartWith();
      const answer = await checkout.save(cartId, {});
      for (const field of ['email', 'firstName', 'lastName', 'phoneNumber', 'streetAddress', 'zip', 'city', 'shippingMethodId', 'paymentMethod']) {
        expect(errorFor(answer.validationErrors, field), field).toBe('Detta fält är obligatoriskt');
      }
      expect(errorFor(answer.validationErrors, 'acceptedPurchaseTerms')).toBe('Du måste godkänna köpvillkoren innan du slutför ditt köp');
      expect(answer.country).toBe('SE');
      expect(answer.paymentBlocked).toBe(true);
      expect(answer.shippingOptions).toEqual([]);
      expect(answer.shippingMessage).toBeNull();
    });

    it('says what is wrong with each bad value, in Swedish and in English', async () => {
      const { cartId } = await cartWith();
      const bad = { email: 'anna@', personalIdNumber: '811218-9877', organisationIdNumber: '556036-0794', phoneNumber: '12', zip: '1234' };
      const sv = await checkout.save(cartId, bad);
      expect(errorFor(sv.validationErrors, 'email')).toBe('Du måste ange en giltig email');
      expect(errorFor(sv.validationErrors, 'personalIdNumber')).toBe('Du måste ange ett giltigt personnummer');
      expect(errorFor(sv.validationErrors, 'organisationIdNumber')).toBe('Du måste ange ett giltigt organisationsnummer');
      expect(errorFor(sv.validationErrors, 'phoneNumber')).toBe('Du måste ange ett giltigt telefonnummer');
      expect(errorFor(sv.validationErrors, 'zip')).toBe('Du måste ange ett giltigt postnummer');
      const en = await checkout.save(cartId, {}, 'en');
      expect(errorFor(en.validationErrors, 'email')).toBe('You must enter a valid email');
      expect(errorFor(en.validationErrors, 'personalIdNumber')).toBe('You must enter a valid personal identity number');
      expect(errorFor(en.validationErrors, 'firstName')).toBe('This field is required');
      expect(errorFor(en.validationErrors, 'acceptedPurchaseTerms')).toBe('You must accept the terms of purchase before completing your purchase');
    });

    it('keeps saved fields when a later save leaves them out, and clears them with null', async () => {
      const { cartId } = await cartWith();
      await checkout.save(cartId, { email: ' anna@example.se ', zip: '11122' });
      expect((await checkout.save(cartId, { firstName: 'Anna' })).email).toBe('anna@example.se');
      expect((await checkout.get(cartId)).zip).toBe('11122');
      expect((await checkout.save(cartId, { email: null })).email).toBeNull();
    });

    it('asks an organisation for company name and organisation number, and invoice for an identity number', async () => {
      const { cartId } = await cartWith();
      const org = await checkout.save(cartId, { ...VALID_PERSON, customerType: 'ORGANIZATION' });
      expect(errorFor(org.validationErrors, 'companyName')).toBe('Detta fält är obligatoriskt');
      expect(errorFor(org.validationErrors, 'organisationIdNumber')).toBe('Detta fält är obligatoriskt');
      const orgOk = await checkout.save(cartId, { companyName: 'Retro AB', organisationIdNumber: '556036-0793', paymentMethod: 'INVOICE' });
      expect(orgOk.validationErrors).toEqual([]);
      const person = await checkout.save(cartId, { customerType: 'PERSON', organisationIdNumber: null, companyName: null });
      expect(errorFor(person.validationErrors, 'personalIdNumber')).toBe(
        'Du måste ange personnummer eller organisationsnummer för att betala med faktura',
      );
      expect((await checkout.save(cartId, { personalIdNumber: '19811218-9876' })).validationErrors).toEqual([]);
      // A samordningsnummer is a valid identity too.
      expect((await checkout.save(cartId, { personalIdNumber: '701063-2391' })).validationErrors).toEqual([]);
    });
  });

  describe('input limits', () => {
    const storedFields = async (cartId: string) => {
      const [row] = await db.query<{ fields: Record<string, unknown>; size: number }>(
        'SELECT fields, octet_length(fields::text)::int AS size FROM checkouts WHERE cart_id = $1',
        [cartId],
      );
      return row!;
    };

    it('refuses a save with a field over its limit whole: nothing of it is stored, and the field says how long it may be', async () => {
      const { cartId } = await cartWith();
      await checkout.save(cartId, { email: 'anna@example.se', firstName: 'Anna' });
      const answer = await checkout.save(cartId, { firstName: 'x'.repeat(50_000), lastName: 'Svensson', orderMessage: 'y'.repeat(1001) });
      expect(errorFor(answer.validationErrors, 'firstName')).toBe('Får vara högst 200 tecken');
      expect(errorFor(answer.validationErrors, 'orderMessage')).toBe('Får vara högst 1000 tecken');
      expect(answer.email).toBe('anna@example.se');
      const stored = await storedFields(cartId);
      expect(stored.fields).toMatchObject({ email: 'anna@example.se', firstName: 'Anna', lastName: null, orderMessage: null });
      expect(stored.size).toBeLessThan(2_000);
      // Right at the limits (surrounding spaces do not count) is stored.
      const full = await checkout.save(cartId, { firstName: ` ${'x'.repeat(200)} `, orderMessage: 'y'.repeat(1000) });
      expect(errorFor(full.validationErrors, 'firstName')).toBeUndefined();
      expect(errorFor(full.validationErrors, 'orderMessage')).toBeUndefined();
      expect((await storedFields(cartId)).fields).toMatchObject({ firstName: 'x'.repeat(200), orderMessage: 'y'.repeat(1000) });
      const en = await checkout.save(cartId, { city: 'z'.repeat(201) }, 'en');
      expect(errorFor(en.validationErrors, 'city')).toBe('May be at most 200 characters');
      expect((await storedFields(cartId)).fields.city).toBeNull();
    });

    it('places no order with an over-long field, even over a valid saved form, and stores none of it', async () => {
      const { cartId } = await cartWith();
      expect((await checkout.save(cartId, VALID_PERSON)).validationErrors).toEqual([]);
      const placed = await checkout.place(cartId, { ...VALID_PERSON, orderMessage: 'z'.repeat(20_000) });
      expect(placed.status).toBe('INVALID');
      expect(errorFor(placed.validationErrors, 'orderMessage')).toBe('Får vara högst 1000 tecken');
      expect((await storedFields(cartId)).fields.orderMessage).toBeNull();
      const [orders] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE cart_id = $1', [cartId]);
      expect(orders!.n).toBe(0);
    });
  });

  describe('idempotency keys', () => {
    it("never shows a shopper's form through their key replayed with an empty, made-up or another cart id", async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 20 });
      const key = randomUUID();
      const original = await cart.add('', sku.skuId, 1, { key });
      await checkout.save(original.id, { ...VALID_PERSON, personalIdNumber: '19811218-9876' });
      const other = await cart.add('', sku.skuId, 1);
      for (const id of ['', 'C'.repeat(22), other.id]) {
        const replay = await cart.add(id, sku.skuId, 1, { key });
        expect(replay.id, id).not.toBe(original.id);
        const seen = await checkout.get(replay.id);
        expect(seen.email, id).toBeNull();
        expect(JSON.stringify(seen), id).not.toMatch(/anna@example\.se|19811218|Storgatan/);
      }
      expect((await checkout.get(original.id)).email).toBe('anna@example.se');
    });
  });

  describe('shipping options and payment', () => {
    it('offers the carriers for a Swedish zip, priced for the cart, and free from a carrier threshold', async () => {
      const { cartId, skuId } = await cartWith(1);
      const answer = await checkout.save(cartId, { zip: '11122' });
      expect(answer.shippingOptions.map((o) => [o.shippingMethodId, o.feeIncVat, o.freeFromIncVat])).toEqual([
        ['postnord-ombud', 49, 499],
        ['budbee-hem', 69, 799],
        ['dhl-servicepoint', 59, null],
      ]);
      expect(answer.shippingMessage).toBeNull();
      await cart.update(cartId, skuId, 5);
      // The seeded free-shipping campaign (from 499 kr) makes every carrier free at 500 kr.
      const campaignFree = await checkout.save(cartId, { shippingMethodId: 'postnord-ombud' });
      expect(campaignFree.shippingOptions.map((o) => o.feeIncVat)).toEqual([0, 0, 0]);
      expect(campaignFree.totals).toEqual({ goodsIncVat: 500, shippingFeeIncVat: 0, totalIncVat: 500 });
      await db.query(`UPDATE discount_campaigns SET ends_at = now() - interval '1 day' WHERE type = 'FREE_SHIPPING'`);
      try {
        // Without it, each carrier's own free-from amount decides.
        const big = await checkout.save(cartId, {});
        expect(big.shippingOptions.find((o) => o.shippingMethodId === 'postnord-ombud')).toMatchObject({ feeIncVat: 0, isSelected: true });
        expect(big.shippingOptions.find((o) => o.shippingMethodId === 'budbee-hem')!.feeIncVat).toBe(69);
        expect(big.totals).toEqual({ goodsIncVat: 500, shippingFeeIncVat: 0, totalIncVat: 500 });
        const budbee = await checkout.save(cartId, { shippingMethodId: 'budbee-hem' });
        expect(budbee.totals).toEqual({ goodsIncVat: 500, shippingFeeIncVat: 69, totalIncVat: 569 });
      } finally {
        await db.query(`UPDATE discount_campaigns SET ends_at = NULL WHERE type = 'FREE_SHIPPING'`);
      }
    });

    it('adds up: goods at campaign prices, less the code, plus the carrier is the total', async () => {
      // Campaign 1 takes 20 % off: 2 × 80 kr.
      const { cartId } = await cartWith(2, await createSku(db, { priceMinor: 10_000, stock: 20, campaignIds: [1] }));
      await cart.promo(cartId, 'RETRO10');
      await checkout.save(cartId, { ...VALID_PERSON });
      const { body } = await gql<{ checkout: { totals: Record<string, number> } }>(
        app,
        `query ($cartId: String!) { checkout(cartId: $cartId) { totals { goodsIncVat discountIncVat shippingFeeIncVat totalIncVat } } }`,
        { cartId },
      );
      // RETRO10 takes 10 % of the 160 kr; PostNord charges 49 kr below 499 kr. The campaign's 40 kr are in
      // the goods already, so they are not a discount again.
      expect(body.data?.checkout.totals).toEqual({ goodsIncVat: 160, discountIncVat: 16, shippingFeeIncVat: 49, totalIncVat: 193 });
    });

    it("tells what the promo code costs in the chosen carrier's fee when it takes the goods under free shipping", async () => {
      // 5 × 100 kr ship free with every carrier (the campaign's 499 kr); RETRO10 takes 50 kr off, and 450 kr do not.
      const { cartId } = await cartWith(5);
      await cart.promo(cartId, 'RETRO10');
      const none = await checkout.save(cartId, { ...VALID_PERSON, shippingMethodId: null });
      expect(none).toMatchObject({ promoCodeShippingFeeIncVat: 0, promoCodeNetSavingIncVat: 50 });
      for (const [shippingMethodId, fee] of [['postnord-ombud', 49], ['budbee-hem', 69], ['dhl-servicepoint', 59]] as const) {
        const chosen = await checkout.save(cartId, { shippingMethodId });
        expect(chosen.totals.shippingFeeIncVat, shippingMethodId).toBe(fee);
        expect(chosen, shippingMethodId).toMatchObject({ promoCodeShippingFeeIncVat: fee, promoCodeNetSavingIncVat: 50 - fee });
      }
      // 10 × 100 kr less 10 % is 900 kr: free with the campaign either way, so the code saves all it takes off.
      await cart.update(cartId, (await cart.get(cartId)).items[0]!.skuId, 10);
      expect(await checkout.save(cartId, { shippingMethodId: 'budbee-hem' })).toMatchObject({ promoCodeShippingFeeIncVat: 0, promoCodeNetSavingIncVat: 100 });
    });

    it('answers a zip that is not five digits with no options and the spec text, and other countries by their own carriers', async () => {
      const { cartId } = await cartWith();
      for (const zip of ['1234', '123456', 'abcde']) {
        const answer = await checkout.save(cartId, { zip });
        expect(answer.shippingOptions).toEqual([]);
        expect(answer.shippingMessage).toBe('Hittade inga fraktalternativ för angivet postnummer');
      }
      const norway = await checkout.save(cartId, { country: 'NO', zip: '0150' });
      expect(norway.shippingOptions.map((o) => o.carrier)).toEqual(['PostNord', 'DHL']);
      const english = await checkout.save(cartId, { country: 'SE', zip: '1' }, 'en');
      expect(english.shippingMessage).toBe('No shipping options found for the postcode entered');
    });

    it('refuses a carrier that does not serve the zip and keeps payment blocked until the form is valid', async () => {
      const { cartId } = await cartWith();
      const norway = await checkout.save(cartId, { ...VALID_PERSON, country: 'NO', zip: '0150', shippingMethodId: 'budbee-hem' });
      expect(errorFor(norway.validationErrors, 'shippingMethodId')).toBe('Fraktalternativet finns inte för angivet postnummer');
      expect(norway.paymentBlocked).toBe(true);
      const { paymentMethod: _p, acceptedPurchaseTerms: _a, ...beforePayment } = VALID_PERSON;
      const fresh = await cartWith();
      const ready = await checkout.save(fresh.cartId, beforePayment);
      // Only the payment step's own fields are left, so the payment step opens.
      expect(ready.validationErrors.map((e) => e.field).sort()).toEqual(['acceptedPurchaseTerms', 'paymentMethod']);
      expect(ready.paymentBlocked).toBe(false);
      expect((await checkout.save(fresh.cartId, { zip: null })).paymentBlocked).toBe(true);
    });
  });

  describe('placeOrder', () => {
    it('places the order at the cart prices, takes the stock, empties the cart and shows it on the confirmation', async () => {
      const sku = await createSku(db, { priceMinor: 12_900, stock: 10 });
      const { cartId } = await cartWith(3, sku);
      const placed = await checkout.place(cartId, VALID_PERSON);
      expect(placed).toMatchObject({ status: 'PLACED', message: null, validationErrors: [] });
      expect(placed.redirectUrl).toBe(`/checkout/confirm?order=${placed.orderId}&token=${placed.token}`);
      expect(await stockOfSku(db, sku.skuId)).toBe(7);
      expect((await cart.get(cartId)).items).toEqual([]);
      const order = await checkout.order(placed.orderId!, placed.token!);
      expect(order).toMatchObject({
        orderNumber: placed.orderNumber,
        status: 'RECEIVED',
        statusLabel: 'Mottagen',
        paymentStatus: 'PENDING',
        paymentMethod: 'CARD',
        lines: [{ skuId: sku.skuId, quantity: 3, totalPriceIncVat: 387, backorderedQuantity: 0 }],
        totals: { goodsIncVat: 387, shippingFeeIncVat: 49, totalIncVat: 436 },
        shippingMethod: { shippingMethodId: 'postnord-ombud', carrier: 'PostNord' },
        shippingAddress: { firstName: 'Anna', zip: '111 22', city: 'Stockholm' },
      });
      expect((await checkout.completePayment(placed.orderId!, placed.token!)).paymentStatus).toBe('PAID');
      expect(await checkout.order(placed.orderId!, 'x'.repeat(32))).toBeNull();
      expect((await checkout.order(placed.orderId!, placed.token!, 'en'))!.statusLabel).toBe('Received');
    });

    it('refuses an invalid form with the fields and an empty cart with its text, placing nothing', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 4 });
      const { cartId } = await cartWith(1, sku);
      const invalid = await checkout.place(cartId, { ...VALID_PERSON, acceptedPurchaseTerms: false, email: 'nope' });
      expect(invalid.status).toBe('INVALID');
      expect(invalid.message).toBe('Se till att alla fält är giltiga');
      expect(invalid.validationErrors).toEqual([
        { field: 'email', message: 'Du måste ange en giltig email' },
        { field: 'acceptedPurchaseTerms', message: 'Du måste godkänna köpvillkoren innan du slutför ditt köp' },
      ]);
      expect(await stockOfSku(db, sku.skuId)).toBe(4);
      expect((await cart.get(cartId)).items).toHaveLength(1);
      await cart.update(cartId, sku.skuId, 0);
      expect(await checkout.place(cartId, VALID_PERSON)).toMatchObject({ status: 'NOT_PLACEABLE', message: 'Varukorgen är tom', orderId: null });
    });

    it('places one order when the same idempotency key is replayed ten times at once', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 10 });
      const { cartId } = await cartWith(2, sku);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => checkout.place(cartId, VALID_PERSON, key)));
      expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
      expect(answers.every((a) => a.status === 'PLACED' && a.redirectUrl === answers[0]!.redirectUrl)).toBe(true);
      const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE cart_id = $1', [cartId]);
      expect(count!.n).toBe(1);
      expect(await stockOfSku(db, sku.skuId)).toBe(8);
      // The key belongs to that order: another cart cannot use it.
      const other = await cartWith(1, sku);
      expect((await checkout.placeRaw(other.cartId, VALID_PERSON, key)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('sells the last 5 units to exactly 5 of 50 concurrent orders and leaves stock at 0', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const carts: string[] = [];
      for (let i = 0; i < 50; i++) carts.push((await cart.add('', sku.skuId, 1)).id);
      const answers = await Promise.all(carts.map((cartId) => checkout.place(cartId, VALID_PERSON)));
      const placed = answers.filter((a) => a.status === 'PLACED');
      expect(placed).toHaveLength(5);
      expect(answers.filter((a) => a.status === 'NOT_PLACEABLE')).toHaveLength(45);
      expect(await stockOfSku(db, sku.skuId)).toBe(0);
      const [sold] = await db.query<{ n: number }>('SELECT COALESCE(sum(quantity), 0)::int AS n FROM order_lines WHERE sku_id = $1', [sku.skuId]);
      expect(sold!.n).toBe(5);
      const refused = answers.find((a) => a.status === 'NOT_PLACEABLE')!;
      expect(refused.message).toContain('slut i lager');
    });

    it('sells an oversellable SKU beyond stock as a backorder, with stock stopping at 0', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 2, oversellable: true });
      const { cartId } = await cartWith(5, sku);
      const placed = await checkout.place(cartId, VALID_PERSON);
      expect(placed.status).toBe('PLACED');
      expect((await checkout.order(placed.orderId!, placed.token!))!.lines[0]).toMatchObject({ quantity: 5, backorderedQuantity: 3 });
      expect(await stockOfSku(db, sku.skuId)).toBe(0);
    });

    it('sends a failed payment to klarna-fail with its reason, cancels the order, returns stock and refills the cart', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 6 });
      const { cartId } = await cartWith(2, sku);
      const placed = await checkout.place(cartId, { ...VALID_PERSON, email: 'fail+blocked@example.se' });
      expect(placed.redirectUrl).toBe(`/checkout/klarna-fail?order=${placed.orderId}&token=${placed.token}&reason=blocked`);
      expect(await stockOfSku(db, sku.skuId)).toBe(4);
      const settled = await checkout.completePayment(placed.orderId!, placed.token!);
      expect(settled).toMatchObject({ status: 'CANCELLED', paymentStatus: 'FAILED', paymentFailureReason: 'BLOCKED' });
      expect(await stockOfSku(db, sku.skuId)).toBe(6);
      expect((await cart.get(cartId)).items.map((i) => [i.skuId, i.quantity])).toEqual([[sku.skuId, 2]]);
      // Settling again changes nothing.
      await checkout.completePayment(placed.orderId!, placed.token!);
      expect(await stockOfSku(db, sku.skuId)).toBe(6);
      const english = await checkout.placeRaw(cartId, { ...VALID_PERSON, email: 'fail+out-of-stock-or-balance@example.se' }, randomUUID(), 'en');
      expect(english.body.data!.placeOrder.redirectUrl).toMatch(/^\/en\/checkout\/klarna-fail\?order=.+&reason=out-of-stock-or-balance$/);
    });

    it('refills a line the shopper added to meanwhile up to the most a line holds, and keeps the cart\'s own promo code', async () => {
      const sku = await createSku(db, { priceMinor: 1_000, stock: 5_000 });
      const { cartId } = await cartWith(2, sku);
      await cart.promo(cartId, 'RETRO10');
      const placed = await checkout.place(cartId, { ...VALID_PERSON, email: 'fail@example.se' });
      expect(placed.status).toBe('PLACED');
      // Back in the shop before returning from the payment page: the emptied cart fills again.
      await cart.add(cartId, sku.skuId, 998);
      await cart.promo(cartId, 'SPARA100');
      await checkout.completePayment(placed.orderId!, placed.token!);
      const refilled = await cart.get(cartId);
      expect(refilled.items.map((i) => [i.skuId, i.quantity])).toEqual([[sku.skuId, 999]]);
      expect(refilled.promoCode).toBe('SPARA100');
    });

    it('refuses a malformed idempotency key as bad input', async () => {
      const { cartId } = await cartWith();
      const answer = await checkout.placeRaw(cartId, VALID_PERSON, 'short');
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });
});
