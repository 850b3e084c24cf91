import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import { refreshPrices } from '../../db/prepare';
import { gql } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import { cartCalls, openCartApp, createSku, type CartResult, type TestApp } from './cart-test-kit';

/** The seeded games campaigns (src/server/db/seed/campaigns.ts). */
const SUMMER_SALE = { discountCampaignId: 1, name: 'Sommarrea 20 %', hideTitle: false };
const ACCESSORIES_FIXED = { discountCampaignId: 2, name: '50 kr rabatt på tillbehör', hideTitle: false };
const BUY_3_PAY_2 = { discountCampaignId: 3, name: 'Köp 3 betala för 2', hideTitle: false };
const FREE_SHIPPING = { discountCampaignId: 4, name: 'Fri frakt över 499 kr', hideTitle: false };
const CLEARANCE = { discountCampaignId: 5, name: 'Lagerrensning', hideTitle: true };

const lineOf = (cart: CartResult, skuId: number) => {
  const line = cart.items.find((i) => i.skuId === skuId);
  if (!line) throw new Error(`SKU ${skuId} is not in the cart`);
  return line;
};

describe.each(testDbKinds())('cart API: campaigns, shipping and promo codes on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const cart = cartCalls(() => app);
  openCartApp(kind, (openedDb, openedApp) => {
    db = openedDb;
    app = openedApp;
  });

  describe('price campaigns', () => {
    it('names the PERCENT or FIXED campaign behind a line price, the bigger discount winning, hidden titles included', async () => {
      const summer = await createSku(db, { priceMinor: 20_000, campaignIds: [1] });
      const fixed = await createSku(db, { priceMinor: 30_000, campaignIds: [2] });
      const both = await createSku(db, { priceMinor: 10_000, campaignIds: [1, 5] });
      const { id } = await cart.add('', summer.skuId, 2);
      await cart.add(id, fixed.skuId, 1);
      const answer = await cart.add(id, both.skuId, 1);

      const summerLine = lineOf(answer, summer.skuId);
      expect(summerLine.unitPrice).toMatchObject({ isDiscounted: true, regularPriceIncVat: 200, sellingPriceIncVat: 160 });
      expect(summerLine.totalPrice.sellingPriceIncVat).toBe(320);
      expect(summerLine.campaign).toEqual({ appliedCampaigns: [SUMMER_SALE], prices: [{ price: 160, quantity: 2 }] });
      expect(lineOf(answer, fixed.skuId).unitPrice.sellingPriceIncVat).toBe(250);
      expect(lineOf(answer, fixed.skuId).campaign?.appliedCampaigns).toEqual([ACCESSORIES_FIXED]);
      expect(lineOf(answer, both.skuId).unitPrice.sellingPriceIncVat).toBe(70);
      expect(lineOf(answer, both.skuId).campaign?.appliedCampaigns).toEqual([CLEARANCE]);
      // 640 kr of goods also reach free shipping.
      expect(answer.appliedCampaigns).toEqual([SUMMER_SALE, ACCESSORIES_FIXED, FREE_SHIPPING, CLEARANCE]);

      expect(answer.summary.subTotal).toMatchObject({ regularPriceIncVat: 800, sellingPriceIncVat: 640, sellingPriceExVat: 512, vat: 128 });
      expect(answer.summary.total).toMatchObject({ isDiscounted: true, discountIncVat: 160, discountExVat: 128 });

      const english = await cart.get(id, { languageId: 'en' });
      expect(english.appliedCampaigns.map((c) => c.name)).toEqual(['Summer sale 20 %', 'SEK 50 off accessories', 'Free shipping over SEK 499', 'Clearance']);
    });

    it('rounds a campaign price down to whole kronor, alike on the product, in lists and in the cart', async () => {
      // 449 kr at 20 % is 359,20 kr; 199,50 kr less 50 kr is 149,50 kr.
      const percent = await createSku(db, { priceMinor: 44_900, campaignIds: [1] });
      const fixed = await createSku(db, { priceMinor: 19_950, campaignIds: [2] });
      await refreshPrices(db);
      const { body } = await gql<{ products: { products: { productId: number; unitPrice: { sellingPriceIncVat: number }; skus: { price: { sellingPriceIncVat: number; sellingPriceIncVatFormatted: string } }[] }[] } }>(
        app,
        `query ($f: FilterInputType) { products(filter: $f) { products { productId unitPrice { sellingPriceIncVat }
           skus { price { sellingPriceIncVat sellingPriceIncVatFormatted } } } } }`,
        { f: { productIds: [percent.productId, fixed.productId] } },
      );
      expect(body.errors).toBeUndefined();
      const shown = (productId: number) => body.data!.products.products.find((p) => p.productId === productId)!;
      expect(shown(percent.productId).unitPrice.sellingPriceIncVat).toBe(359);
      expect(shown(percent.productId).skus[0]!.price).toEqual({ sellingPriceIncVat: 359, sellingPriceIncVatFormatted: formatMoney(35_900, 'sv') });
      expect(shown(fixed.productId).unitPrice.sellingPriceIncVat).toBe(149);
      expect(shown(fixed.productId).skus[0]!.price.sellingPriceIncVat).toBe(149);

      const { id } = await cart.add('', percent.skuId, 2);
      const answer = await cart.add(id, fixed.skuId, 1);
      expect(lineOf(answer, percent.skuId).unitPrice).toMatchObject({ regularPriceIncVat: 449, sellingPriceIncVat: 359 });
      expect(lineOf(answer, percent.skuId).campaign).toEqual({ appliedCampaigns: [SUMMER_SALE], prices: [{ price: 359, quantity: 2 }] });
      expect(lineOf(answer, fixed.skuId).unitPrice).toMatchObject({ regularPriceIncVat: 199.5, sellingPriceIncVat: 149 });
      expect(lineOf(answer, fixed.skuId).campaign?.appliedCampaigns).toEqual([ACCESSORIES_FIXED]);
      expect(answer.summary.subTotal.sellingPriceIncVat).toBe(867);
    });

    it('answers no campaign for a line at its regular price', async () => {
      const plain = await createSku(db, { priceMinor: 10_000 });
      const answer = await cart.add('', plain.skuId, 1);
      expect(answer.items[0]!.campaign).toBeNull();
      expect(answer.appliedCampaigns).toEqual([]);
      expect(answer.summary.total.isDiscounted).toBe(false);
    });
  });

  describe('buy 3, pay for 2', () => {
    it('makes the cheapest unit of every three in the campaign free, across lines', async () => {
      const cheap = await createSku(db, { priceMinor: 10_000, campaignIds: [3] });
      const middle = await createSku(db, { priceMinor: 20_000, campaignIds: [3] });
      const dear = await createSku(db, { priceMinor: 30_000, campaignIds: [3] });
      const { id } = await cart.add('', cheap.skuId, 1);
      const two = await cart.add(id, middle.skuId, 1);
      expect(two.items.every((i) => i.campaign === null)).toBe(true);
      expect(two.summary.subTotal.sellingPriceIncVat).toBe(300);

      const three = await cart.add(id, dear.skuId, 1);
      expect(lineOf(three, cheap.skuId).campaign).toEqual({ appliedCampaigns: [BUY_3_PAY_2], prices: [{ price: 0, quantity: 1 }] });
      expect(lineOf(three, cheap.skuId).totalPrice).toMatchObject({ regularPriceIncVat: 100, sellingPriceIncVat: 0, isDiscounted: true });
      expect(lineOf(three, middle.skuId).campaign).toBeNull();
      expect(lineOf(three, dear.skuId).campaign).toBeNull();
      expect(three.appliedCampaigns).toEqual([BUY_3_PAY_2, FREE_SHIPPING]);
      expect(three.summary.subTotal).toMatchObject({ regularPriceIncVat: 600, sellingPriceIncVat: 500 });
      expect(three.summary.total).toMatchObject({ isDiscounted: true, discountIncVat: 100, discountExVat: 80 });

      // Six units: the two cheapest (100 and 200) are free.
      const six = await cart.update(id, dear.skuId, 4);
      expect(lineOf(six, cheap.skuId).campaign?.prices).toEqual([{ price: 0, quantity: 1 }]);
      expect(lineOf(six, middle.skuId).campaign?.prices).toEqual([{ price: 0, quantity: 1 }]);
      expect(lineOf(six, dear.skuId).totalPrice.sellingPriceIncVat).toBe(1200);
      expect(six.summary.subTotal.sellingPriceIncVat).toBe(1200);

      // Seven units: still two free, now both of the cheapest line.
      const seven = await cart.update(id, cheap.skuId, 2);
      expect(lineOf(seven, cheap.skuId).campaign?.prices).toEqual([{ price: 0, quantity: 2 }]);
      expect(lineOf(seven, middle.skuId).campaign).toBeNull();
      expect(seven.summary.subTotal.sellingPriceIncVat).toBe(1400);
    });

    it('splits one line into paid and free units, and ignores products outside the campaign', async () => {
      const member = await createSku(db, { priceMinor: 15_000, campaignIds: [3] });
      const outsider = await createSku(db, { priceMinor: 5_000 });
      const alone = await cart.add('', member.skuId, 3);
      expect(alone.items[0]!.campaign).toEqual({ appliedCampaigns: [BUY_3_PAY_2], prices: [{ price: 150, quantity: 2 }, { price: 0, quantity: 1 }] });
      expect(alone.items[0]!.totalPrice.sellingPriceIncVat).toBe(300);

      const { id } = await cart.add('', member.skuId, 2);
      const mixed = await cart.add(id, outsider.skuId, 1);
      expect(mixed.items.every((i) => i.campaign === null)).toBe(true);
      expect(mixed.summary.subTotal.sellingPriceIncVat).toBe(350);
    });

    it('applies to the seeded handheld games', async () => {
      const [seeded] = await db.query<{ sku_id: number; selling_price_minor: number }>(
        `SELECT s.sku_id, sp.selling_price_minor FROM skus s JOIN sku_prices sp USING (sku_id)
         JOIN product_discount_campaigns pdc ON pdc.product_id = s.product_id AND pdc.campaign_id = 3
         WHERE s.is_static OR s.oversellable OR s.stock >= 3 ORDER BY s.sku_id LIMIT 1`,
      );
      const answer = await cart.add('', seeded!.sku_id, 3);
      expect(answer.items[0]!.quantity).toBe(3);
      expect(answer.items[0]!.totalPrice.sellingPriceIncVat).toBe((seeded!.selling_price_minor * 2) / 100);
      expect(answer.items[0]!.campaign?.appliedCampaigns).toContainEqual(BUY_3_PAY_2);
      expect(answer.appliedCampaigns).toContainEqual(BUY_3_PAY_2);
    });
  });

  describe('shipping', () => {
    it('charges 49 kr below the free-shipping threshold and says how much is left, then ships free from 499 kr', async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      const one = await cart.add('', sku.skuId, 1);
      expect(one.summary.shipping).toEqual({
        amountLeftToFreeShipping: 399,
        amountLeftToFreeShippingFormatted: formatMoney(39_900, 'sv'),
        // Shown to shoppers who see prices ex VAT: the goods are at 25 %.
        amountLeftToFreeShippingExVat: 319.2,
        amountLeftToFreeShippingExVatFormatted: formatMoney(31_920, 'sv'),
        feeExVat: 39.2,
        feeIncVat: 49,
        feeIncVatFormatted: formatMoney(4_900, 'sv'),
        shippingFeeIncVat: 49,
        isDefault: true,
      });
      expect(one.summary.subTotal).toMatchObject({ sellingPriceIncVat: 100, sellingPriceExVat: 80, vat: 20, sellingPriceIncVatFormatted: formatMoney(10_000, 'sv') });
      expect(one.summary.total).toEqual({
        isDiscounted: false,
        sellingPriceIncVat: 149,
        sellingPriceExVat: 119.2,
        sellingPriceIncVatFormatted: formatMoney(14_900, 'sv'),
        sellingPriceExVatFormatted: formatMoney(11_920, 'sv'),
        discountIncVat: 0,
        discountExVat: 0,
        discountIncVatFormatted: formatMoney(0, 'sv'),
        discountExVatFormatted: formatMoney(0, 'sv'),
        savingIncVat: 0,
        savingExVat: 0,
        savingIncVatFormatted: formatMoney(0, 'sv'),
        savingExVatFormatted: formatMoney(0, 'sv'),
        vat: 29.8,
        vatFormatted: formatMoney(2_980, 'sv'),
      });
      expect(one.appliedCampaigns).toEqual([]);

      const five = await cart.update(one.id, sku.skuId, 5);
      expect(five.summary.shipping).toMatchObject({ amountLeftToFreeShipping: 0, amountLeftToFreeShippingExVat: 0, feeIncVat: 0, feeExVat: 0, shippingFeeIncVat: 0 });
      expect(five.summary.total).toMatchObject({ sellingPriceIncVat: 500, sellingPriceExVat: 400, vat: 100 });
      expect(five.appliedCampaigns).toEqual([FREE_SHIPPING]);

      const english = await cart.get(one.id, { languageId: 'en' });
      expect(english.appliedCampaigns.map((c) => c.name)).toEqual(['Free shipping over SEK 499']);
      const back = await cart.update(one.id, sku.skuId, 2, { languageId: 'en' });
      expect(back.summary.shipping.amountLeftToFreeShippingFormatted).toBe(formatMoney(29_900, 'en'));
      expect(back.summary.shipping.amountLeftToFreeShippingExVatFormatted).toBe(formatMoney(23_920, 'en'));
      expect(back.summary.shipping.feeIncVatFormatted).toBe(formatMoney(4_900, 'en'));
    });

    it("tells the amount left ex VAT in the proportion of the goods' own VAT rates", async () => {
      const food = await createSku(db, { priceMinor: 10_000 });
      await db.query('UPDATE products SET vat_rate = 12 WHERE product_id = $1', [food.productId]);
      const game = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', food.skuId, 1);
      const mixed = await cart.add(id, game.skuId, 1);
      // 100 kr at 12 % is 89,29 kr ex VAT and 100 kr at 25 % is 80 kr: 169,29 of 200 kr, so 299 kr left is 253,09 kr.
      expect(mixed.summary.subTotal.sellingPriceExVat).toBe(169.29);
      expect(mixed.summary.shipping).toMatchObject({ amountLeftToFreeShipping: 299, amountLeftToFreeShippingExVat: 253.09 });
    });

    it('ships free at exactly the threshold, and an empty cart ships nothing', async () => {
      const sku = await createSku(db, { priceMinor: 49_900 });
      const exact = await cart.add('', sku.skuId, 1);
      expect(exact.summary.shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 0 });
      const empty = await cart.get('no-such-cart-id-at-all');
      expect(empty.summary.shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 499, amountLeftToFreeShippingExVat: 399.2 });
      expect(empty.summary.total.sellingPriceIncVat).toBe(0);
    });
  });

  describe('promo codes', () => {
    it('refuses an unknown code with PROMO_CODE_INVALID and stores nothing', async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', sku.skuId, 1);
      const answer = await cart.promo(id, 'FINNSINTE');
      expect(answer.promoCode).toBeNull();
      expect(answer.warnings).toEqual([{ code: 'PROMO_CODE_INVALID', message: 'Koden är ej giltig', skuId: null }]);
      expect(answer.summary.fixedAmountDiscountIncVat).toBe(0);
      const english = await cart.promo(id, 'FINNSINTE', { languageId: 'en' });
      expect(english.warnings.map((w) => w.message)).toEqual(['The code is not valid']);
    });

    it('tells a gift card that expired or ran out, typed as a discount code, as a gift card that cannot be used', async () => {
      // The cart's one code field sends every code here first, and tries it as a gift card only after this refusal.
      const sku = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', sku.skuId, 1);
      const suffix = randomUUID().slice(0, 8).toUpperCase();
      const [expired, spent, good] = [`UTGANGET${suffix}`, `TOMT${suffix}`, `GOTT${suffix}`];
      await db.query(
        `INSERT INTO gift_cards (code, initial_minor, balance_minor, expires_at) VALUES ($1, 5000, 5000, now() - interval '1 day'), ($2, 5000, 0, NULL), ($3, 5000, 5000, NULL)`,
        [expired, spent, good],
      );
      for (const code of [expired, spent.toLowerCase()]) {
        const answer = await cart.promo(id, code);
        expect(answer.promoCode).toBeNull();
        expect(answer.warnings).toEqual([{ code: 'PROMO_CODE_INVALID', message: 'Presentkortet är ogiltigt eller förbrukat', skuId: null }]);
        expect((await cart.promo(id, code, { languageId: 'en' })).warnings.map((w) => w.message)).toEqual(['The gift card is not valid or has no balance left']);
      }
      // A card that can be spent is no promo code either, and says nothing of itself here (the gift card call takes it).
      expect((await cart.promo(id, good)).warnings.map((w) => w.message)).toEqual(['Koden är ej giltig']);
    });

    it('stores a fixed-amount code only from its minimum order, and drops it with a warning when the cart falls below', async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', sku.skuId, 1);
      const tooSmall = await cart.promo(id, 'SPARA100');
      expect(tooSmall.promoCode).toBeNull();
      expect(tooSmall.warnings).toEqual([{ code: 'PROMO_CODE_REQUIREMENTS_NOT_MET', message: 'Du har inte uppfyllt kraven för denna kod', skuId: null }]);
      const english = await cart.promo(id, 'SPARA100', { languageId: 'en' });
      expect(english.warnings.map((w) => w.message)).toEqual(['You have not met the requirements for this code']);

      await cart.update(id, sku.skuId, 7);
      const stored = await cart.promo(id, ' spara100 ');
      expect(stored.promoCode).toBe('SPARA100');
      expect(stored.warnings).toEqual([]);
      expect(stored.summary).toMatchObject({ fixedAmountDiscountIncVat: 100, fixedAmountDiscountExVat: 80 });
      expect(stored.summary.subTotal.sellingPriceIncVat).toBe(700);
      expect(stored.summary.total).toMatchObject({
        isDiscounted: true,
        discountIncVat: 100,
        discountExVat: 80,
        discountIncVatFormatted: formatMoney(10_000, 'sv'),
        sellingPriceIncVat: 600,
        sellingPriceExVat: 480,
        vat: 120,
      });
      expect(stored.summary.shipping.feeIncVat).toBe(0);
      // 600 kr still ships free: the code saves all it takes off.
      expect(stored.summary).toMatchObject({ promoCodeShippingFeeIncVat: 0, promoCodeNetSavingIncVat: 100, promoCodeNetSavingExVat: 80 });
      expect(stored.summary.total).toMatchObject({ savingIncVat: 100, savingIncVatFormatted: formatMoney(10_000, 'sv') });
      expect((await cart.get(id)).promoCode).toBe('SPARA100');

      // A wrong code keeps the one that works.
      const wrong = await cart.promo(id, 'FINNSINTE');
      expect(wrong.promoCode).toBe('SPARA100');
      expect(wrong.warnings.map((w) => w.code)).toEqual(['PROMO_CODE_INVALID']);

      const fallen = await cart.update(id, sku.skuId, 5);
      expect(fallen.promoCode).toBeNull();
      expect(fallen.warnings).toEqual([{ code: 'PROMO_CODE_REQUIREMENTS_NOT_MET', message: 'Du har inte uppfyllt kraven för denna kod', skuId: null }]);
      expect(fallen.summary.fixedAmountDiscountIncVat).toBe(0);
      expect(fallen.summary.total.sellingPriceIncVat).toBe(500);
      expect((await cart.get(id)).warnings).toEqual([]);
    });

    it('takes a percentage off the goods, shipping counted after the code, and an empty code removes it', async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', sku.skuId, 5);
      const answer = await cart.promo(id, 'retro10');
      expect(answer.promoCode).toBe('RETRO10');
      expect(answer.summary.fixedAmountDiscountIncVat).toBe(50);
      expect(answer.summary.fixedAmountDiscountExVat).toBe(40);
      // 500 − 50 = 450 is below 499: shipping is charged again, so the code saves 1 kr on the order, not 50.
      expect(answer.summary.shipping).toMatchObject({ feeIncVat: 49, amountLeftToFreeShipping: 49 });
      expect(answer.summary.total).toMatchObject({ sellingPriceIncVat: 499, discountIncVat: 50, savingIncVat: 1, savingExVat: 0.8 });
      expect(answer.summary).toMatchObject({
        promoCodeShippingFeeIncVat: 49,
        promoCodeShippingFeeExVat: 39.2,
        promoCodeNetSavingIncVat: 1,
        promoCodeNetSavingExVat: 0.8,
      });
      const removed = await cart.promo(id, '');
      expect(removed.promoCode).toBeNull();
      expect(removed.warnings).toEqual([]);
      expect(removed.summary.total.sellingPriceIncVat).toBe(500);
    });

    it('says when a code costs more in shipping than it takes off, and counts campaigns in the saving in full', async () => {
      const code = `TEST${randomUUID().slice(0, 8).toUpperCase()}`;
      await db.query(`INSERT INTO promo_codes (code, type, value) VALUES ($1, 'FIXED', 1000)`, [code]);
      // 2 × 260 kr in the summer sale (20 % off) is 2 × 208 = 416 kr: below 499 kr with or without the code.
      const sale = await createSku(db, { priceMinor: 26_000, campaignIds: [1] });
      const { id } = await cart.add('', sale.skuId, 2);
      const below = await cart.promo(id, code);
      expect(below.summary).toMatchObject({ promoCodeShippingFeeIncVat: 0, promoCodeNetSavingIncVat: 10 });
      expect(below.summary.total).toMatchObject({ discountIncVat: 114, savingIncVat: 114 });
      // + 90 kr is 506 kr, which ships free; the 10 kr code takes it to 496 kr and brings back 49 kr of shipping.
      const plain = await createSku(db, { priceMinor: 9_000 });
      const dearer = await cart.add(id, plain.skuId, 1);
      expect(dearer.summary.subTotal.sellingPriceIncVat).toBe(506);
      expect(dearer.summary.shipping.feeIncVat).toBe(49);
      expect(dearer.summary).toMatchObject({ promoCodeShippingFeeIncVat: 49, promoCodeShippingFeeExVat: 39.2, promoCodeNetSavingIncVat: -39, promoCodeNetSavingExVat: -31.2 });
      expect(dearer.summary.total).toMatchObject({ discountIncVat: 114, savingIncVat: 65, savingIncVatFormatted: formatMoney(6_500, 'sv') });
      // 596 kr less 10 kr still ships free: the code saves all it takes off again.
      const free = await cart.update(id, plain.skuId, 2);
      expect(free.summary).toMatchObject({ promoCodeShippingFeeIncVat: 0, promoCodeNetSavingIncVat: 10 });
      expect(free.summary.total).toMatchObject({ discountIncVat: 114, savingIncVat: 114 });
    });

    it('drops a stored code once it has ended, with PROMO_CODE_INVALID', async () => {
      const code = `TEST${randomUUID().slice(0, 8).toUpperCase()}`;
      await db.query(`INSERT INTO promo_codes (code, type, value, ends_at) VALUES ($1, 'PERCENT', 5, now() + interval '1 day')`, [code]);
      const sku = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', sku.skuId, 1);
      expect((await cart.promo(id, code.toLowerCase())).promoCode).toBe(code);
      await db.query(`UPDATE promo_codes SET ends_at = now() - interval '1 minute' WHERE code = $1`, [code]);
      const read = await cart.get(id, { languageId: 'en' });
      expect(read.promoCode).toBeNull();
      expect(read.warnings).toEqual([{ code: 'PROMO_CODE_INVALID', message: 'The code is not valid', skuId: null }]);
    });

    it('applies a promo-code mutation once per idempotency key', async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      const { id } = await cart.add('', sku.skuId, 1);
      const key = randomUUID();
      expect((await cart.promo(id, 'RETRO10', { key })).promoCode).toBe('RETRO10');
      await cart.promo(id, '');
      const replay = await cart.promo(id, 'RETRO10', { key });
      expect(replay.promoCode).toBeNull();
    });
  });
});
