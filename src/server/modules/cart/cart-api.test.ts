import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import { testDbKinds } from '../../testing/db';
import { cartCalls, openCartApp, createSku, setPrice, setStock, type CartResult, type TestApp } from './cart-test-kit';
import { MAX_CART_LINES } from './stock-rules';

const CART_ID = /^[A-Za-z0-9_-]{22}$/;

describe.each(testDbKinds())('cart API: ids, stock, warnings and idempotency on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const cart = cartCalls(() => app);
  openCartApp(kind, (openedDb, openedApp) => {
    db = openedDb;
    app = openedApp;
  });

  describe('cart ids', () => {
    it("hands out no id for a cart that does not exist: unknown, malformed and empty ids answer an empty cart with id ''", async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      for (const asked of ['A'.repeat(22), 'not a cart id', '']) {
        const empty = await cart.get(asked);
        expect(empty).toMatchObject({ id: '', items: [], warnings: [], promoCode: null });
        // The id the shopper asked with does not become a cart: adding with it starts one under the server's own id.
        const started = await cart.add(asked, sku.skuId, 1);
        expect(started.id).toMatch(CART_ID);
        expect(started.id).not.toBe(asked);
        expect((await cart.get(asked)).id).toBe('');
        expect((await cart.get(started.id)).items.map((i) => i.skuId)).toEqual([sku.skuId]);
      }
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM carts WHERE cart_id = ANY($1::text[])`, [['A'.repeat(22), 'not a cart id', '']]);
      expect(row!.n).toBe(0);
    });

    it('starts a new cart for an empty, malformed or unknown id in a mutation, and keeps using it', async () => {
      const sku = await createSku(db, { priceMinor: 10_000 });
      const ids = new Set<string>();
      for (const id of ['', 'not a cart id; DROP TABLE carts', 'B'.repeat(22)]) {
        const created = await cart.add(id, sku.skuId, 1);
        expect(created.id).toMatch(CART_ID);
        expect(created.id).not.toBe(id);
        expect(created.items.map((i) => [i.skuId, i.quantity])).toEqual([[sku.skuId, 1]]);
        ids.add(created.id);
        const again = await cart.add(created.id, sku.skuId, 2);
        expect(again.id).toBe(created.id);
        expect(again.items[0]!.quantity).toBe(3);
        expect((await cart.get(created.id)).items[0]!.quantity).toBe(3);
      }
      expect(ids.size).toBe(3);
    });
  });

  describe('input', () => {
    it('rejects quantities outside 1–999 (0–999 to update), unknown SKUs and malformed keys with clear errors', async () => {
      const sku = await createSku(db, { priceMinor: 1_000, isStatic: true });
      const { id } = await cart.add('', sku.skuId, 1);
      const cases = [
        [await cart.addRaw(id, sku.skuId, 0), /item\.quantity: quantity must be a whole number from 1 to 999/],
        [await cart.addRaw(id, sku.skuId, -2), /from 1 to 999/],
        [await cart.addRaw(id, sku.skuId, 1000), /from 1 to 999/],
        [await cart.updateRaw(id, sku.skuId, -1), /item\.quantity: quantity must be a whole number from 0 to 999/],
        [await cart.updateRaw(id, sku.skuId, 1000), /from 0 to 999/],
        [await cart.addRaw(id, 0, 1), /skuId must be a positive integer/],
        [await cart.addRaw(id, 987_654_321, 1), /There is no SKU with id 987654321/],
        [await cart.updateRaw(id, 987_654_321, 1), /There is no SKU with id 987654321/],
        [await cart.addRaw(id, sku.skuId, 1, { key: 'short' }), /idempotencyKey must be a UUID v4 or 22 to 128 base64url characters/],
        // 16 visible characters, or 21 base64url ones, are fewer than 128 bits; a time-based UUID is guessable.
        [await cart.addRaw(id, sku.skuId, 1, { key: 'abcdefghijklmnop' }), /idempotencyKey must be a UUID v4/],
        [await cart.addRaw(id, sku.skuId, 1, { key: 'A'.repeat(21) }), /idempotencyKey must be a UUID v4/],
        [await cart.addRaw(id, sku.skuId, 1, { key: '6ba7b810-9dad-11d1-80b4-00c04fd430c8' }), /idempotencyKey must be a UUID v4/],
        [await cart.updateRaw(id, sku.skuId, 1, { key: 'x'.repeat(129) }), /idempotencyKey must be a UUID v4/],
        [await cart.promoRaw(id, 'X'.repeat(65)), /promoCode must be at most 64 characters/],
      ] as const;
      for (const [answer, message] of cases) {
        expect(answer.body.data ?? null).toBeNull();
        expect(answer.body.errors?.[0]?.message).toMatch(message);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }
      const line = await cart.add(id, sku.skuId, 998);
      expect(line.items[0]!.quantity).toBe(999);
      const over = await cart.addRaw(id, sku.skuId, 1);
      expect(over.body.errors?.[0]?.message).toMatch(/at most 999; this one has 999, so at most 0 more/);
      expect((await cart.get(id)).items[0]!.quantity).toBe(999);
    });

    it(`holds at most ${MAX_CART_LINES} lines: another SKU is refused, more of one already there is not`, async () => {
      const skus = [];
      for (let i = 0; i <= MAX_CART_LINES; i++) skus.push(await createSku(db, { priceMinor: 1_000, isStatic: true }));
      const [first, ...rest] = skus;
      const { id } = await cart.add('', first!.skuId, 1);
      // The other lines straight into the table: a hundred API calls would only be slower.
      await db.query(
        `INSERT INTO cart_items (cart_id, sku_id, quantity, unit_price_minor, seen_stock)
         SELECT $1, sku_id, 1, price_minor, stock FROM skus WHERE sku_id = ANY($2::int[])`,
        [id, rest.slice(0, MAX_CART_LINES - 1).map((s) => s.skuId)],
      );
      expect((await cart.get(id)).items).toHaveLength(MAX_CART_LINES);
      const extra = skus[MAX_CART_LINES]!.skuId;
      for (const answer of [await cart.addRaw(id, extra, 1), await cart.updateRaw(id, extra, 1)]) {
        expect(answer.body.errors?.[0]?.message).toBe(`A cart holds at most ${MAX_CART_LINES} different items; remove one to add another`);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }
      const [stored] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1', [id]);
      expect(stored!.n).toBe(MAX_CART_LINES);
      expect((await cart.add(id, first!.skuId, 2)).items[0]!.quantity).toBe(3);
      await cart.update(id, first!.skuId, 0);
      expect((await cart.add(id, extra, 1)).items).toHaveLength(MAX_CART_LINES);
    });

    it('sets a line with updateCartItem and removes it with 0', async () => {
      const a = await createSku(db, { priceMinor: 10_000 });
      const b = await createSku(db, { priceMinor: 20_000 });
      const { id } = await cart.add('', a.skuId, 1);
      await cart.add(id, b.skuId, 1);
      const updated = await cart.update(id, a.skuId, 4);
      expect(updated.items.map((i) => [i.skuId, i.quantity])).toEqual([[a.skuId, 4], [b.skuId, 1]]);
      expect(updated.items[0]!.totalPrice.sellingPriceIncVat).toBe(400);
      const removed = await cart.update(id, a.skuId, 0);
      expect(removed.items.map((i) => i.skuId)).toEqual([b.skuId]);
      expect(removed.warnings).toEqual([]);
      expect((await cart.get(id)).items.map((i) => i.skuId)).toEqual([b.skuId]);
    });
  });

  describe('stock', () => {
    it('caps at stock with STOCK_LIMIT, then refuses more with ALREADY_AT_STOCK (spec texts)', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 3 });
      const start = await cart.add('', sku.skuId, 2);
      expect(start.warnings).toEqual([]);
      const capped = await cart.add(start.id, sku.skuId, 2);
      expect(capped.items[0]!.quantity).toBe(3);
      expect(capped.warnings).toEqual([
        { code: 'STOCK_LIMIT', message: 'Du kan tyvärr inte lägga fler i varukorgen. Endast 3 kvar på lager', skuId: sku.skuId },
      ]);
      const full = await cart.add(start.id, sku.skuId, 1);
      expect(full.items[0]!.quantity).toBe(3);
      expect(full.warnings).toEqual([
        { code: 'ALREADY_AT_STOCK', message: 'Du kan inte addera flera då du redan har 3 i varukorgen', skuId: sku.skuId },
      ]);
      const fresh = await cart.add('', sku.skuId, 7);
      expect(fresh.items[0]!.quantity).toBe(3);
      expect(fresh.warnings.map((w) => w.code)).toEqual(['STOCK_LIMIT']);
    });

    it('caps updateCartItem at stock the same way', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 2 });
      const { id } = await cart.add('', sku.skuId, 1);
      const capped = await cart.update(id, sku.skuId, 5);
      expect(capped.items[0]!.quantity).toBe(2);
      expect(capped.warnings).toEqual([
        { code: 'STOCK_LIMIT', message: 'Du kan tyvärr inte lägga fler i varukorgen. Endast 2 kvar på lager', skuId: sku.skuId },
      ]);
      const full = await cart.update(id, sku.skuId, 3);
      expect(full.items[0]!.quantity).toBe(2);
      expect(full.warnings.map((w) => w.message)).toEqual(['Du kan inte addera flera då du redan har 2 i varukorgen']);
      expect((await cart.update(id, sku.skuId, 1)).items[0]!.quantity).toBe(1);
    });

    it('adds nothing of a SKU that is out of stock and not oversellable', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 0 });
      const answer = await cart.add('', sku.skuId, 1);
      expect(answer.items).toEqual([]);
      expect(answer.warnings).toEqual([
        { code: 'STOCK_LIMIT', message: `Tyvärr är ${sku.sv} slut i lager och kunde inte läggas i varukorgen`, skuId: sku.skuId },
      ]);
      const viaUpdate = await cart.update(answer.id, sku.skuId, 2);
      expect(viaUpdate.items).toEqual([]);
      expect(viaUpdate.warnings.map((w) => w.code)).toEqual(['STOCK_LIMIT']);
    });

    it('sells an oversellable SKU beyond stock and says delivery may take longer', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 1, oversellable: true });
      const within = await cart.add('', sku.skuId, 1);
      expect(within.warnings).toEqual([]);
      const beyond = await cart.add(within.id, sku.skuId, 4);
      expect(beyond.items[0]!.quantity).toBe(5);
      expect(beyond.warnings).toEqual([
        { code: 'OVERSELL_DELIVERY', message: `Vi har inte så många av ${sku.sv} i lager just nu, så leveranstiden kan påverkas`, skuId: sku.skuId },
      ]);
      expect((await cart.get(within.id)).warnings).toEqual([]);
    });

    it('counts the units of each line beyond stock of an oversellable SKU as pre-ordered, and no others', async () => {
      const partly = await createSku(db, { priceMinor: 10_000, stock: 2, oversellable: true });
      const preOrder = await createSku(db, { priceMinor: 10_000, stock: 0, oversellable: true });
      const shelf = await createSku(db, { priceMinor: 10_000, stock: 5, oversellable: true });
      const made = await createSku(db, { priceMinor: 1_000, stock: 0, isStatic: true });
      const { id } = await cart.add('', partly.skuId, 3);
      await cart.add(id, preOrder.skuId, 2);
      await cart.add(id, shelf.skuId, 5);
      const answer = await cart.add(id, made.skuId, 4);
      const backordered = (c: CartResult) => c.items.map((i) => [i.skuId, i.backorderedQuantity]);
      expect(backordered(answer)).toEqual([[partly.skuId, 1], [preOrder.skuId, 2], [shelf.skuId, 0], [made.skuId, 0]]);
      // Stock that arrives covers the line again.
      await setStock(db, partly.skuId, 3);
      expect(backordered(await cart.get(id))[0]).toEqual([partly.skuId, 0]);
    });

    it('never limits a static SKU', async () => {
      const sku = await createSku(db, { priceMinor: 1_000, stock: 0, isStatic: true });
      const answer = await cart.add('', sku.skuId, 250);
      expect(answer.items[0]!.quantity).toBe(250);
      expect(answer.warnings).toEqual([]);
    });
  });

  describe('warnings on read', () => {
    it('says PRICE_CHANGED once when the selling price moved, and prices the cart anew', async () => {
      const sku = await createSku(db, { priceMinor: 20_000 });
      const { id } = await cart.add('', sku.skuId, 2);
      await setPrice(db, sku.skuId, 25_000);
      const read = await cart.get(id);
      expect(read.warnings).toEqual([
        { code: 'PRICE_CHANGED', message: `Priset på ${sku.sv} har ändrats från ${formatMoney(20_000, 'sv')} till ${formatMoney(25_000, 'sv')}`, skuId: sku.skuId },
      ]);
      expect(read.items[0]!.unitPrice.sellingPriceIncVat).toBe(250);
      expect(read.items[0]!.totalPrice.sellingPriceIncVat).toBe(500);
      expect((await cart.get(id)).warnings).toEqual([]);
      // A mutation tells it too, beside its own outcome.
      await setPrice(db, sku.skuId, 19_900);
      const viaMutation = await cart.add(id, sku.skuId, 1);
      expect(viaMutation.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
      expect(viaMutation.items[0]!.quantity).toBe(3);
      expect((await cart.get(id)).warnings).toEqual([]);
    });

    it('lowers a line to a fallen stock with STOCK_CHANGED, and removes it with ITEM_REMOVED at 0', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const other = await createSku(db, { priceMinor: 10_000, stock: 5 });
      const { id } = await cart.add('', sku.skuId, 4);
      await cart.add(id, other.skuId, 1);
      await setStock(db, sku.skuId, 2);
      const lowered = await cart.get(id);
      expect(lowered.items.map((i) => [i.skuId, i.quantity])).toEqual([[sku.skuId, 2], [other.skuId, 1]]);
      expect(lowered.warnings).toEqual([
        { code: 'STOCK_CHANGED', message: `Endast 2 av ${sku.sv} kvar på lager. Antalet i varukorgen har ändrats till 2`, skuId: sku.skuId },
      ]);
      expect((await cart.get(id)).warnings).toEqual([]);
      await setStock(db, sku.skuId, 0);
      const removed = await cart.get(id);
      expect(removed.items.map((i) => i.skuId)).toEqual([other.skuId]);
      expect(removed.warnings).toEqual([
        { code: 'ITEM_REMOVED', message: `${sku.sv} är slut i lager och har tagits bort från varukorgen`, skuId: sku.skuId },
      ]);
      expect((await cart.get(id)).warnings).toEqual([]);
    });

    it('keeps an oversellable line whose stock fell and says once that delivery may take longer', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 5, oversellable: true });
      const { id } = await cart.add('', sku.skuId, 4);
      await setStock(db, sku.skuId, 1);
      const read = await cart.get(id);
      expect(read.items[0]!.quantity).toBe(4);
      expect(read.warnings.map((w) => w.code)).toEqual(['OVERSELL_DELIVERY']);
      expect((await cart.get(id)).warnings).toEqual([]);
    });
  });

  describe('English', () => {
    it('tells every stock and price warning in English for languageId en or the English channel', async () => {
      const few = await createSku(db, { priceMinor: 10_000, stock: 2 });
      const none = await createSku(db, { priceMinor: 10_000, stock: 0 });
      const over = await createSku(db, { priceMinor: 10_000, stock: 0, oversellable: true });
      const en = { languageId: 'en' };
      const { id } = await cart.add('', few.skuId, 3, en);
      const messages = async (answer: Promise<{ warnings: { message: string }[] }>) => (await answer).warnings.map((w) => w.message);
      expect(await messages(cart.get(id))).toEqual([]);
      expect(await messages(cart.add(id, few.skuId, 1, en))).toEqual(['You cannot add more as you already have 2 in the cart']);
      expect(await messages(cart.update(id, few.skuId, 1, en))).toEqual([]);
      expect(await messages(cart.add(id, few.skuId, 5, { channelId: '2|en' }))).toEqual([
        'Sorry, you cannot add more to the cart. Only 2 left in stock',
      ]);
      expect(await messages(cart.add(id, none.skuId, 1, en))).toEqual([`Sorry, ${none.en} is out of stock and could not be added to the cart`]);
      expect(await messages(cart.add(id, over.skuId, 1, en))).toEqual([
        `We do not have that many of ${over.en} in stock right now, so delivery may take longer`,
      ]);
      await setPrice(db, few.skuId, 12_000);
      expect(await messages(cart.get(id, en))).toEqual([
        `The price of ${few.en} has changed from ${formatMoney(10_000, 'en')} to ${formatMoney(12_000, 'en')}`,
      ]);
      await setStock(db, few.skuId, 1);
      expect(await messages(cart.get(id, en))).toEqual([
        `Only 1 of ${few.en} left in stock. The quantity in your cart has been changed to 1`,
      ]);
      await setStock(db, few.skuId, 0);
      expect(await messages(cart.get(id, en))).toEqual([`${few.en} is out of stock and has been removed from your cart`]);
    });
  });

  describe('idempotency', () => {
    it('applies a key once however often it is replayed, and a replay answers the current cart', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 500 });
      const { id } = await cart.add('', sku.skuId, 1);
      const key = randomUUID();
      for (let i = 0; i < 10; i++) {
        const answer = await cart.add(id, sku.skuId, 2, { key });
        expect(answer.id).toBe(id);
        expect(answer.items[0]!.quantity).toBe(3);
      }
      await cart.update(id, sku.skuId, 7);
      const replay = await cart.add(id, sku.skuId, 2, { key });
      expect(replay.items[0]!.quantity).toBe(7);
      const updateKey = randomUUID();
      for (let i = 0; i < 3; i++) expect((await cart.update(id, sku.skuId, 0, { key: updateKey })).items).toEqual([]);
      await cart.add(id, sku.skuId, 1);
      expect((await cart.update(id, sku.skuId, 0, { key: updateKey })).items[0]!.quantity).toBe(1);
    });

    it('changes the cart once for ten concurrent requests with the same key', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 500 });
      const { id } = await cart.add('', sku.skuId, 1);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => cart.add(id, sku.skuId, 1, { key })));
      expect(answers.every((a) => a.id === id)).toBe(true);
      expect((await cart.get(id)).items[0]!.quantity).toBe(2);
      // Concurrent requests with their own keys all count, one after the other.
      await Promise.all(Array.from({ length: 10 }, () => cart.add(id, sku.skuId, 1, { key: randomUUID() })));
      expect((await cart.get(id)).items[0]!.quantity).toBe(12);
    });

    it('never leads a key to the cart it started: with an empty, made-up or another cart id it starts or changes only that cart', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 500 });
      const key = randomUUID();
      const original = await cart.add('', sku.skuId, 2, { key });
      const other = await cart.add('', sku.skuId, 1);
      for (const id of ['', 'B'.repeat(22), 'not a cart id', other.id]) {
        const replay = await cart.add(id, sku.skuId, 1, { key });
        expect(replay.id, id).not.toBe(original.id);
        expect(replay.id, id).toMatch(id === other.id ? other.id : CART_ID);
      }
      // The other cart took the key as a new one; each made-up id started a cart of its own.
      expect((await cart.get(other.id)).items[0]!.quantity).toBe(2);
      const started = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM cart_idempotency_keys WHERE idempotency_key = $1 AND cart_id <> ALL($2::text[])',
        [key, [original.id, other.id]],
      );
      expect(started[0]!.n).toBe(3);
      // Concurrent requests without an id never meet in one cart either.
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => cart.add('', sku.skuId, 1, { key })));
      expect(new Set([original.id, ...concurrent.map((a) => a.id)]).size).toBe(6);
      // With its own cart, the key is still a replay that changes nothing.
      expect((await cart.add(original.id, sku.skuId, 1, { key })).items[0]!.quantity).toBe(2);
      expect((await cart.get(original.id)).items[0]!.quantity).toBe(2);
    });

    it('scopes keys to their cart', async () => {
      const sku = await createSku(db, { priceMinor: 10_000, stock: 500 });
      const first = await cart.add('', sku.skuId, 1);
      const second = await cart.add('', sku.skuId, 1);
      const key = randomUUID();
      expect((await cart.add(first.id, sku.skuId, 1, { key })).items[0]!.quantity).toBe(2);
      expect((await cart.add(second.id, sku.skuId, 1, { key })).items[0]!.quantity).toBe(2);
    });
  });
});
